// The search terms of bench/catalogue.ts and its psql anchor (bench/catalogue-anchor.ts).
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../apps/server/src/db/client.ts';

/** Realistic search terms taken from the catalogue itself: title words, SKU and barcode prefixes. */
export async function searchTerms(handle: DatabaseHandle, perKind: number) {
  const rows = async (query: ReturnType<typeof sql>) => ((await handle.db.execute(query)) as unknown as { rows: Array<{ v: string }> }).rows.map((r) => r.v);
  const total = Number((await rows(sql`select max(id)::text as v from product_variants`))[0] ?? 1);
  // Spread over the whole catalogue, the same terms on every run (ids stepped, not random).
  const step = Math.max(1, Math.floor(total / perKind));
  const sample = sql`(select sku, barcode, product_id from product_variants where id % ${step} = 0 order by id limit ${perKind})`;
  const skus = await rows(sql`select left(sku, 8) as v from ${sample} s`);
  const barcodes = await rows(sql`select left(barcode, 9) as v from ${sample} s where barcode is not null`);
  const titles = await rows(sql`select p.title as v from ${sample} s join products p on p.id = s.product_id`);
  const words = titles.map((title, i) => {
    const parts = title.split(' ').filter((w) => w.length > 3);
    // One word ("Almonds"), or two ("Wild Almonds") every third search, as people type them.
    const at = i % Math.max(1, parts.length);
    return i % 3 === 0 && parts[at + 1] ? `${parts[at]} ${parts[at + 1]}` : (parts[at] ?? title);
  });
  return { words, skus, barcodes };
}

