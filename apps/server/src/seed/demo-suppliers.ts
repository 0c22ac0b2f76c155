import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { categories, productCategories, productVariants, products, supplierProducts, suppliers } from '../db/schema/index.ts';

type DemoSupplier = {
  values: typeof suppliers.$inferInsert;
  /** Catalogue categories whose products this supplier delivers. */
  categoryNames: string[];
  skuPrefix: string;
  /** Their price against our cost, in percent (95 → 5 % under our recorded cost). */
  costPercent: number;
};

const demoSuppliers: DemoSupplier[] = [
  {
    values: {
      companyName: 'Northern Drinks Co.',
      contactPerson: 'Maggie Holt',
      email: 'orders@northerndrinks.example',
      phone: '555-0141',
      address: 'Unit 4, Riverside Trading Estate',
      taxNumber: 'GB204518833',
      paymentTerms: 'Net 30',
      notes: 'Deliveries on Tuesdays and Fridays; order by noon the day before.',
    },
    categoryNames: ['Drinks', 'Soft drinks', 'Hot drinks', 'Beer & wine'],
    skuPrefix: 'ND',
    costPercent: 95,
  },
  {
    values: {
      companyName: 'Golden Crust Bakery',
      contactPerson: 'Tomasz Nowak',
      email: 'hello@goldencrust.example',
      phone: '555-0172',
      address: '12 Mill Lane',
      paymentTerms: 'Net 7',
      notes: 'Fresh bread every morning before 7:00.',
    },
    categoryNames: ['Bakery'],
    skuPrefix: 'GC',
    costPercent: 100,
  },
  {
    values: {
      companyName: 'Green Valley Farms',
      contactPerson: 'Priya Shah',
      email: 'sales@greenvalley.example',
      phone: '555-0190',
      address: 'Green Valley Farm, Old Orchard Road',
      paymentTerms: 'Cash on delivery',
    },
    categoryNames: ['Fresh produce'],
    skuPrefix: 'GV',
    costPercent: 90,
  },
  {
    values: {
      companyName: 'Threadline Apparel',
      contactPerson: 'Jordan Reyes',
      email: 'wholesale@threadline.example',
      phone: '555-0123',
      address: '88 Weaver Street, Suite 3',
      taxNumber: 'GB771203945',
      paymentTerms: 'End of month',
    },
    categoryNames: ['Clothing', 'T-shirts', 'Hoodies'],
    skuPrefix: 'TL',
    costPercent: 97,
  },
];

/**
 * Demo suppliers (drinks, bakery, produce, clothing), each linked to the variants of its
 * categories with its own SKUs and costs close to ours. Does nothing when suppliers already exist.
 */
export async function loadDemoSuppliers(db: Db): Promise<void> {
  const [anySupplier] = await db.select({ id: suppliers.id }).from(suppliers).limit(1);
  if (anySupplier) return;
  await db.transaction(async (tx) => {
    for (const demo of demoSuppliers) {
      const [supplier] = await tx.insert(suppliers).values(demo.values).returning({ id: suppliers.id });
      if (!supplier) throw new Error('Inserting a demo supplier returned no row');
      const variants = await tx
        .selectDistinct({ id: productVariants.id, cost: productVariants.cost, productId: products.id, position: productVariants.position })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .innerJoin(productCategories, eq(productCategories.productId, products.id))
        .innerJoin(categories, eq(categories.id, productCategories.categoryId))
        .where(inArray(categories.name, demo.categoryNames))
        .orderBy(asc(products.id), asc(productVariants.position), asc(productVariants.id));
      if (variants.length === 0) continue;
      await tx.insert(supplierProducts).values(
        variants.map((v, i) => ({
          supplierId: supplier.id,
          variantId: v.id,
          supplierSku: `${demo.skuPrefix}-${String(i + 1).padStart(4, '0')}`,
          cost: Math.round((v.cost * demo.costPercent) / 100),
        })),
      );
    }
  });
}
