import { eq } from 'drizzle-orm';
import { productVariants } from '../../db/schema/index.ts';
import type { TestContext } from '../../testing/test-app.ts';
import { addProduct, seedSaleShop, type SaleShop } from '../orders/sale.fixtures.ts';

/**
 * A shop to print labels for (tests only): the sale shop's shirt (no barcode: Code 128 of its SKU,
 * 25.00 + 20 % tax) and mug (8.00, no tax), with an olive oil and a tea on EAN-13, a cola on UPC-A
 * and chewing gum on EAN-8.
 */
export type LabelShop = SaleShop & {
  oil: { variantId: number; barcode: string };
  tea: { variantId: number; barcode: string };
  cola: { variantId: number; barcode: string };
  gum: { variantId: number; barcode: string };
};

export async function seedLabelShop(ctx: TestContext): Promise<LabelShop> {
  const shop = await seedSaleShop(ctx);
  const db = ctx.database.db;
  const withBarcode = async (title: string, variantName: string, sku: string, price: number, barcode: string) => {
    const { variantId } = await addProduct(db, { title, variantName, sku, price, cost: 100, taxIds: [], stock: [] });
    await db.update(productVariants).set({ barcode }).where(eq(productVariants.id, variantId));
    return { variantId, barcode };
  };
  return {
    ...shop,
    oil: await withBarcode('Organic extra virgin olive oil from the hills of Andalusia', '750 ml', 'OIL-750', 1299, '4006381333931'),
    tea: await withBarcode('Green tea', '', 'TEA-20', 450, '2000000000015'),
    cola: await withBarcode('Cola', '', 'COLA-1', 120, '036000291452'),
    gum: await withBarcode('Chewing gum', 'Mint', 'GUM-M', 99, '96385074'),
  };
}
