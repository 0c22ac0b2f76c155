// Fills a database with a catalogue for the benchmarks (DESIGN.md §9, docs/performance.md).
//
//   npx tsx bench/generate-catalogue.ts --products 100000                       PGlite in DATA_DIR (./bench-data)
//   DATABASE_URL=postgres://… npx tsx bench/generate-catalogue.ts --products 1000000
//
// Categories (a two-level tree), taxes, a charge, a Size attribute, N products (about 20 % with
// 2–4 size variants), valid EAN-13 barcodes, images on one product in ten, and stock at two or
// three of three outlets with its "initial" ledger rows and the stock summary per product. Rows
// are written by INSERT … SELECT over generate_series, 10,000 products per transaction, each
// stamped with its change_xid like any other change. The products come after whatever the database already holds.
// Their title words (product_words, the search) are written by the triggers on products, as for any writer.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle, Db } from '../apps/server/src/db/client.ts';
import { openDatabase, openPglite, openPostgres } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { ensureShopBasics } from '../apps/server/src/seed/bootstrap.ts';

const BATCH = 10_000;

const brands = ['Alpine', 'Bright', 'Casa', 'Delta', 'Evergreen', 'Fjord', 'Golden', 'Harbor', 'Iris', 'Juniper', 'Kestrel', 'Lumen', 'Meadow', 'Nordic', 'Orchard', 'Pioneer', 'Quarry', 'Riverside', 'Summit', 'Tidal', 'Urban', 'Valley', 'Willow', 'Zenith'];
const adjectives = ['Organic', 'Classic', 'Smoked', 'Sparkling', 'Roasted', 'Fresh', 'Dark', 'Light', 'Spicy', 'Sweet', 'Salted', 'Crunchy', 'Creamy', 'Wild', 'Golden', 'Vintage', 'Mild', 'Extra', 'Pure', 'Rustic', 'Herbal', 'Premium', 'Tropical', 'Smooth'];
const nouns = ['Coffee', 'Tea', 'Chocolate', 'Honey', 'Olive Oil', 'Pasta', 'Rice', 'Cookies', 'Crackers', 'Granola', 'Juice', 'Water', 'Soda', 'Almonds', 'Cashews', 'Peanut Butter', 'Jam', 'Mustard', 'Ketchup', 'Salsa', 'Vinegar', 'Soap', 'Shampoo', 'Candle', 'Notebook', 'Socks', 'T-Shirt', 'Hoodie', 'Mug', 'Towel', 'Sponge', 'Detergent', 'Flour', 'Sugar', 'Salt', 'Pepper', 'Cereal', 'Yogurt', 'Cheese', 'Butter'];
const sizes = ['100 g', '250 g', '500 g', '1 kg', '330 ml', '500 ml', '1 l', '2 l', '6 pack', '12 pack'];
const topCategories = ['Food', 'Drinks', 'Household', 'Personal care', 'Clothing', 'Stationery'];
const subCategories = ['Everyday', 'Organic', 'Imported', 'Local', 'Offers'];

export type GenerateOptions = { products: number; log?: (line: string) => void };

async function scalar<T>(db: Db, query: ReturnType<typeof sql>): Promise<T> {
  const result = (await db.execute(query)) as unknown as { rows: Array<{ v: T }> };
  return (result.rows[0] as { v: T }).v;
}

function textArray(values: string[]) {
  return sql`${`{${values.map((v) => `"${v}"`).join(',')}}`}::text[]`;
}

/** Reference data the products point at, created once (by name) and reused on later runs. */
async function ensureReferenceData(db: Db) {
  await ensureShopBasics(db);
  await db.execute(sql`insert into outlets (name, code) values ('North store', 'NORTH'), ('South store', 'SOUTH') on conflict do nothing`);
  await db.execute(sql`insert into taxes (name, rate_e4, is_inclusive) values ('VAT 20%', 200000, true), ('Reduced VAT 5%', 50000, true) on conflict do nothing`);
  await db.execute(sql`insert into taxes (name, rate_e4, is_compound) values ('City tax 1.5%', 15000, true) on conflict do nothing`);
  await db.execute(sql`insert into additional_charges (name, kind, amount, per, is_taxable) values ('Bottle deposit', 'fixed', 25, 'unit', false) on conflict do nothing`);
  await db.execute(sql`insert into attributes (name) values ('Size') on conflict do nothing`);
  await db.execute(sql`insert into attribute_options (attribute_id, name, position)
    select a.id, o.name, o.n - 1 from attributes a, unnest(${textArray(['S', 'M', 'L', 'XL'])}) with ordinality as o(name, n)
    where lower(a.name) = 'size' on conflict do nothing`);
  await db.execute(sql`insert into categories (name, position)
    select name, n from unnest(${textArray(topCategories)}) with ordinality as t(name, n) on conflict do nothing`);
  await db.execute(sql`insert into categories (name, parent_id, position)
    select s.name, c.id, s.n from categories c, unnest(${textArray(subCategories)}) with ordinality as s(name, n)
    where c.parent_id is null and c.name = any(${textArray(topCategories)}) on conflict do nothing`);
}

/** One batch of products [from, to] (generator numbers), with everything that hangs off them. */
async function insertBatch(db: Db, from: number, to: number) {
  await db.transaction(async (tx) => {
    const lastId = await scalar<number>(tx as unknown as Db, sql`select coalesce(max(id), 0)::int as v from products`);
    // g is the product's number; 20 % of products (g % 5 = 0) have 2–4 size variants.
    await tx.execute(sql`
      insert into products (title, description, track_stock, status, created_at)
      select b.brand || ' ' || a.adj || ' ' || n.noun || ' ' || s.size,
             case when g % 3 = 0 then 'Generated for the catalogue benchmark.' end,
             g % 50 <> 0, case when g % 97 = 0 then 'archived' else 'active' end,
             now() - make_interval(secs => g)
      from generate_series(${from}::int, ${to}::int) g,
        lateral (select (${textArray(brands)})[1 + (g * 7) % ${brands.length}] as brand) b,
        lateral (select (${textArray(adjectives)})[1 + (g * 13 / 3) % ${adjectives.length}] as adj) a,
        lateral (select (${textArray(nouns)})[1 + (g * 31 / 7) % ${nouns.length}] as noun) n,
        lateral (select (${textArray(sizes)})[1 + (g / 11) % ${sizes.length}] as size) s
      order by g`);
    // Products of this batch, in the order they were inserted, numbered like the generator.
    const batch = sql`(select id, ${from}::int - 1 + row_number() over (order by id)::int as g from products where id > ${lastId}::int)`;
    await tx.execute(sql`
      with v as (
        insert into product_variants (product_id, name, sku, barcode, price, cost, is_default, position)
        select p.id,
               case when p.g % 5 = 0 then (${textArray(['S', 'M', 'L', 'XL'])})[k] else '' end,
               'BN-' || lpad(p.g::text, 7, '0') || case when p.g % 5 = 0 then '-' || k else '' end,
               body || (select (10 - sum(substr(body, i, 1)::int * case when i % 2 = 0 then 3 else 1 end) % 10) % 10
                        from generate_series(1, 12) i)::text,
               99 + (p.g * 37) % 4900 + (k - 1) * 100, 40 + (p.g * 17) % 2000, p.g % 5 <> 0, k - 1
        from ${batch} p,
          lateral generate_series(1, case when p.g % 5 = 0 then 2 + p.g % 3 else 1 end) k,
          lateral (select '590' || lpad((p.g * 4 + k)::text, 9, '0') as body) bc
        returning id, product_id, position, is_default
      )
      insert into variant_options (variant_id, option_id)
      select v.id, o.id from v join attribute_options o on o.position = v.position
        and o.attribute_id = (select id from attributes where lower(name) = 'size')
      where not v.is_default`);
    await tx.execute(sql`
      insert into product_attributes (product_id, attribute_id)
      select p.id, a.id from ${batch} p, attributes a where p.g % 5 = 0 and lower(a.name) = 'size'`);
    await tx.execute(sql`
      insert into product_categories (product_id, category_id)
      select p.id, c.id from ${batch} p
        join lateral (select id from categories where parent_id is not null order by id
                      offset (p.g % (select count(*) from categories where parent_id is not null)) limit 1) c on true
      union
      select p.id, c.id from ${batch} p
        join lateral (select id from categories where parent_id is null order by id
                      offset ((p.g / 3) % (select count(*) from categories where parent_id is null)) limit 1) c on true
      where p.g % 4 = 0`);
    await tx.execute(sql`
      insert into product_taxes (product_id, tax_id, position)
      select p.id, t.id, 0 from ${batch} p
        join taxes t on t.name = case when p.g % 6 = 0 then 'Reduced VAT 5%' else 'VAT 20%' end`);
    await tx.execute(sql`
      insert into product_charges (product_id, charge_id)
      select p.id, c.id from ${batch} p, additional_charges c where p.g % 25 = 0 and c.name = 'Bottle deposit'`);
    await tx.execute(sql`
      insert into product_images (product_id, file_name, position, is_main)
      select p.id, 'bench-' || p.g || '.png', 0, true from ${batch} p where p.g % 10 = 0`);
    // Two or three outlets hold each tracked variant; some are low or out.
    await tx.execute(sql`
      with levels as (
        insert into stock_levels (outlet_id, variant_id, quantity, low_stock_threshold)
        select o.id, v.id, ((v.id::bigint * 7919 + o.id::bigint * 104729) % 60)::int, case when v.id % 7 = 0 then 10 end
        from product_variants v join products p on p.id = v.product_id and p.track_stock
          cross join outlets o
        where v.product_id > ${lastId}::int and ((v.id + o.id) % 3 <> 0 or v.id % 4 = 0)
        returning outlet_id, variant_id, quantity
      )
      insert into stock_movements (outlet_id, variant_id, delta, quantity_after, reason, note)
      select outlet_id, variant_id, quantity, quantity, 'initial', 'Opening stock' from levels where quantity <> 0`);
    // The batch's stock summary per product and outlet (the product list's stock status), as the
    // server's writes keep it.
    await tx.execute(sql`select refresh_product_stock(array(select id from products where id > ${lastId}::int order by id))`);
  });
}

/** Adds `products` products to the database, in batches, printing progress. */
export async function generateCatalogue(handle: DatabaseHandle, options: GenerateOptions): Promise<void> {
  const log = options.log ?? console.log;
  const db = handle.db;
  await migrateDatabase(handle);
  await ensureReferenceData(db);
  const existing = await scalar<number>(db, sql`select count(*)::int as v from products`);
  const started = performance.now();
  for (let done = 0; done < options.products; done += BATCH) {
    const size = Math.min(BATCH, options.products - done);
    await insertBatch(db, existing + done + 1, existing + done + size);
    const seconds = (performance.now() - started) / 1000;
    log(`  ${(done + size).toLocaleString('en')} / ${options.products.toLocaleString('en')} products (${seconds.toFixed(0)} s)`);
  }
  // Vacuumed as well as analysed: the visibility map lets the list's counts and the word index be read
  // from their indexes alone, as autovacuum leaves a live database (this machine runs with it off).
  await db.execute(sql`vacuum analyze`);
  const variants = await scalar<number>(db, sql`select count(*)::int as v from product_variants`);
  const seconds = (performance.now() - started) / 1000;
  log(`Generated ${options.products.toLocaleString('en')} products (${variants.toLocaleString('en')} variants in the database) in ${seconds.toFixed(1)} s`);
}

/**
 * The benchmarks' kept catalogue: PostgreSQL at DATABASE_URL (`--driver postgres`) or PGlite in
 * DATA_DIR (default ./bench-data), migrated, and topped up to `wanted` products when it holds fewer.
 */
export async function openBenchCatalogue(driver: string | undefined, wanted: number): Promise<{ handle: DatabaseHandle; where: string; products: number }> {
  let handle: DatabaseHandle;
  let where: string;
  if (driver === 'postgres') {
    if (!process.env.DATABASE_URL) throw new Error('--driver postgres needs DATABASE_URL');
    handle = openPostgres(process.env.DATABASE_URL);
    where = 'PostgreSQL';
  } else {
    const dataDir = path.resolve(process.env.DATA_DIR ?? './bench-data');
    handle = await openPglite(dataDir);
    where = `PGlite in ${dataDir}`;
  }
  const count = () => scalar<number>(handle.db, sql`select count(*)::int as v from products`);
  await migrateDatabase(handle);
  const have = await count();
  if (have < wanted) {
    console.log(`${where} holds ${have.toLocaleString('en')} products; generating ${(wanted - have).toLocaleString('en')} more…`);
    await generateCatalogue(handle, { products: wanted - have });
  }
  return { handle, where, products: await count() };
}

async function main() {
  const { values } = parseArgs({ options: { products: { type: 'string', default: '100000' } } });
  const products = Number(values.products);
  if (!Number.isSafeInteger(products) || products < 1) throw new Error('--products must be a whole number above 0');
  const handle = await openDatabase({ DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: process.env.DATA_DIR ?? './bench-data' });
  console.log(`Generating ${products.toLocaleString('en')} products in ${handle.driver === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${process.env.DATA_DIR ?? './bench-data'}`}`);
  try {
    await generateCatalogue(handle, { products });
  } finally {
    await handle.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
