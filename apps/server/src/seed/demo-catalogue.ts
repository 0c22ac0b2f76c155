import fs from 'node:fs/promises';
import path from 'node:path';
import { ean13CheckDigit, productInput } from '@tillbook/contract';
import { count, eq } from 'drizzle-orm';
import { makeSwatchPng } from '../lib/png.ts';
import { mediaDir } from '../lib/media.ts';
import { addImage } from '../modules/products/images.ts';
import { createProduct } from '../modules/products/service.ts';
import { getShopSettings, updateProductSettings } from '../modules/settings/service.ts';
import type { Db } from '../db/client.ts';
import { additionalCharges, attributeOptions, attributes, categories, outlets, products, taxes } from '../db/schema/index.ts';

/** A small deterministic random source, so every demo load looks the same. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

let barcodeCounter = 0;
function demoBarcode(): string {
  barcodeCounter += 1;
  const first12 = `50${String(4_000_000_000 + barcodeCounter).padStart(10, '0')}`;
  return `${first12}${ean13CheckDigit(first12)}`;
}

type CategorySpec = { name: string; colour: string; children?: Array<{ name: string; colour: string }> };

const categoryTree: CategorySpec[] = [
  { name: 'Drinks', colour: '#2563eb', children: [{ name: 'Soft drinks', colour: '#3b82f6' }, { name: 'Hot drinks', colour: '#92400e' }, { name: 'Beer & wine', colour: '#7c3aed' }] },
  { name: 'Snacks', colour: '#ea580c' },
  { name: 'Bakery', colour: '#ca8a04' },
  { name: 'Fresh produce', colour: '#16a34a' },
  { name: 'Household', colour: '#0891b2' },
  { name: 'Clothing', colour: '#db2777', children: [{ name: 'T-shirts', colour: '#ec4899' }, { name: 'Hoodies', colour: '#be185d' }] },
  { name: 'Accessories', colour: '#4b5563' },
];

const simpleProducts: Record<string, { items: string[]; sizes: string[]; price: [number, number]; tax: 'standard' | 'reduced' | 'zero'; deposit?: boolean }> = {
  'Soft drinks': { items: ['Cola', 'Lemonade', 'Orange juice', 'Sparkling water', 'Still water', 'Ginger beer', 'Iced tea', 'Apple juice', 'Tonic water', 'Energy drink', 'Cherry cola', 'Elderflower pressé', 'Cloudy lemonade', 'Grapefruit soda'], sizes: ['330ml', '500ml', '1.5L'], price: [89, 249], tax: 'standard', deposit: true },
  'Hot drinks': { items: ['Ground coffee', 'Espresso beans', 'English breakfast tea', 'Green tea', 'Hot chocolate', 'Chai', 'Decaf coffee', 'Peppermint tea', 'Earl Grey', 'Rooibos'], sizes: ['250g', '500g'], price: [299, 899], tax: 'reduced' },
  'Beer & wine': { items: ['Pale ale', 'Lager', 'Stout', 'Red wine', 'White wine', 'Rosé', 'Cider'], sizes: ['330ml', '750ml'], price: [199, 1499], tax: 'standard', deposit: true },
  Snacks: { items: ['Sea salt crisps', 'Salted peanuts', 'Dark chocolate', 'Milk chocolate', 'Granola bar', 'Pretzels', 'Popcorn', 'Trail mix', 'Rice cakes'], sizes: ['40g', '150g', 'sharing 300g'], price: [79, 399], tax: 'standard' },
  Bakery: { items: ['Sourdough loaf', 'Croissant', 'Baguette', 'Rye bread', 'Cinnamon roll', 'Bagel', 'Muffin', 'Focaccia', 'Pain au chocolat', 'Brioche', 'Scone'], sizes: ['single', 'pack of 4'], price: [99, 549], tax: 'zero' },
  'Fresh produce': { items: ['Bananas', 'Apples', 'Tomatoes', 'Avocados', 'Lemons', 'Carrots', 'Potatoes', 'Onions', 'Strawberries', 'Spinach'], sizes: ['1kg', '500g', 'organic 1kg'], price: [59, 449], tax: 'zero' },
  Household: { items: ['Washing-up liquid', 'Kitchen roll', 'Bin bags', 'Light bulb', 'Batteries AA', 'Sponges', 'Laundry detergent', 'Hand soap', 'Candles', 'Matches', 'Dish brush', 'Glass cleaner'], sizes: ['single', 'pack'], price: [129, 1299], tax: 'standard' },
  Accessories: { items: ['Canvas tote bag', 'Reusable cup', 'Water bottle', 'Keyring', 'Umbrella', 'Sunglasses', 'Beanie', 'Socks'], sizes: ['one size', 'gift set'], price: [299, 1999], tax: 'standard' },
};

/**
 * The catalogue's demo data: three outlets, taxes, charges, a category tree, Size and Colour,
 * ~200 products (clothing with variants) with stock and pictures. Loaded once.
 */
export async function loadDemoCatalogue(db: Db, dataDir: string, userId: number | null): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(products);
  if ((existing?.n ?? 0) > 0) return 0;
  const random = seeded(42);
  const between = ([low, high]: [number, number]) => Math.round((low + random() * (high - low)) / 10) * 10 + 9;

  await db.insert(outlets).values([
    { name: 'Harbour Road', code: 'HRB', address: '12 Harbour Road', phone: '555-0142' },
    { name: 'Market Square', code: 'MKT', address: '3 Market Square', phone: '555-0177' },
  ]).onConflictDoNothing();
  const outletRows = await db.select().from(outlets).where(eq(outlets.active, true));

  const [standard, reduced, zero] = await db
    .insert(taxes)
    .values([
      { name: 'VAT 20 %', rateE4: 200_000, isInclusive: true },
      { name: 'VAT 5 %', rateE4: 50_000, isInclusive: true },
      { name: 'VAT 0 %', rateE4: 0, isInclusive: true },
    ])
    .returning();
  const taxOf = { standard: standard!.id, reduced: reduced!.id, zero: zero!.id };
  // New products start with the standard rate (Settings › Products), as a shop sets itself up.
  const { skuPattern, defaultLowStockThreshold, allowNegativeStock } = await getShopSettings(db);
  await updateProductSettings(db, { defaultTaxIds: [taxOf.standard], skuPattern, defaultLowStockThreshold, allowNegativeStock });
  const [deposit] = await db
    .insert(additionalCharges)
    .values([
      { name: 'Bottle deposit', kind: 'fixed', amount: 25, per: 'unit', isTaxable: false },
      { name: 'Gift wrap', kind: 'fixed', amount: 150, per: 'line', isTaxable: true, active: true },
    ])
    .returning();

  const categoryIds = new Map<string, { id: number; colour: string }>();
  for (const [position, spec] of categoryTree.entries()) {
    const [parent] = await db.insert(categories).values({ name: spec.name, colour: spec.colour, position }).returning();
    categoryIds.set(spec.name, { id: parent!.id, colour: spec.colour });
    for (const [childPosition, child] of (spec.children ?? []).entries()) {
      const [row] = await db.insert(categories).values({ name: child.name, colour: child.colour, parentId: parent!.id, position: childPosition }).returning();
      categoryIds.set(child.name, { id: row!.id, colour: child.colour });
    }
  }

  const [size] = await db.insert(attributes).values({ name: 'Size', position: 0 }).returning();
  const [colour] = await db.insert(attributes).values({ name: 'Colour', position: 1 }).returning();
  const sizes = await db.insert(attributeOptions).values(['S', 'M', 'L', 'XL'].map((name, position) => ({ attributeId: size!.id, name, position }))).returning();
  const colours = await db.insert(attributeOptions).values(['Black', 'White', 'Navy'].map((name, position) => ({ attributeId: colour!.id, name, position }))).returning();

  await fs.mkdir(mediaDir(dataDir), { recursive: true });
  const picture = async (productId: number, hex: string) => {
    const fileName = `demo-${productId}.png`;
    await fs.writeFile(path.join(mediaDir(dataDir), fileName), makeSwatchPng(hex));
    await addImage(db, productId, fileName);
  };
  // Some items out of stock (0), none below zero: the demo shop does not sell below zero.
  const stockFor = () =>
    outletRows.map((o) => ({ outletId: o.id, quantity: Math.max(0, Math.floor(random() * 60) - 4), lowStockThreshold: random() < 0.3 ? 10 : null }));

  let created = 0;
  for (const [categoryName, spec] of Object.entries(simpleProducts)) {
    const category = categoryIds.get(categoryName)!;
    for (const item of spec.items) {
      for (const variantSize of spec.sizes) {
        const values = productInput.parse({
          title: `${item} ${variantSize}`,
          categoryIds: [category.id],
          taxIds: [taxOf[spec.tax]],
          chargeIds: spec.deposit && variantSize !== '750ml' ? [deposit!.id] : [],
          variants: [{ barcode: demoBarcode(), price: between(spec.price), cost: 0, stock: stockFor() }],
        });
        values.variants[0]!.cost = Math.round(values.variants[0]!.price * 0.55);
        const product = await createProduct(db, values, { userId });
        if (created % 3 === 0) await picture(product.id, category.colour);
        created += 1;
      }
    }
  }

  const clothing: Array<[string, string, [number, number]]> = [
    ['T-shirts', 'Logo T-shirt', [1500, 1500]],
    ['T-shirts', 'Organic cotton tee', [1900, 1900]],
    ['T-shirts', 'Striped long-sleeve', [2400, 2400]],
    ['Hoodies', 'Zip hoodie', [4500, 4500]],
    ['Hoodies', 'Classic hoodie', [3900, 3900]],
  ];
  for (const [categoryName, title, price] of clothing) {
    const category = categoryIds.get(categoryName)!;
    const variants = sizes.flatMap((s) =>
      colours.map((c) => ({ optionIds: [s.id, c.id], barcode: demoBarcode(), price: price[0] + (s.name === 'XL' ? 200 : 0), cost: Math.round(price[0] * 0.4), stock: stockFor() })),
    );
    const values = productInput.parse({ title, categoryIds: [category.id], taxIds: [taxOf.standard], attributeIds: [size!.id, colour!.id], variants });
    const product = await createProduct(db, values, { userId });
    await picture(product.id, category.colour);
    created += 1;
  }
  return created;
}
