import type { ProductImage } from '@tillbook/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { productImages } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { deleteMedia, mediaUrl } from '../../lib/media.ts';
import { touchProducts } from '../stock/service.ts';
import { getProductRow } from './detail.ts';

const MAX_IMAGES_PER_PRODUCT = 12;

function toImage(row: typeof productImages.$inferSelect): ProductImage {
  return { id: row.id, url: mediaUrl(row.fileName), position: row.position, isMain: row.isMain };
}

/** Adds a stored image to a product; the first image becomes the main one. */
export async function addImage(db: DbOrTx, productId: number, fileName: string): Promise<ProductImage> {
  await getProductRow(db, productId);
  const [existing] = await db.select({ n: count() }).from(productImages).where(eq(productImages.productId, productId));
  const n = existing?.n ?? 0;
  if (n >= MAX_IMAGES_PER_PRODUCT) {
    throw AppError.validation({ image: [`A product may have at most ${MAX_IMAGES_PER_PRODUCT} images.`] });
  }
  const [row] = await db.insert(productImages).values({ productId, fileName, position: n, isMain: n === 0 }).returning();
  if (!row) throw new Error('Inserting an image returned no row');
  await touchProducts(db, [productId]);
  return toImage(row);
}

/** Deletes an image and its file; when it was the main one, the next image becomes main. */
export async function deleteImage(db: DbOrTx, dataDir: string, imageId: number): Promise<void> {
  const [row] = await db.select().from(productImages).where(eq(productImages.id, imageId));
  if (!row) throw AppError.notFound();
  await db.delete(productImages).where(eq(productImages.id, imageId));
  if (row.isMain) {
    const [next] = await db.select().from(productImages).where(eq(productImages.productId, row.productId)).orderBy(asc(productImages.position)).limit(1);
    if (next) await db.update(productImages).set({ isMain: true }).where(eq(productImages.id, next.id));
  }
  await touchProducts(db, [row.productId]);
  await deleteMedia(dataDir, row.fileName);
}

/** Puts the product's images in the given order and marks the main one. */
export async function arrangeImages(db: DbOrTx, productId: number, order: number[], mainId: number): Promise<ProductImage[]> {
  const rows = await db.select().from(productImages).where(eq(productImages.productId, productId));
  const ids = new Set(rows.map((r) => r.id));
  if (order.length !== rows.length || order.some((id) => !ids.has(id)) || !ids.has(mainId)) {
    throw AppError.validation({ order: ["The order must list each of the product's images once, and the main image must be one of them."] });
  }
  for (const [position, id] of order.entries()) {
    await db
      .update(productImages)
      .set({ position, isMain: id === mainId })
      .where(and(eq(productImages.id, id), eq(productImages.productId, productId)));
  }
  await touchProducts(db, [productId]);
  const updated = await db.select().from(productImages).where(eq(productImages.productId, productId)).orderBy(asc(productImages.position));
  return updated.map(toImage);
}
