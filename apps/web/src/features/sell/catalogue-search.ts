import type { AdditionalChargeListItem, PricingCharge, PricingTax, SyncCategory, SyncProduct, SyncVariant, TaxListItem } from '@tillbook/contract';
import { isSellable, tokensOf, toSyncProduct, type CatalogueDb, type StoredProduct } from './catalogue-db.ts';
import type { LocalCatalogue } from './local-catalogue-types.ts';

const DEFAULT_LIMIT = 40;
/**
 * Up to this many products matching a typed word are read and sorted. Beyond it the word is
 * common (one or two letters at 300k products): the alphabetical index is walked instead, where
 * matches come often, so a screenful is found after a few thousand products.
 */
const MAX_CANDIDATES = 2000;
/** Index entries read per typed word to judge how common it is (keys only: cheap). */
const PROBE_ENTRIES = MAX_CANDIDATES * 4;
/** The walk gives up after this many products, so a rare combination of common words stays fast. */
const MAX_WALK = 3000;

/** The order of the sortTitle index itself (code units), so lists read from it and lists sorted here agree. */
function byTitle(a: { sortTitle: string; id: number }, b: { sortTitle: string; id: number }): number {
  if (a.sortTitle !== b.sortTitle) return a.sortTitle < b.sortTitle ? -1 : 1;
  return a.id - b.id;
}

/** Dexie's distinct() walks a cursor entry by entry; keys read at once and de-duplicated here are far faster. */
const unique = <T>(keys: T[]): T[] => [...new Set(keys)];

async function productsByKeys(db: CatalogueDb, keys: number[]): Promise<StoredProduct[]> {
  return (await db.products.bulkGet(unique(keys))).filter((p): p is StoredProduct => p !== undefined);
}

/** The products with a word starting with `token`, and whether that is all of them. */
async function probe(db: CatalogueDb, token: string): Promise<{ keys: number[]; isComplete: boolean }> {
  const entries = await db.products.where('words').startsWith(token).limit(PROBE_ENTRIES).primaryKeys();
  return { keys: unique(entries), isComplete: entries.length < PROBE_ENTRIES };
}

/** The products that contain every typed token, alphabetical, at most `limit`. */
async function productsMatching(db: CatalogueDb, tokens: string[], limit: number): Promise<StoredProduct[]> {
  // Every typed token starts a word of the title or a code: the same rule the word index answers.
  const matchesAll = (product: StoredProduct) =>
    isSellable(product) && tokens.every((token) => product.words.some((word) => word.startsWith(token)));
  const probes = (await Promise.all(unique(tokens).map((token) => probe(db, token)))).sort((a, b) => a.keys.length - b.keys.length);
  // Products every fully read word has in common (keys only): when few, they are all there is to sort.
  const complete = probes.filter((p) => p.isComplete);
  const common = complete.slice(1).reduce((keys, p) => {
    const inProbe = new Set(p.keys);
    return keys.filter((key) => inProbe.has(key));
  }, complete[0]?.keys ?? []);
  const sortedMatches = async (keys: number[]) => (await productsByKeys(db, keys)).filter(matchesAll).sort(byTitle);
  if (complete.length > 0 && common.length <= MAX_CANDIDATES) return (await sortedMatches(common)).slice(0, limit);

  let walked = 0;
  const walkedMatches = await db.products
    .orderBy('sortTitle')
    .until(() => walked >= MAX_WALK)
    .filter((product) => {
      walked += 1;
      return matchesAll(product);
    })
    .limit(limit)
    .toArray();
  if (walkedMatches.length === limit || walked < MAX_WALK) return walkedMatches;
  // Common words that seldom meet: the walk ran out first, so matches come from the narrowest word's first products too.
  const more = await sortedMatches(probes[0]!.keys.slice(0, MAX_CANDIDATES));
  const byId = new Map([...walkedMatches, ...more].map((p) => [p.id, p]));
  return [...byId.values()].sort(byTitle).slice(0, limit);
}

/**
 * Best matches first: an exact SKU or barcode, then titles that start with the text, then the
 * rest, alphabetical. Only index ranges are read, never every product.
 */
async function search(db: CatalogueDb, text: string, limit: number): Promise<SyncProduct[]> {
  const needle = text.trim().toLowerCase();
  const tokens = tokensOf(needle);
  if (tokens.length === 0) return [];
  const [exactKeys, starting] = await Promise.all([
    db.products.where('codes').equals(needle).primaryKeys(),
    db.products.where('sortTitle').startsWith(needle).filter(isSellable).limit(limit).toArray(),
  ]);
  const seen = new Set<number>();
  const results: StoredProduct[] = [];
  const add = (products: StoredProduct[]) => {
    for (const product of products) {
      if (results.length >= limit) return;
      if (seen.has(product.id)) continue;
      seen.add(product.id);
      results.push(product);
    }
  };
  add((await productsByKeys(db, exactKeys)).sort(byTitle));
  add(starting);
  // Often titles starting with the text fill the list already; the rest costs more to find.
  if (results.length < limit) add(await productsMatching(db, tokens, limit));
  return results.map(toSyncProduct);
}

async function findByCode(db: CatalogueDb, code: string): Promise<{ product: SyncProduct; variant: SyncVariant } | null> {
  const wanted = code.trim().toLowerCase();
  if (!wanted) return null;
  const products = await db.products.where('codes').equals(wanted).toArray();
  // A barcode wins over a SKU that happens to read the same.
  for (const field of ['barcode', 'sku'] as const) {
    for (const product of products.sort(byTitle)) {
      const variant = product.variants.find((v) => v.active && v[field]?.toLowerCase() === wanted);
      if (variant) return { product: toSyncProduct(product), variant };
    }
  }
  return null;
}

async function findByVariant(db: CatalogueDb, variantId: number): Promise<{ product: SyncProduct; variant: SyncVariant } | null> {
  const product = await db.products.where('variantIds').equals(variantId).first();
  const variant = product?.variants.find((v) => v.id === variantId && v.active);
  return product && variant ? { product: toSyncProduct(product), variant } : null;
}

/** The category and every category under it. */
function withDescendants(categories: SyncCategory[], categoryId: number): number[] {
  const ids = [categoryId];
  for (let i = 0; i < ids.length; i += 1) {
    for (const category of categories) if (category.parentId === ids[i] && !ids.includes(category.id)) ids.push(category.id);
  }
  return ids;
}

async function productsInCategory(db: CatalogueDb, categoryId: number | null, limit: number): Promise<SyncProduct[]> {
  if (categoryId === null) return (await db.products.orderBy('sortTitle').filter(isSellable).limit(limit).toArray()).map(toSyncProduct);
  const ids = withDescendants(await db.categories.toArray(), categoryId);
  // Each category's first `limit` from the shelf, alphabetical; merged, they hold the first `limit` of all.
  const shelves = await Promise.all(
    // [id] sorts before every [id, title, product] key and [id + 1] after them all.
    ids.map((id) => db.shelf.where('[categoryId+sortTitle+productId]').between([id], [id + 1]).limit(limit).toArray()),
  );
  const first = shelves
    .flat()
    .map((entry) => ({ id: entry.productId, sortTitle: entry.sortTitle }))
    .sort(byTitle);
  const keys = unique(first.map((entry) => entry.id)).slice(0, limit);
  return (await productsByKeys(db, keys)).map(toSyncProduct);
}

async function categories(db: CatalogueDb): Promise<SyncCategory[]> {
  const all = await db.categories.toArray();
  return all.sort((a, b) => a.position - b.position || a.name.localeCompare(b.name) || a.id - b.id);
}

/**
 * The catalogue the sell screen reads. Taxes and charges are held in memory (a few dozen at most)
 * so that pricing a line needs no wait; a sync that changes them makes a new catalogue.
 */
export function createLocalCatalogue(db: CatalogueDb, taxes: readonly TaxListItem[], charges: readonly AdditionalChargeListItem[]): LocalCatalogue {
  const taxById = new Map(taxes.map((t) => [t.id, t]));
  const chargeById = new Map(charges.map((c) => [c.id, c]));
  return {
    search: (text, limit = DEFAULT_LIMIT) => search(db, text, limit),
    findByCode: (code) => findByCode(db, code),
    findByVariant: (variantId) => findByVariant(db, variantId),
    productsInCategory: (categoryId, limit = DEFAULT_LIMIT) => productsInCategory(db, categoryId, limit),
    categories: () => categories(db),
    saleItemOf(product, variant) {
      // A tax or charge that is no longer active is not in the synced lists: it is not charged.
      const productTaxes = product.taxIds.flatMap((id): PricingTax[] => {
        const tax = taxById.get(id);
        return tax ? [{ id: tax.id, name: tax.name, rateE4: tax.rateE4, isInclusive: tax.isInclusive, isCompound: tax.isCompound }] : [];
      });
      const productCharges = product.chargeIds.flatMap((id): PricingCharge[] => {
        const charge = chargeById.get(id);
        return charge ? [charge] : [];
      });
      return {
        variantId: variant.id,
        productId: product.id,
        title: product.title,
        variantName: variant.name,
        sku: variant.sku,
        unitPrice: variant.price,
        taxes: productTaxes,
        charges: productCharges,
        categoryIds: product.categoryIds,
      };
    },
  };
}
