import type { productBulkActions} from '@tillbook/contract';
import { parsePercent, percentOf, type productBulkValues } from '@tillbook/contract';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { categories, productCategories, products, productVariants } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { getShopSettings } from '../settings/service.ts';
import { touchProducts } from '../stock/service.ts';
import { recordHistory } from './history.ts';
import { auditActorOfProducts, auditPriceChanges, type PriceChange } from './price-audit.ts';
import { deleteProduct, setProductStatus, type Actor } from './service.ts';

type BulkInput = { ids: number[]; action: (typeof productBulkActions)[number]; values?: z.output<typeof productBulkValues> };

/** POST /api/products/update: archive, activate, delete, set category, change price by a percentage. */
export async function bulkUpdateProducts(db: Db, input: BulkInput, actor: Actor): Promise<number> {
  const ids = [...new Set(input.ids)];
  switch (input.action) {
    case 'archive':
    case 'activate':
      return setProductStatus(db, ids, input.action === 'archive' ? 'archived' : 'active', actor);
    case 'delete': {
      let affected = 0;
      for (const id of ids) {
        const exists = await db.select({ id: products.id }).from(products).where(eq(products.id, id));
        if (!exists.length) continue;
        await deleteProduct(db, id, actor);
        affected += 1;
      }
      return affected;
    }
    case 'setCategory':
      return setCategory(db, ids, input.values, actor);
    case 'changePrice':
      return changePrices(db, ids, input.values?.percent, actor);
  }
}

async function setCategory(db: Db, ids: number[], values: BulkInput['values'], actor: Actor): Promise<number> {
  const categoryId = values?.categoryId;
  if (!categoryId) throw AppError.validation({ 'values.categoryId': ['Choose a category.'] });
  const [category] = await db.select().from(categories).where(eq(categories.id, categoryId));
  if (!category) throw AppError.validation({ 'values.categoryId': ['This category does not exist.'] });
  const existing = (await db.select({ id: products.id }).from(products).where(inArray(products.id, ids))).map((r) => r.id);
  await db.transaction(async (tx) => {
    if (values?.categoryMode === 'replace') await tx.delete(productCategories).where(inArray(productCategories.productId, existing));
    if (existing.length) {
      await tx.insert(productCategories).values(existing.map((productId) => ({ productId, categoryId }))).onConflictDoNothing();
    }
    for (const id of existing) await recordHistory(tx, id, actor.userId, 'updated', [{ field: 'category added', before: null, after: category.name }]);
    await touchProducts(tx, existing);
  });
  return existing.length;
}

/** Raises or lowers every variant's price by a percentage, rounded half away from zero; never below 0. */
async function changePrices(db: Db, ids: number[], percent: string | undefined, actor: Actor): Promise<number> {
  const text = (percent ?? '').trim();
  const isNegative = text.startsWith('-');
  const rate = parsePercent(isNegative ? text.slice(1) : text.replace(/^\+/, ''), { allowAboveHundred: true });
  if (rate === null || rate === 0 || (isNegative && rate > 1_000_000)) {
    throw AppError.validation({ 'values.percent': ['The percentage must be a number such as 10 or -5.5 (at most 4 decimals), and not 0.'] });
  }
  const variants = await db.select().from(productVariants).where(inArray(productVariants.productId, ids));
  const titles = await db.select({ id: products.id, title: products.title }).from(products).where(inArray(products.id, ids));
  const settings = await getShopSettings(db);
  const changes = new Map<number, PriceChange>(titles.map((p) => [p.id, { product: p, before: [], after: [] }]));
  await db.transaction(async (tx) => {
    for (const v of variants) {
      const change = percentOf(v.price, rate);
      const price = Math.max(0, isNegative ? v.price - change : v.price + change);
      if (price === v.price) continue;
      await tx.update(productVariants).set({ price, updatedAt: new Date() }).where(eq(productVariants.id, v.id));
      await recordHistory(tx, v.productId, actor.userId, 'updated', [{ field: `${v.name ? `${v.name} ` : ''}price`, before: v.price, after: price }]);
      changes.get(v.productId)?.before.push(v);
      changes.get(v.productId)?.after.push({ ...v, price });
    }
    await touchProducts(tx, ids);
    await auditPriceChanges(tx, auditActorOfProducts(actor), [...changes.values()], settings, `bulk ${isNegative ? '' : '+'}${text.replace(/^\+/, '')}%`);
  });
  return new Set(variants.map((v) => v.productId)).size;
}
