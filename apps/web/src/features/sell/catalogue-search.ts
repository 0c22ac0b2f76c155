import type { AdditionalChargeListItem, PricingCharge, PricingTax, SyncCategory, SyncProduct, SyncVariant, TaxListItem } from '@tillbook/contract';
import { toSyncProduct, wordsOf, type CatalogueDb, type StoredProduct } from './catalogue-db.ts';
import type { LocalCatalogue } from './local-catalogue-types.ts';

const DEFAULT_LIMIT = 40;
/** How many index hits one search reads at most: enough for a page of best matches, never the whole catalogue. */
const MAX_CANDIDATES = 2000;
/** Below this many products in a category they are read and sorted; above it the alphabetical index is walked. */
const SORT_IN_MEMORY_UP_TO = 2000;

const byTitle = (a: StoredProduct, b: StoredProduct) => a.sortTitle.localeCompare(b.sortTitle) || a.id - b.id;

/** Title, SKUs and barcodes of the product's active variants, lower-cased, for "contains every word". */
function haystackOf(product: StoredProduct): string {
  return [product.sortTitle, ...product.codes].join('\n');
}

/**
 * Best matches first: an exact SKU or barcode, then titles that start with the text, then the
 * rest, alphabetical. Only indexes are read by key range; the words typed filter the few hits.
 */
async function search(db: CatalogueDb, text: string, limit: number): Promise<SyncProduct[]> {
  const needle = text.trim().toLowerCase();
  const typed = wordsOf(needle);
  if (!needle || typed.length === 0) return [];
  const matchesAll = (product: StoredProduct) => {
    const haystack = haystackOf(product);
    return typed.every((word) => haystack.includes(word));
  };
  const longest = typed.reduce((a, b) => (b.length > a.length ? b : a));

  const [exact, starting, candidates] = await Promise.all([
    db.products.where('codes').equals(needle).distinct().limit(limit).toArray(),
    db.products.where('sortTitle').startsWith(needle).limit(limit).toArray(),
    db.products.where('words').startsWith(longest).distinct().limit(MAX_CANDIDATES).toArray(),
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
  add(exact.sort(byTitle));
  add(starting);
  add(candidates.filter(matchesAll).sort(byTitle));
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
  if (categoryId === null) return (await db.products.orderBy('sortTitle').limit(limit).toArray()).map(toSyncProduct);
  const ids = withDescendants(await db.categories.toArray(), categoryId);
  const keys = await db.products.where('categoryIds').anyOf(ids).distinct().primaryKeys();
  if (keys.length <= SORT_IN_MEMORY_UP_TO) {
    const products = (await db.products.bulkGet(keys)).filter((p): p is StoredProduct => p !== undefined);
    return products.sort(byTitle).slice(0, limit).map(toSyncProduct);
  }
  const inCategory = new Set(keys);
  const products = await db.products
    .orderBy('sortTitle')
    .filter((p) => inCategory.has(p.id))
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
