import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { SEARCH_COUNT_CAP } from './list.ts';

/**
 * A search counts its matches up to SEARCH_COUNT_CAP (search.ts): fewer are sorted and counted
 * exactly; more are paged by reading the word's products in title order from the word index, and
 * the total says "at least the cap". Both give pages in the list's order, a SKU match included.
 */
let ctx: TestContext;
let admin: TestClient;
const many = SEARCH_COUNT_CAP + 40;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await ctx.signIn('administrator')).client;
  const db = ctx.database.db;
  // Many "Harbour salt" products (numbered so the title order is known) and a few "Harbour pepper".
  await db.execute(sql`insert into products (title) select 'Harbour salt ' || lpad(g::text, 5, '0') from generate_series(1, ${many}) g`);
  await db.execute(sql`insert into products (title) select 'Harbour pepper ' || g from generate_series(1, 30) g`);
  await db.execute(sql`insert into product_variants (product_id, name, sku, price, cost, is_default, position)
    select id, '', 'HB-' || id, 100, 50, true, 0 from products where title like 'Harbour %'`);
  // A product found by its SKU only.
  await db.execute(sql`insert into products (title) values ('Sea crystals')`);
  await db.execute(sql`insert into product_variants (product_id, name, sku, price, cost, is_default, position)
    select id, '', 'SALT-CRYSTAL', 100, 50, true, 0 from products where title = 'Sea crystals'`);
  // 150 lanterns whose SKUs (ZQX-0001 …) run against their titles' order, and no title word starting "zqx".
  await db.execute(sql`insert into products (title) select 'Lantern ' || lpad((151 - g)::text, 3, '0') from generate_series(1, 150) g`);
  await db.execute(sql`insert into product_variants (product_id, name, sku, price, cost, is_default, position)
    select id, '', 'ZQX-' || lpad((151 - substr(title, 9)::int)::text, 4, '0'), 100, 50, true, 0 from products where title like 'Lantern %'`);
});
afterAll(() => ctx.close());

const search = async (term: string, page = 1, sort = 'title') => {
  const res = await admin.get(`/api/products?search=${encodeURIComponent(term)}&page=${page}&perPage=25&sort=${sort}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Array<{ title: string }>; meta: { total: number; lastPage: number; totalCapped?: boolean } };
};

describe('product search at scale', () => {
  it('counts a few matches exactly and sorts them', async () => {
    const { data, meta } = await search('pepper');
    expect(meta).toMatchObject({ total: 30, lastPage: 2 });
    expect(meta.totalCapped).toBeUndefined();
    expect(data.map((p) => p.title).slice(0, 3)).toEqual(['Harbour pepper 1', 'Harbour pepper 10', 'Harbour pepper 11']);
  });

  it('says "at least the cap" past it, and pages in title order, forwards and backwards', async () => {
    const first = await search('salt');
    expect(first.meta).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true, lastPage: SEARCH_COUNT_CAP / 25 });
    expect(first.data.map((p) => p.title).slice(0, 2)).toEqual(['Harbour salt 00001', 'Harbour salt 00002']);
    const third = await search('salt', 3);
    expect(third.data[0]?.title).toBe('Harbour salt 00051');
    const backwards = await search('salt', 1, '-title');
    // "Sea crystals" matches by its SKU (SALT-CRYSTAL) and sorts last by title.
    expect(backwards.data.map((p) => p.title).slice(0, 2)).toEqual(['Sea crystals', `Harbour salt ${String(many).padStart(5, '0')}`]);
  });

  it('pages a SKU prefix that a few hundred products share in title order, either way', async () => {
    const first = await search('ZQX-');
    expect(first.meta).toMatchObject({ total: 150, lastPage: 6 });
    expect(first.data.map((p) => p.title).slice(0, 2)).toEqual(['Lantern 001', 'Lantern 002']);
    expect((await search('zqx-0', 6)).data.map((p) => p.title)).toEqual(Array.from({ length: 25 }, (_, i) => `Lantern ${126 + i}`));
    expect((await search('ZQX-', 1, '-title')).data.map((p) => p.title).slice(0, 2)).toEqual(['Lantern 150', 'Lantern 149']);
    expect((await search('ZQX-00', 1)).meta.total).toBe(99);
  });

  it('finds a product by its SKU among the many', async () => {
    const { data, meta } = await search('SALT-CRY');
    expect(meta.total).toBe(1);
    expect(data.map((p) => p.title)).toEqual(['Sea crystals']);
  });
});

describe('a word that starts one title word is read in title order, the count and the page together', () => {
  beforeAll(async () => {
    const db = ctx.database.db;
    // 150 anchovies: more than are sorted by id, fewer than the cap, so every match is read.
    await db.execute(sql`insert into products (title) select 'Cove anchovy ' || g from generate_series(1, 150) g`);
    // "pepper" after punctuation is a word start too.
    await db.execute(sql`insert into products (title) values ('Harbour-pepper grinder')`);
  });

  it('pages a common word from the rows its count read: the first page and a later one', async () => {
    const first = await search('harbour');
    expect(first.meta).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true });
    expect(first.data.map((p) => p.title).slice(0, 2)).toEqual(['Harbour pepper 1', 'Harbour pepper 10']);
    // 30 peppers, then the salts from 00001: page 3 starts at the 51st match.
    expect((await search('harbour', 3)).data[0]?.title).toBe('Harbour salt 00021');
  });

  it('finds the first product with two common words by leaps, past the rows without the other word', async () => {
    // Both words start more rows than the cap; "harbour" (the longer) drives, and its 30 peppers come first.
    const first = await search('salt harbour');
    expect(first.meta).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true });
    expect(first.data.map((p) => p.title).slice(0, 2)).toEqual(['Harbour salt 00001', 'Harbour salt 00002']);
    expect((await search('salt harbour', 3)).data[0]?.title).toBe('Harbour salt 00051');
  });

  it('counts two words exactly from the first product with both, a word after punctuation included', async () => {
    const { data, meta } = await search('harbour pepper');
    expect(meta).toMatchObject({ total: 31, lastPage: 2 });
    expect(meta.totalCapped).toBeUndefined();
    const all = [...data, ...(await search('harbour pepper', 2)).data].map((p) => p.title);
    expect(all).toContain('Harbour-pepper grinder');
    expect(all.at(-1)).toBe('Harbour-pepper grinder');
  });

  it('pages every match read in either direction when all of them were read', async () => {
    const forwards = await search('anchovy');
    expect(forwards.meta).toMatchObject({ total: 150, lastPage: 6 });
    expect(forwards.data.map((p) => p.title).slice(0, 3)).toEqual(['Cove anchovy 1', 'Cove anchovy 10', 'Cove anchovy 100']);
    const backwards = await search('anchovy', 1, '-title');
    expect(backwards.data.map((p) => p.title).slice(0, 3)).toEqual(['Cove anchovy 99', 'Cove anchovy 98', 'Cove anchovy 97']);
    const lastBackwards = await search('anchovy', 6, '-title');
    expect(lastBackwards.data.map((p) => p.title).slice(-2)).toEqual(['Cove anchovy 10', 'Cove anchovy 1']);
  });

  it('reads a common word backwards past the cap, and among the products of the status asked for', async () => {
    const backwards = await search('harbour', 1, '-title');
    expect(backwards.meta).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true });
    // "Harbour-pepper grinder" sorts after every "Harbour s…" (a hyphen after a space).
    expect(backwards.data.map((p) => p.title).slice(0, 2)).toEqual(['Harbour-pepper grinder', `Harbour salt ${String(many).padStart(5, '0')}`]);

    await ctx.database.db.execute(sql`update products set status = 'archived' where title in ('Cove anchovy 1', 'Cove anchovy 10')`);
    const withStatus = async (status: string) => {
      const res = await admin.get(`/api/products?search=anchovy&status=${status}&perPage=25`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: Array<{ title: string }>; meta: { total: number } };
    };
    const active = await search('anchovy');
    expect(active.meta.total).toBe(148);
    expect(active.data.map((p) => p.title).slice(0, 2)).toEqual(['Cove anchovy 100', 'Cove anchovy 101']);
    expect((await withStatus('all')).meta.total).toBe(150);
    expect((await withStatus('all')).data.map((p) => p.title).slice(0, 2)).toEqual(['Cove anchovy 1', 'Cove anchovy 10']);
    expect((await withStatus('archived')).data.map((p) => p.title)).toEqual(['Cove anchovy 1', 'Cove anchovy 10']);
    await ctx.database.db.execute(sql`update products set status = 'active' where title in ('Cove anchovy 1', 'Cove anchovy 10')`);
  });
});

describe('two words that share few products, spread through both words’ rows', () => {
  beforeAll(async () => {
    // 1,100 "Cove pepper" products, every 50th with "salt" too: 22 matches, one in fifty of pepper's rows.
    await ctx.database.db.execute(sql`insert into products (title)
      select 'Cove pepper ' || lpad(g::text, 5, '0') || case when g % 50 = 0 then ' salt' else '' end from generate_series(1, 1100) g`);
  });

  it('counts them exactly and pages them in title order, either way', async () => {
    const { data, meta } = await search('pepper salt');
    expect(meta).toMatchObject({ total: 22, lastPage: 1 });
    expect(meta.totalCapped).toBeUndefined();
    expect(data.map((p) => p.title).slice(0, 2)).toEqual(['Cove pepper 00050 salt', 'Cove pepper 00100 salt']);
    expect(data).toHaveLength(22);
    const backwards = await search('salt pepper', 1, '-title');
    expect(backwards.data.map((p) => p.title).slice(0, 2)).toEqual(['Cove pepper 01100 salt', 'Cove pepper 01050 salt']);
    expect(await admin.get(`/api/products/count?search=${encodeURIComponent('pepper salt')}`).then((r) => r.json())).toEqual({ data: { count: 22 } });
  });

  it('checks a word that starts several title words on each of them', async () => {
    // "cov" starts "cove" only; "0" starts every number: the number is checked on each title.
    const { meta } = await search('pepper salt 011');
    expect(meta.total).toBe(1);
  });
});

describe('a word and the start of another, as they are typed', () => {
  beforeAll(async () => {
    // 300 "Quay anchor" products come first by title; the 41 with a word starting "sa" come after them.
    await ctx.database.db.execute(sql`insert into products (title)
      select 'Quay anchor ' || lpad(g::text, 3, '0') from generate_series(1, 300) g
      union all select 'Quay anchor sage'
      union all select 'Quay sack ' || lpad(g::text, 2, '0') from generate_series(1, 20) g
      union all select 'Quay sail ' || lpad(g::text, 2, '0') from generate_series(1, 20) g`);
  });

  it('finds the first title holding the word and any word the start begins, past those without, and counts them exactly', async () => {
    // "sa" starts "sack", "sage", "sail" and "salt": the first product with "quay" and any of them is found by leaps.
    const first = await search('quay sa');
    expect(first.meta).toMatchObject({ total: 41, lastPage: 2 });
    expect(first.meta.totalCapped).toBeUndefined();
    expect(first.data.map((p) => p.title).slice(0, 3)).toEqual(['Quay anchor sage', 'Quay sack 01', 'Quay sack 02']);
    expect(first.data.at(-1)?.title).toBe('Quay sail 04');
    const second = await search('quay sa', 2);
    expect(second.data.map((p) => p.title)).toEqual(Array.from({ length: 16 }, (_, i) => `Quay sail ${String(i + 5).padStart(2, '0')}`));
    const backwards = await search('sa quay', 1, '-title');
    expect(backwards.data.map((p) => p.title).slice(0, 2)).toEqual(['Quay sail 20', 'Quay sail 19']);
  });

  it('reads from the first title when the start begins too many words to leap to', async () => {
    // "1" starts the numbers 100–199, 10–19 and more: more words than are leapt to, and the count is still exact.
    const { data, meta } = await search('quay 1');
    expect(meta).toMatchObject({ total: 120, lastPage: 5 });
    expect(data.map((p) => p.title).slice(0, 2)).toEqual(['Quay anchor 100', 'Quay anchor 101']);
    expect((await search('quay 1', 5)).data.map((p) => p.title).at(-1)).toBe('Quay sail 19');
  });
});
