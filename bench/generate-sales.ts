// Fills a database with a year of a shop chain's sales for the reports benchmark (issue 12,
// docs/performance.md "Reports"): orders, their lines and payments, refunds (about 2 % of orders)
// with their lines and payments, and the stock ledger (deliveries, sales, restocks) — consistent
// with each other as a sale and a refund write them, so the rebuilt summaries must add up.
//
// Set-based: INSERT … SELECT over generate_series, CHUNK orders per transaction. Every figure is
// drawn from the order's number g by integer hashing, so the same --lines give the same shop.
// The year is the 365 local days (the shop's time zone) ending today, shop hours 08:00–22:00,
// orders in id order = time order; none is after now.
//
// A line: unit price and cost of the variant (one variant in 20 sells with no cost), 1–3 units,
// 10 % off on one line in ten, one inclusive tax (the product's first): total = gross − discount,
// tax = round(total × rate ÷ (1 + rate)), net = total − tax, no charges. An order: 1–7 lines
// (mean 4), one payment (cash rounded up to 5.00 with change, card or other). A refund: the first
// line of every 50th order, whole, 1–10 days later (never after now), paid back by the same tender,
// restocked half the time. Stock: before each chunk's sales a delivery of what the chunk sells
// plus 20 arrives for every (outlet, variant) it sells; quantity_after runs in ledger order.
import { sql } from 'drizzle-orm';
import type { DatabaseHandle, Db } from '../apps/server/src/db/client.ts';
import { execute, executeOne } from '../apps/server/src/db/execute.ts';
import { ensureDefaultReceiptTemplate } from '../apps/server/src/modules/receipts/service.ts';
import { upsertUserByUsername } from '../apps/server/src/modules/users/service.ts';
import { generateCatalogue } from './generate-catalogue.ts';

const CHUNK = 50_000;
/** generate-catalogue makes about 1.4 variants per product. */
const VARIANTS_PER_PRODUCT = 1.4;
const REFUND_EVERY = 50;

export type SalesOptions = { lines: number; variants: number; log?: (line: string) => void };
export type SalesResult = { orders: number; lines: number; refunds: number; moves: number; seconds: number };

/** h(x): a well-spread 32-bit hash of an integer expression, in SQL. */
const hash = (x: ReturnType<typeof sql>) => sql`((((${x})::bigint * 2654435761) % 4294967296 + 4294967296) % 4294967296)`;

async function one<T extends Record<string, unknown>>(db: Db, query: ReturnType<typeof sql>): Promise<T> {
  const row = await executeOne<T>(db, query);
  if (!row) throw new Error('The query answered no row');
  return row;
}

/** Three outlets, two registers and two cashiers at each, and the variants the sales draw from. */
async function setUpChain(handle: DatabaseHandle, variants: number, log: (line: string) => void) {
  const db = handle.db;
  const have = await one<{ n: number }>(db, sql`select count(*)::int as n from product_variants`);
  if (have.n < variants) {
    const products = Math.ceil((variants - have.n) / VARIANTS_PER_PRODUCT);
    log(`Catalogue: generating ${products.toLocaleString('en')} products (about ${variants.toLocaleString('en')} variants)…`);
    await generateCatalogue(handle, { products, log });
  }
  await ensureDefaultReceiptTemplate(db);
  const outlets = await execute<{ id: number; code: string }>(db, sql`select id, code from outlets where code in ('MAIN', 'NORTH', 'SOUTH') order by id`);
  if (outlets.length !== 3) throw new Error('The generated shop has not the three outlets MAIN, NORTH, SOUTH');
  const template = await one<{ id: number }>(db, sql`select id from receipt_templates order by id limit 1`);
  const tills: Array<{ slot: number; outletId: number; code: string; registerId: number; userId: number }> = [];
  for (const [o, outlet] of outlets.entries()) {
    for (const r of [1, 2]) {
      const slug = `${outlet.code.toLowerCase()}-bench-till-${r}`;
      await db.execute(sql`insert into registers (name, slug, outlet_id, receipt_template_id)
        values (${`Till ${r}`}, ${slug}, ${outlet.id}, ${template.id}) on conflict do nothing`);
      const register = await one<{ id: number }>(db, sql`select id from registers where slug = ${slug}`);
      for (const c of [1, 2]) {
        const username = `bench-${outlet.code.toLowerCase()}-cashier-${c}`;
        const user =
          r === 1
            ? await upsertUserByUsername(db, { username, name: `${outlet.code} cashier ${c}`, type: 'cashier', password: 'bench-password-not-secret', outletId: outlet.id })
            : await one<{ id: number }>(db, sql`select id from users where username = ${username}`);
        tills.push({ slot: o * 4 + (r - 1) * 2 + (c - 1), outletId: outlet.id, code: outlet.code, registerId: register.id, userId: user.id });
      }
    }
  }
  await db.execute(sql`drop table if exists bench_tills`);
  await db.execute(sql`create table bench_tills (slot int primary key, outlet_id int, code text, register_id int, user_id int)`);
  for (const t of tills) await db.execute(sql`insert into bench_tills values (${t.slot}, ${t.outletId}, ${t.code}, ${t.registerId}, ${t.userId})`);
  // The variants sold, numbered 1…V, with what a line copies from them.
  await db.execute(sql`drop table if exists bench_variants`);
  await db.execute(sql`
    create table bench_variants as
    select row_number() over (order by v.id)::int as n, v.id as variant_id, v.product_id, p.title, v.name, v.sku, v.price,
      case when v.id % 20 = 0 then 0 else v.cost end as cost, p.track_stock, t.id as tax_id, t.name as tax_name, coalesce(t.rate_e4, 0)::bigint as rate_e4
    from (select * from product_variants order by id limit ${variants}) v
      join products p on p.id = v.product_id
      left join lateral (
        select t.id, t.name, t.rate_e4 from product_taxes pt join taxes t on t.id = pt.tax_id
        where pt.product_id = p.id and t.is_inclusive order by pt.position limit 1) t on true`);
  await db.execute(sql`alter table bench_variants add primary key (n)`);
  return (await one<{ n: number }>(db, sql`select count(*)::int as n from bench_variants`)).n;
}

/** Orders g in [from, to] of `total`, with everything that hangs off them, in one transaction. */
async function insertChunk(db: Db, p: { from: number; to: number; total: number; orderBase: number; refundBase: number; variants: number; skipKeyChecks: boolean }) {
  const { from, to, total, orderBase, refundBase, variants } = p;
  await db.transaction(async (tx) => {
    // Every row points at rows that exist by construction (and the check after the rebuild says
    // the documents add up): the foreign-key checks, three index probes per line and per ledger
    // row, are left out of the load, as pg_restore does. Only a superuser may.
    if (p.skipKeyChecks) await tx.execute(sql`set local session_replication_role = replica`);
    // The chunk's orders: when, where, how many lines, which tender.
    await tx.execute(sql`
      create temp table bench_o on commit drop as
      select g, ${orderBase}::int + g as id, t.outlet_id, t.code, t.register_id, t.user_id,
        1 + (${hash(sql`g * 7 + 3`)} % 7)::int as n,
        case when ${hash(sql`g * 11 + 5`)} % 100 < 40 then 'cash' when ${hash(sql`g * 11 + 5`)} % 100 < 95 then 'card' else 'other' end as tender,
        least(
          (((now() at time zone shop_time_zone())::date - 364 + ((g - 1)::bigint * 365 / ${total})::int) + time '08:00'
            + ((g - 1)::bigint * 365 % ${total})::float8 / ${total} * interval '14 hours') at time zone shop_time_zone(),
          now() - (${total} - g) * interval '1 millisecond') as ts
      from generate_series(${from}::int, ${to}::int) g
        join bench_tills t on t.slot = case when ${hash(sql`g`)} % 10 < 5 then 0 when ${hash(sql`g`)} % 10 < 8 then 1 else 2 end * 4
          + (g / 7) % 2 * 2 + (g / 13) % 2`);
    // Its lines, priced as the engine prices an inclusive tax; popular variants sell more (r² skew).
    await tx.execute(sql`
      create temp table bench_l on commit drop as
      select o.g, o.id as order_id, k, v.variant_id, v.product_id, v.title, v.name, v.sku, v.price, v.cost, v.track_stock,
        v.tax_id, v.tax_name, v.rate_e4, q.quantity, q.gross, q.discount, q.total,
        (q.total * v.rate_e4 * 2 + 1000000 + v.rate_e4) / (2 * (1000000 + v.rate_e4)) as tax
      from bench_o o
        cross join lateral generate_series(1, o.n) k
        cross join lateral (select ${hash(sql`o.g * 31 + k * 7919`)}::float8 / 4294967296 as r) x
        join bench_variants v on v.n = 1 + least(${variants - 1}, floor(${variants} * x.r * x.r)::int)
        cross join lateral (select 1 + case when ${hash(sql`o.g * 17 + k`)} % 4 = 0 then (${hash(sql`o.g * 19 + k`)} % 3)::int else 0 end as quantity) u
        cross join lateral (
          select u.quantity::bigint as quantity, v.price * u.quantity as gross,
            case when ${hash(sql`o.g * 23 + k`)} % 10 = 0 then (v.price * u.quantity + 5) / 10 else 0 end as discount,
            v.price * u.quantity - case when ${hash(sql`o.g * 23 + k`)} % 10 = 0 then (v.price * u.quantity + 5) / 10 else 0 end as total) q`);
    await tx.execute(sql`
      insert into orders (id, uuid, number, status, outlet_id, register_id, user_id, receipt_template_id, subtotal, line_discount_total,
        order_discount_total, charge_total, net_total, tax_total, total, paid, change, taxes, created_at, updated_at)
      select o.id, md5('bench-order-' || o.g)::uuid, o.code || '-B' || lpad(o.g::text, 8, '0'),
        case when o.g % ${REFUND_EVERY} <> 7 then 'paid' when o.n = 1 then 'refunded' else 'partially_refunded' end,
        o.outlet_id, o.register_id, o.user_id, (select id from receipt_templates order by id limit 1),
        s.gross, s.discount, 0, 0, s.total - s.tax, s.tax, s.total,
        case when o.tender = 'cash' then (s.total + 499) / 500 * 500 else s.total end,
        case when o.tender = 'cash' then (s.total + 499) / 500 * 500 - s.total else 0 end,
        coalesce(tx.taxes, '[]'::jsonb), o.ts, o.ts
      from bench_o o
        join (select g, sum(gross) as gross, sum(discount) as discount, sum(total) as total, sum(tax) as tax from bench_l group by g) s on s.g = o.g
        left join (
          select g, jsonb_agg(jsonb_build_object('id', tax_id, 'name', tax_name, 'rateE4', rate_e4, 'isInclusive', true, 'isCompound', false,
            'base', base, 'amount', amount) order by tax_id) as taxes
          from (select g, tax_id, tax_name, rate_e4, sum(total - tax) as base, sum(tax) as amount from bench_l where tax_id is not null
                group by g, tax_id, tax_name, rate_e4) t
          group by g) tx on tx.g = o.g
      order by o.id`);
    await tx.execute(sql`
      insert into order_lines (order_id, position, product_id, variant_id, title, variant_name, sku, quantity, unit_price, unit_cost,
        gross, discount, order_discount, net, charge_total, tax_total, total, taxes, charges)
      select order_id, k - 1, product_id, variant_id, title, name, sku, quantity, price, cost, gross, discount, 0, total - tax, 0, tax, total,
        case when tax_id is null then '[]'::jsonb else jsonb_build_array(jsonb_build_object('id', tax_id, 'name', tax_name, 'rateE4', rate_e4,
          'isInclusive', true, 'isCompound', false, 'base', total - tax, 'amount', tax)) end,
        '[]'::jsonb
      from bench_l order by order_id, k`);
    await tx.execute(sql`
      insert into order_payments (order_id, tender, amount, tendered, change, created_at)
      select o.id, o.tender, x.total, x.paid, x.change, o.ts from bench_o o join orders x on x.id = o.id order by o.id`);
    // Refunds: the first line of every 50th order, whole, some days later, by the same till.
    await tx.execute(sql`
      create temp table bench_r on commit drop as
      select ${refundBase}::int + o.g / ${REFUND_EVERY} + 1 as id, o.g, o.id as order_id, o.outlet_id, o.register_id, o.user_id, o.code, o.tender,
        l.id as order_line_id, l.variant_id, l.quantity, l.net, l.tax_total, l.total, l.taxes, o.g % ${REFUND_EVERY * 2} = 7 as restock,
        bl.track_stock, bl.cost,
        least(o.ts + (1 + o.g / ${REFUND_EVERY} % 10) * interval '1 day' + (o.g % 5) * interval '1 hour', now()) as ts
      from bench_o o
        join order_lines l on l.order_id = o.id and l.position = 0
        join bench_l bl on bl.g = o.g and bl.k = 1
      where o.g % ${REFUND_EVERY} = 7`);
    await tx.execute(sql`
      insert into refunds (id, order_id, number, outlet_id, register_id, user_id, reason, net_total, tax_total, total, taxes, created_at)
      select r.id, r.order_id, x.number || '-R1', r.outlet_id, r.register_id, r.user_id,
        case when r.restock then 'Changed their mind' else 'Damaged' end, r.net, r.tax_total, r.total, r.taxes, r.ts
      from bench_r r join orders x on x.id = r.order_id order by r.id`);
    await tx.execute(sql`
      insert into refund_lines (refund_id, order_line_id, variant_id, quantity, restock, net, tax_total, total, taxes)
      select id, order_line_id, variant_id, quantity, restock, net, tax_total, total, taxes from bench_r order by id`);
    await tx.execute(sql`insert into refund_payments (refund_id, tender, amount) select id, tender, total from bench_r order by id`);
    // The stock ledger: a delivery before the chunk's sales, the sales, the restocks; quantity_after running in that order.
    await tx.execute(sql`
      create temp table bench_m on commit drop as
      select s.outlet_id, s.variant_id, s.sold + 20 as delta, first.ts - interval '1 minute' as ts, 0 as kind, 'received' as reason,
        'Delivery' as note, null::text as document_type, null::int as document_id, null::int as user_id, s.cost, 0 as seq
      from (select o.outlet_id, l.variant_id, sum(l.quantity) as sold, max(l.cost) as cost
            from bench_l l join bench_o o on o.g = l.g where l.track_stock group by o.outlet_id, l.variant_id) s
        cross join (select min(ts) as ts from bench_o) first
      union all
      select o.outlet_id, l.variant_id, -l.quantity, o.ts, 1, 'sale', null, 'order', o.id, o.user_id, l.cost, l.k
      from bench_l l join bench_o o on o.g = l.g where l.track_stock
      union all
      select outlet_id, variant_id, quantity, ts, 2, 'refund', 'Refund ' || code || '-B' || lpad(g::text, 8, '0') || '-R1', 'refund', id, user_id, cost, 0
      from bench_r where restock and track_stock`);
    await tx.execute(sql`
      insert into stock_movements (outlet_id, variant_id, delta, quantity_after, unit_cost, reason, note, document_type, document_id, user_id, created_at)
      select m.outlet_id, m.variant_id, m.delta,
        coalesce(sl.quantity, 0) + sum(m.delta) over (partition by m.outlet_id, m.variant_id order by m.ts, m.kind, m.document_id, m.seq rows unbounded preceding),
        m.cost, m.reason, m.note, m.document_type, m.document_id, m.user_id, m.ts
      from bench_m m left join stock_levels sl on sl.outlet_id = m.outlet_id and sl.variant_id = m.variant_id
      order by m.ts, m.kind, m.document_id, m.seq`);
    await tx.execute(sql`
      insert into stock_levels as sl (outlet_id, variant_id, quantity)
      select outlet_id, variant_id, sum(delta) from bench_m group by outlet_id, variant_id order by 1, 2
      on conflict (outlet_id, variant_id) do update set quantity = sl.quantity + excluded.quantity`);
  });
}

/**
 * Generates `lines` order lines (about lines ÷ 4 orders) over the year ending today, on a
 * database that holds no orders yet; tops the catalogue up to `variants` variants first.
 */
export async function generateSales(handle: DatabaseHandle, options: SalesOptions): Promise<SalesResult> {
  const log = options.log ?? console.log;
  const db = handle.db;
  const started = performance.now();
  const variants = await setUpChain(handle, options.variants, log);
  const total = Math.max(1, Math.round(options.lines / 4));
  const superuser = await one<{ yes: boolean }>(db, sql`select coalesce((select rolsuper from pg_roles where rolname = current_user), false) as yes`);
  const base = await one<{ orders: number; refunds: number }>(db, sql`select coalesce((select max(id) from orders), 0)::int as orders, coalesce((select max(id) from refunds), 0)::int as refunds`);
  log(`Sales: ${total.toLocaleString('en')} orders (about ${(total * 4).toLocaleString('en')} lines) over ${variants.toLocaleString('en')} variants, ${CHUNK.toLocaleString('en')} orders per transaction`);
  for (let from = 1; from <= total; from += CHUNK) {
    const to = Math.min(total, from + CHUNK - 1);
    await insertChunk(db, { from, to, total, orderBase: base.orders, refundBase: base.refunds, variants, skipKeyChecks: superuser.yes });
    log(`  ${to.toLocaleString('en')} / ${total.toLocaleString('en')} orders (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  await db.execute(sql`select setval(pg_get_serial_sequence('orders', 'id'), (select max(id) from orders))`);
  await db.execute(sql`select setval(pg_get_serial_sequence('refunds', 'id'), greatest(1, (select coalesce(max(id), 0) from refunds)), (select count(*) > 0 from refunds))`);
  // A drawer open at every bench till (Till 1 by cashier 1, Till 2 by cashier 2), as in a shop during the day.
  await db.execute(sql`insert into cashbox_sessions (register_id, outlet_id, opened_by, opening_float)
    select register_id, outlet_id, user_id, 20000 from bench_tills t
    where slot % 2 = slot / 2 % 2 and not exists (select 1 from cashbox_sessions s where s.register_id = t.register_id and s.status = 'open')
      and not exists (select 1 from cashbox_sessions s where s.opened_by = t.user_id and s.status = 'open')`);
  // The levels moved outside the ledger's function: the stock summary per product is recomputed.
  await db.execute(sql`select rebuild_product_stock()`);
  await db.execute(sql`analyze`);
  const counts = await one<SalesResult>(
    db,
    sql`select (select count(*) from orders)::int as orders, (select count(*) from order_lines)::int as lines,
          (select count(*) from refunds)::int as refunds, (select count(*) from stock_movements)::int as moves, 0 as seconds`,
  );
  return { ...counts, seconds: (performance.now() - started) / 1000 };
}

/** The documents agree with themselves: lines, orders, payments and refunds as a sale and a refund write them. */
export async function checkDocuments(db: Db): Promise<{ ok: boolean; line: string }> {
  const row = await one<Record<string, number>>(
    db,
    sql`select
      (select count(*) from order_lines where total <> net + tax_total + charge_total or gross - discount - order_discount <> net + tax_total
         or gross <> unit_price * quantity)::int as "lines whose total is not net + tax",
      (select count(*) from orders o join (select order_id, sum(total) as total, sum(net) as net, sum(tax_total) as tax from order_lines group by order_id) l
         on l.order_id = o.id where o.total <> l.total or o.net_total <> l.net or o.tax_total <> l.tax or o.subtotal - o.line_discount_total <> o.total)::int
         as "orders whose totals are not their lines'",
      (select count(*) from orders o join (select order_id, sum(amount) as amount from order_payments group by order_id) p on p.order_id = o.id
         where p.amount <> o.total)::int as "orders whose payments are not their total",
      (select count(*) from refunds r join (select refund_id, sum(total) as total from refund_lines group by refund_id) l on l.refund_id = r.id
         join orders o on o.id = r.order_id where l.total <> r.total or r.created_at < o.created_at)::int as "refunds not as their lines or before their sale",
      (select count(*) from orders where created_at > now())::int as "orders after now"`,
  );
  const wrong = Object.entries(row).filter(([, n]) => n !== 0);
  return wrong.length === 0
    ? { ok: true, line: 'documents add up: every line total = net + tax, every order = its lines = its payment, every refund = its lines and after its sale' }
    : { ok: false, line: `documents DO NOT add up: ${wrong.map(([what, n]) => `${n} ${what}`).join('; ')}` };
}
