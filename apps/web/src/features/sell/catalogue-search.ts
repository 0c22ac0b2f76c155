import type { AdditionalChargeListItem, PricingCharge, PricingTax, SyncCategory, SyncProduct, SyncVariant, TaxListItem } from '@tillbook/contract';
import { tokensOf, toSyncProduct, type CatalogueDb, type StoredProduct } from './catalogue-db.ts';
import type { LocalCatalogue } from './local-catalogue-types.ts';

const DEFAULT_LIMIT = 40;
/**
 * Up to this many products matching the typed word are read and sorted. Beyond it the word is
 * common (one or two letters at 300k products): the alphabetical index is walked instead, where
 * matches come often, so a screenful is found after a few thousand products.
 */
const MAX_CANDIDATES = 2000;
/** The walk gives up after this many products: a rare combination of common words stays fast. */
const MAX_WALK = 10_000;

const byTitle = (a: StoredProduct, b: StoredProduct) => a.sortTitle.localeCompare(b.sortTitle) || a.id - b.id;
/** A product whose every variant is retired cannot be sold: lists leave it out. */
const isSellable = (product: StoredProduct) => product.variants.some((v) => v.active);

/** Dexie's distinct() walks a cursor entry by entry; keys read at once and de-duplicated here are far faster. */
const unique = <T>(keys: T[]): T[] => [...new Set(keys)];

async function productsByKeys(db: CatalogueDb, keys: number[]): Promise<StoredProduct[]> {
  return (await db.products.bulkGet(unique(keys))).filter((p): p is StoredProduct => p !== undefined);
}

/** The products that contain every typed token, alphabetical, at most `limit`. */
async function productsMatching(db: CatalogueDb, tokens: string[], limit: number): Promise<StoredProduct[]> {
  const matchesAll = (product: StoredProduct) => {
    const haystack = [product.sortTitle, ...product.codes].join('\n');
    return isSellable(product) && tokens.every((token) => haystack.includes(token));
  };
  // The longest token narrows most; it is a prefix of an indexed word wherever it starts a word.
  const probe = tokens.reduce((a, b) => (b.length > a.length ? b : a));
  const keys = unique(await db.products.where('words').startsWith(probe).limit(MAX_CANDIDATES * 4).primaryKeys());
  if (keys.length <= MAX_CANDIDATES) {
    return (await productsByKeys(db, keys)).filter(matchesAll).sort(byTitle).slice(0, limit);
  }
  let walked = 0;
  return db.products
    .orderBy('sortTitle')
    .until(() => walked >= MAX_WALK)
    .filter((product) => {
      walked += 1;
      return matchesAll(product);
    })
    .limit(limit)
    .toArray();
}

/**
 * Best matches first: an exact SKU or barcode, then titles that start with the text, then the
 * rest, alphabetical. Only index ranges are read, never every product.
 */
async function search(db: CatalogueDb, text: string, limit: number): Promise<SyncProduct[]> {
  const needle = text.trim().toLowerCase();
  const tokens = tokensOf(needle);
  if (tokens.length === 0) return [];
  const [exactKeys, starting, rest] = await Promise.all([
    db.products.where('codes').equals(needle).primaryKeys(),
    db.products.where('sortTitle').startsWith(needle).filter(isSellable).limit(limit).toArray(),
    productsMatching(db, tokens, limit),
  ]);
  const exact = (await productsByKeys(db, exactKeys)).sort(byTitle);
  const seen = new Set<number>();
  const results: StoredProduct[] = [];
  for (const product of [...exact, ...starting, ...rest]) {
    if (results.length >= limit) break;
    if (seen.has(product.id)) continue;
    seen.add(product.id);
    results.push(product);
  }
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
  const keys = unique(await db.products.where('categoryIds').anyOf(ids).primaryKeys());
  if (keys.length <= MAX_CANDIDATES) {
    return (await productsByKeys(db, keys)).filter(isSellable).sort(byTitle).slice(0, limit).map(toSyncProduct);
  }
  const inCategory = new Set(keys);
  const products = await db.products
    .orderBy('sortTitle')
    .filter((p) => inCategory.has(p.id) && isSellable(p))
    .limit(limit)
    .toArray();
  return products.map(toSyncProduct);
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
