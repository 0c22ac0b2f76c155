import type { AdditionalChargeListItem, PricingCharge, PricingTax, SyncCategory, SyncProduct, SyncVariant, TaxListItem } from '@tillbook/contract';
import { tokensOf, type CatalogueIndex } from './catalogue-index.ts';
import type { LocalCatalogue } from './local-catalogue-types.ts';

const DEFAULT_LIMIT = 40;

type Found = { product: SyncProduct; variant: SyncVariant };

/**
 * Best matches first: an exact SKU or barcode, then titles that start with the text, then the
 * rest, alphabetical. Every typed word starts a word of the title, a SKU or a barcode.
 */
function search(index: CatalogueIndex, text: string, limit: number): SyncProduct[] {
  const needle = text.trim().toLowerCase();
  const tokens = tokensOf(needle);
  if (tokens.length === 0) return [];
  const seen = new Set<number>();
  const results: SyncProduct[] = [];
  const add = (products: SyncProduct[]) => {
    for (const product of products) {
      if (results.length >= limit) return;
      if (seen.has(product.id)) continue;
      seen.add(product.id);
      results.push(product);
    }
  };
  add(index.withCode(needle));
  add(index.titleStartsWith(needle, limit));
  // Often titles starting with the text fill the list already; the rest costs more to find.
  if (results.length < limit) add(index.matching(tokens, limit));
  return results;
}

/** The category and every category under it. */
function withDescendants(categories: readonly SyncCategory[], categoryId: number): Set<number> {
  const ids = [categoryId];
  for (let i = 0; i < ids.length; i += 1) {
    for (const category of categories) if (category.parentId === ids[i] && !ids.includes(category.id)) ids.push(category.id);
  }
  return new Set(ids);
}

export type CatalogueLists = { taxes: readonly TaxListItem[]; charges: readonly AdditionalChargeListItem[]; categories: readonly SyncCategory[] };

/** What is asked of the copy itself: the part of the catalogue that runs where the copy is held (catalogue-engine.ts). */
export type CatalogueQueries = Pick<LocalCatalogue, 'search' | 'findByCode' | 'findByVariant' | 'productsInCategory'>;
/** The lookup answered within the asking event, where the copy is held (catalogue-engine.ts) or through shared memory (catalogue-client.ts). */
export type CatalogueAtOnce = Required<Pick<LocalCatalogue, 'findByCodeAtOnce'>>;

const byPosition = (a: SyncCategory, b: SyncCategory) => a.position - b.position || a.name.localeCompare(b.name) || a.id - b.id;

/**
 * The copy's answers from its lookups in memory. While the copy is still coming in (`isPartial`),
 * a code it does not hold yet is asked of the server (`askServer`), so a scan works from the first
 * second; when the server cannot be reached either, the scan waits for the stored copy to be read
 * (`storedCopyRead`), so a till reopened offline still finds it.
 */
export function catalogueQueries(
  index: CatalogueIndex,
  categoriesOf: () => readonly SyncCategory[],
  options: { isPartial?: () => boolean; askServer?: (code: string) => Promise<Found | null>; storedCopyRead?: () => Promise<void> } = {},
): CatalogueQueries & CatalogueAtOnce {
  const inCopy = (code: string) => index.findByCode(code.trim().toLowerCase());
  return {
    search: async (text, limit = DEFAULT_LIMIT) => search(index, text, limit),
    // Only what the copy holds: a code it does not is asked of `findByCode` (and maybe the server).
    findByCodeAtOnce: (code) => inCopy(code) ?? undefined,
    async findByCode(code) {
      if (!code.trim()) return null;
      const found = inCopy(code);
      if (found || !options.isPartial?.() || !options.askServer) return found;
      try {
        return await options.askServer(code.trim());
      } catch {
        if (!options.storedCopyRead) return null;
        await options.storedCopyRead();
        return inCopy(code);
      }
    },
    async findByVariant(variantId) {
      const product = index.ownerOfVariant(variantId);
      const variant = product?.status === 'active' ? product.variants.find((v) => v.id === variantId && v.active) : undefined;
      return product && variant ? { product, variant } : null;
    },
    async productsInCategory(categoryId, limit = DEFAULT_LIMIT) {
      if (categoryId === null) return index.inTitleOrder(limit);
      return index.inTitleOrder(limit, withDescendants(categoriesOf(), categoryId));
    },
  };
}

/** The catalogue the sell screen reads: the copy's answers, with the lists it came with (categories for the tiles, taxes and charges for pricing). */
export function localCatalogueOf(queries: CatalogueQueries & CatalogueAtOnce, lists: CatalogueLists): LocalCatalogue {
  const taxById = new Map(lists.taxes.map((t) => [t.id, t]));
  const chargeById = new Map(lists.charges.map((c) => [c.id, c]));
  const categories = [...lists.categories].sort(byPosition);
  return {
    search: (text, limit) => queries.search(text, limit),
    findByCode: (code) => queries.findByCode(code),
    findByCodeAtOnce: (code) => queries.findByCodeAtOnce(code),
    findByVariant: (variantId) => queries.findByVariant(variantId),
    productsInCategory: (categoryId, limit) => queries.productsInCategory(categoryId, limit),
    categories: async () => categories,
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

