import { addDays, localDateOf, type AuditEntry } from '@tillbook/contract';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../../db/execute.ts';
import { databaseErrorOf } from '../../lib/db-errors.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import { seedSaleShop, type SaleShop } from '../orders/sale.fixtures.ts';
import { getShopTimeZone } from '../settings/service.ts';
import { auditVerifyReport, recordAudit, verifyAuditChain } from './service.ts';

let ctx: TestContext;
let shop: SaleShop;
let today: string;

// Rows the other areas write (sign-ins …) come and go as they are built: these tests find their own by this mark.
const mark = '[audit-test]';
const ours = `search=${encodeURIComponent(mark)}`;

async function list(query: string): Promise<{ data: AuditEntry[]; meta: { page: number; perPage: number; total: number; lastPage: number } }> {
  const res = await shop.admin.get(`/api/audit?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Runs a statement that must be refused; what the database said. */
async function refusalOf(query: SQL): Promise<{ code: string | undefined; message: string }> {
  try {
    await ctx.database.db.execute(query);
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return { code: databaseErrorOf(error)?.code, message: cause?.message ?? (error as Error).message };
  }
  throw new Error('the statement was not refused');
}

/** Changes the log behind the triggers' back, as someone with the database's superuser could. */
async function tamper(query: SQL) {
  await ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(query);
  });
}

const idsOf = async () => (await execute<{ id: number }>(ctx.database.db, sql`select id from audit_log order by id`)).map((r) => Number(r.id));

beforeAll(async () => {
  ctx = await createTestContext();
  shop = await seedSaleShop(ctx);
  today = localDateOf(new Date(), await getShopTimeZone(ctx.database.db));
  const db = ctx.database.db;
  const cashier = { id: shop.cashierId, name: 'cashier-one', ip: '10.0.0.7' };
  const admin = { id: shop.adminId, name: 'boss', ip: '10.0.0.1' };
  await recordAudit(db, cashier, { action: 'cashbox.open', summary: `Opened Till 1 with $100.00 ${mark}`, outletId: shop.main.id, registerId: shop.till.id, subject: { type: 'cashbox_session', id: 3 } });
  await recordAudit(db, admin, {
    action: 'refund.create',
    summary: `Refund MAIN-000012-R1 of $4.50 ${mark}`,
    outletId: shop.main.id,
    registerId: shop.till.id,
    subject: { type: 'refund', id: 12 },
    after: { amount: 450, tender: 'cash' },
    approval: { approverId: shop.adminId, approverName: 'Ada Approver' },
  });
  await recordAudit(db, admin, { action: 'product.price', summary: `Price of Mug changed ${mark}`, subject: { type: 'product', id: shop.mug.productId }, before: { price: 450 }, after: { price: 499 } });
  await recordAudit(db, cashier, { action: 'cashbox.cash_out', summary: `Cash out $20.00 "float, top-up" ${mark}`, outletId: shop.harbour.id, registerId: shop.harbourTill.id });
  await recordAudit(db, { id: null, name: 'ghost', ip: '10.0.0.9' }, { action: 'auth.sign_in_failed', summary: `Failed sign-in as ghost ${mark}` });
});
afterAll(() => ctx.close());

describe('the audit log list', () => {
  it('lists the entries newest first, with who, where, what, before → after and the approval', async () => {
    const { data, meta } = await list(ours);
    expect(meta.total).toBe(5);
    expect(data.map((e) => e.action)).toEqual(['auth.sign_in_failed', 'cashbox.cash_out', 'product.price', 'refund.create', 'cashbox.open']);
    expect(data.map((e) => e.id)).toEqual([...data.map((e) => e.id)].sort((a, b) => b - a));
    const [failed, cashOut, price, refund, open] = data;
    expect(open).toMatchObject({ userId: shop.cashierId, userName: 'cashier-one', outletName: shop.main.name, registerId: shop.till.id, registerName: 'Till 1', subjectType: 'cashbox_session', subjectId: '3', ip: '10.0.0.7', before: null, after: null });
    expect(refund).toMatchObject({ userName: 'boss', approvedById: shop.adminId, approvedByName: 'Ada Approver', after: { amount: 450, tender: 'cash' } });
    expect(price).toMatchObject({ before: { price: 450 }, after: { price: 499 }, registerId: null, registerName: null, outletName: null });
    expect(cashOut).toMatchObject({ outletName: 'Harbour Road', registerName: 'Harbour till' });
    expect(failed).toMatchObject({ userId: null, userName: 'ghost', summary: `Failed sign-in as ghost ${mark}` });
    expect(Date.parse(failed!.at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('filters by one action, by an area, by user, by register, by dates and by words of the summary', async () => {
    expect((await list(`${ours}&action=cashbox.open`)).data.map((e) => e.action)).toEqual(['cashbox.open']);
    expect((await list(`${ours}&action=cashbox`)).data.map((e) => e.action)).toEqual(['cashbox.cash_out', 'cashbox.open']);
    // An area is a whole word before the dot: "cash" is no area of "cashbox.…".
    expect((await list(`${ours}&action=cash`)).meta.total).toBe(0);
    expect((await list(`${ours}&userId=${shop.cashierId}`)).data.map((e) => e.action)).toEqual(['cashbox.cash_out', 'cashbox.open']);
    expect((await list(`${ours}&registerId=${shop.harbourTill.id}`)).data.map((e) => e.action)).toEqual(['cashbox.cash_out']);
    expect((await list(`${ours}&from=${today}&to=${today}`)).meta.total).toBe(5);
    expect((await list(`${ours}&to=${addDays(today, -1)}`)).meta.total).toBe(0);
    expect((await list(`${ours}&from=${addDays(today, 1)}`)).meta.total).toBe(0);
    expect((await list('search=MAIN-000012')).data.map((e) => e.action)).toEqual(['refund.create']);
    // % and _ are letters to the search, never wildcards.
    expect((await list('search=100%25')).meta.total).toBe(0);
  });

  it('pages through the entries', async () => {
    const second = await list(`${ours}&perPage=2&page=2`);
    expect(second.meta).toEqual({ page: 2, perPage: 2, total: 5, lastPage: 3 });
    expect(second.data.map((e) => e.action)).toEqual(['product.price', 'refund.create']);
    expect((await list(`${ours}&perPage=2&page=3`)).data.map((e) => e.action)).toEqual(['cashbox.open']);
  });

  it('refuses bad filters with a 422 on the field', async () => {
    for (const [query, field] of [
      ['action=refund;drop', 'action'],
      ['action=Refund.Create', 'action'],
      ['userId=1e3', 'userId'],
      ['registerId=-1', 'registerId'],
      ['from=2026-02-30', 'from'],
      [`from=${today}&to=${addDays(today, -1)}`, 'to'],
    ]) {
      const res = await shop.admin.get(`/api/audit?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors), query).toEqual([field]);
      expect((await shop.admin.get(`/api/audit/export?${query}`)).statusCode, query).toBe(422);
    }
  });

  it('is for administrators only: a cashier gets 403 on the list and the export', async () => {
    expect((await shop.cashier.get('/api/audit')).statusCode).toBe(403);
    expect((await shop.cashier.get('/api/audit/export')).statusCode).toBe(403);
    expect((await ctx.client().get('/api/audit')).statusCode).toBe(401);
  });
});

describe('the CSV export', () => {
  it('downloads the filtered entries newest first, and records the export itself', async () => {
    const res = await shop.admin.get(`/api/audit/export?${ours}&action=cashbox`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="audit-log-${today.replaceAll('-', '')}.csv"`);
    const lines = res.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,date,user,outlet,register,action,summary,subject,before,after,approved by,address');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^\d+,\d{4}-\d\d-\d\dT[\d:.]+Z,cashier-one,Harbour Road,Harbour till,cashbox\.cash_out,"Cash out \$20\.00 ""float, top-up"" \[audit-test\]",,,,,10\.0\.0\.7$/);
    expect(lines[2]).toContain(',cashier-one,Main store,Till 1,cashbox.open,Opened Till 1 with $100.00 [audit-test],cashbox_session 3,,,,10.0.0.7');

    const price = await shop.admin.get(`/api/audit/export?${ours}&action=product.price`);
    expect(price.body).toContain(',product.price,Price of Mug changed [audit-test],');
    expect(price.body).toContain(',"{""price"":450}","{""price"":499}",,10.0.0.1');

    const exports = await list('action=audit.export');
    expect(exports.meta.total).toBe(2);
    expect(exports.data[0]).toMatchObject({ userId: shop.adminId, summary: `Exported the audit log (action product.price, search “${mark}”)` });
    expect(exports.data[1]?.summary).toBe(`Exported the audit log (action cashbox, search “${mark}”)`);

    // A later export holds the earlier exports' entries, never its own.
    const all = await shop.admin.get(`/api/audit/export?${ours}`);
    const actions = all.body.trimEnd().split('\r\n').slice(1).map((line) => line.split(',')[5]);
    expect(actions).toEqual(['audit.export', 'audit.export', 'auth.sign_in_failed', 'cashbox.cash_out', 'product.price', 'refund.create', 'cashbox.open']);
    expect((await list('action=audit')).meta.total).toBe(3);
  });

  it('gives only the header when nothing matches (its own entry is not in it)', async () => {
    const res = await shop.admin.get('/api/audit/export?search=nothing-like-this');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('\uFEFFid,date,user,outlet,register,action,summary,subject,before,after,approved by,address\r\n');
  });
});

describe('the audit log cannot be changed', () => {
  it('refuses UPDATE, DELETE and TRUNCATE with TB010', async () => {
    const ids = await idsOf();
    const first = ids[0];
    for (const statement of [
      sql`update audit_log set summary = 'nothing happened' where id = ${first}`,
      sql`delete from audit_log where id = ${first}`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
    ]) {
      expect(await refusalOf(statement)).toEqual({ code: 'TB010', message: 'The audit log cannot be changed: rows are only ever added.' });
    }
    expect(await idsOf()).toEqual(ids);
  });

  it('numbers and chains every new row itself, whatever the writer sends', async () => {
    await ctx.database.db.execute(sql`insert into audit_log (id, action, summary, prev_hash, hash) values (1, 'settings.update', 'Forged', 'x', 'y')`);
    const [row] = await execute<{ id: number; prev_hash: string; hash: string }>(ctx.database.db, sql`select id, prev_hash, hash from audit_log order by id desc limit 1`);
    expect(Number(row!.id)).toBeGreaterThan(5);
    expect(row!.prev_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await verifyAuditChain(ctx.database.db)).ok).toBe(true);
  });
});

describe('verifying the chain (npm run audit:verify)', () => {
  it('passes on the log as written, counting every entry', async () => {
    const rows = (await idsOf()).length;
    expect(await verifyAuditChain(ctx.database.db, 3)).toMatchObject({ rows, ok: true });
    const report = await auditVerifyReport(ctx.database.db);
    expect(report.exitCode).toBe(0);
    expect(report.message.split('\n')[0]).toBe(`Audit log verified: ${rows} entries, chain intact.`);
  });

  it('names the entry that was edited directly, and passes again once it is put back', async () => {
    const ids = await idsOf();
    const edited = ids[2]!;
    const [original] = await execute<{ summary: string }>(ctx.database.db, sql`select summary from audit_log where id = ${edited}`);
    await tamper(sql`update audit_log set summary = 'Nothing to see here' where id = ${edited}`);
    // Batches of 2 so the break is found across a batch boundary too.
    const check = await verifyAuditChain(ctx.database.db, 2);
    expect(check).toMatchObject({ ok: false, firstBrokenId: edited, rows: 3 });
    expect(check.problem).toBe(`Entry ${edited} was changed after it was written: its contents no longer match its hash.`);
    const report = await auditVerifyReport(ctx.database.db);
    expect(report).toEqual({ exitCode: 1, message: `Audit log BROKEN at entry ${edited}: ${check.problem}` });

    await tamper(sql`update audit_log set summary = ${original!.summary} where id = ${edited}`);
    expect((await verifyAuditChain(ctx.database.db)).ok).toBe(true);
  });

  it('names the next entry when an edited row was given a fresh hash of its own', async () => {
    const ids = await idsOf();
    const edited = ids[1]!;
    const [original] = await execute<{ after: unknown; hash: string }>(ctx.database.db, sql`select after, hash from audit_log where id = ${edited}`);
    await tamper(sql`update audit_log set after = '{"amount": 45000}'::jsonb where id = ${edited}`);
    await tamper(sql`update audit_log a set hash = audit_entry_hash(a) where id = ${edited}`);
    expect(await verifyAuditChain(ctx.database.db)).toMatchObject({ ok: false, firstBrokenId: ids[2] });
    expect((await verifyAuditChain(ctx.database.db)).problem).toContain(`does not follow entry ${edited}`);

    await tamper(sql`update audit_log set after = ${JSON.stringify(original!.after)}::jsonb, hash = ${original!.hash} where id = ${edited}`);
    expect((await verifyAuditChain(ctx.database.db)).ok).toBe(true);
  });

  it('names the entry after a row deleted from the middle, and the first entry when the start is cut off', async () => {
    const ids = await idsOf();
    await tamper(sql`delete from audit_log where id = ${ids[3]}`);
    const check = await verifyAuditChain(ctx.database.db);
    expect(check).toMatchObject({ ok: false, firstBrokenId: ids[4], rows: 4 });
    expect(check.problem).toBe(`Entry ${ids[4]} does not follow entry ${ids[2]}: an entry between them was removed, or entry ${ids[2]} was rewritten.`);
    expect((await auditVerifyReport(ctx.database.db)).exitCode).toBe(1);

    await tamper(sql`delete from audit_log where id = ${ids[0]}`);
    expect(await verifyAuditChain(ctx.database.db)).toMatchObject({ ok: false, firstBrokenId: ids[1], rows: 1 });
  });
});
