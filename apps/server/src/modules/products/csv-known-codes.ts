import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { execute } from '../../db/execute.ts';
import type { CsvRecord } from '../../lib/csv.ts';
import { cellOf, textArray } from './csv-rows.ts';

export type KnownVariant = { id: number; productId: number; name: string };

/**
 * SKUs and barcodes of the file that already exist, looked up for the whole file in a few
 * queries, and kept current as its rows import: a row whose SKU exists updates that variant.
 */
export class KnownCodes {
  readonly bySku = new Map<string, KnownVariant>();
  readonly barcodeOwner = new Map<string, number>();

  static async load(db: DbOrTx, records: CsvRecord[]): Promise<KnownCodes> {
    const known = new KnownCodes();
    const skus = [...new Set(records.map((r) => cellOf(r, 'sku')?.toLowerCase()).filter((v): v is string => Boolean(v)))];
    const barcodes = [...new Set(records.map((r) => cellOf(r, 'barcode')).filter((v): v is string => Boolean(v)))];
    for (let i = 0; i < Math.max(skus.length, barcodes.length); i += 5000) {
      const rows = await execute<{ id: number; product_id: number; name: string; sku: string; barcode: string | null }>(
        db,
        sql`select id, product_id, name, sku, barcode from product_variants
            where lower(sku) = any(${textArray(skus.slice(i, i + 5000))}::text[]) or barcode = any(${textArray(barcodes.slice(i, i + 5000))}::text[])`,
      );
      for (const row of rows) known.add(row.sku, row.barcode, { id: row.id, productId: row.product_id, name: row.name });
    }
    return known;
  }

  add(sku: string, barcode: string | null, variant: KnownVariant) {
    this.bySku.set(sku.toLowerCase(), variant);
    if (barcode) this.barcodeOwner.set(barcode, variant.productId);
  }
}
