import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productCategories, products } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';

let ctx: TestContext;
let admin: TestClient;
let cashier: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await ctx.signIn('administrator')).client;
  cashier = (await ctx.signIn('cashier')).client;
});
afterAll(() => ctx.close());

type Row = { id: number; name: string; depth: number; parentName: string | null; productCount: number; childCount: number };

async function create(body: Record<string, unknown>): Promise<Row> {
  const res = await admin.post('/api/categories/create', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** Products filed straight into the database: the products screens are not what is under test. */
async function fileProducts(categoryId: number, titles: string[]): Promise<number[]> {
  const { db } = ctx.database;
  const rows = await db.insert(products).values(titles.map((title) => ({ title }))).returning({ id: products.id });
  await db.insert(productCategories).values(rows.map((r) => ({ productId: r.id, categoryId })));
  return rows.map((r) => r.id);
}

async function categoriesOf(productId: number): Promise<number[]> {
  const rows = await ctx.database.db
    .select({ id: productCategories.categoryId })
    .from(productCategories)
    .where(eq(productCategories.productId, productId));
  return rows.map((r) => r.id).sort();
}

describe('categories', () => {
  it('creates a category with defaults and reads it back for its form', async () => {
    const created = await create({ name: '  Bakery ', colour: '#F59E0B' });
    expect(created).toMatchObject({ name: 'Bakery', colour: '#f59e0b', position: 0, active: true, parentId: null, depth: 0, productCount: 0 });
    const read = await admin.get(`/api/categories/${created.id}/edit`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.name).toBe('Bakery');
  });

  it('refuses bad input with 422 on each field', async () => {
    const bad = await admin.post('/api/categories/create', { name: '', colour: 'red', position: -1, active: 'yes', parentId: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      name: ['The name field is required.'],
      colour: ['The colour must be a colour like #4f46e5.'],
      position: ['The position must be at least 0.'],
      active: ['The active field must be true or false.'],
      parentId: ['The parent must be an existing category.'],
    });
    const long = await admin.post('/api/categories/create', { name: 'x'.repeat(121) });
    expect(long.json().errors.name).toEqual(['The name may not be longer than 120 characters.']);
  });

  it('refuses a parent that does not exist and a duplicate name under the same parent, any case', async () => {
    const missing = await admin.post('/api/categories/create', { name: 'Orphan', parentId: 999999 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.parentId).toEqual(['The selected parent category does not exist.']);

    const drinks = await create({ name: 'Drinks' });
    await create({ name: 'Tea', parentId: drinks.id });
    const dup = await admin.post('/api/categories/create', { name: 'TEA', parentId: drinks.id });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.name).toEqual(['A category with this name already exists under this parent.']);
    // The same name under another parent is fine.
    expect((await admin.post('/api/categories/create', { name: 'Tea' })).statusCode).toBe(201);
  });

  it('lists the tree in order, parents before their children, with depth, parent name and product count', async () => {
    const ctx2 = await createTestContext();
    try {
      const client = (await ctx2.signIn('administrator')).client;
      const make = async (body: Record<string, unknown>) => (await client.post('/api/categories/create', body)).json().data as Row;
      const snacks = await make({ name: 'Snacks', position: 2 });
      const fruit = await make({ name: 'Fruit', position: 1 });
      await make({ name: 'Crisps', parentId: snacks.id });
      const apples = await make({ name: 'Apples', parentId: fruit.id });
      await make({ name: 'Green apples', parentId: apples.id });
      const list = (await client.get('/api/categories')).json();
      expect(list.data.map((c: Row) => `${'-'.repeat(c.depth)}${c.name}`)).toEqual(['Fruit', '-Apples', '--Green apples', 'Snacks', '-Crisps']);
      expect(list.data[1]).toMatchObject({ parentName: 'Fruit', childCount: 1, productCount: 0 });
      expect(list.meta).toEqual({ page: 1, perPage: 25, total: 5, lastPage: 1 });

      const byName = (await client.get('/api/categories?sort=-name&perPage=2')).json();
      expect(byName.data.map((c: Row) => c.name)).toEqual(['Snacks', 'Green apples']);
      const children = (await client.get(`/api/categories?parentId=${fruit.id}`)).json();
      expect(children.data.map((c: Row) => c.name)).toEqual(['Apples']);
      const roots = (await client.get('/api/categories?parentId=root')).json();
      expect(roots.data.map((c: Row) => c.name)).toEqual(['Fruit', 'Snacks']);
      const search = (await client.get('/api/categories?search=apple')).json();
      expect(search.data.map((c: Row) => c.name)).toEqual(['Apples', 'Green apples']);
      expect((await client.get('/api/categories?sort=secret')).statusCode).toBe(422);
      expect((await client.get('/api/categories?parentId=abc')).statusCode).toBe(422);

      const options = (await client.get('/api/categories/list')).json().data;
      expect(options.map((o: { name: string; depth: number }) => [o.name, o.depth])).toEqual([
        ['Fruit', 0],
        ['Apples', 1],
        ['Green apples', 2],
        ['Snacks', 0],
        ['Crisps', 1],
      ]);
      expect(Object.keys(options[0]).sort()).toEqual(['active', 'colour', 'depth', 'id', 'name', 'parentId']);
    } finally {
      await ctx2.close();
    }
  });

  it('counts with the list filters', async () => {
    await create({ name: 'Counted inactive', active: false });
    const all = (await admin.get('/api/categories/count')).json().data.count;
    const inactive = (await admin.get('/api/categories/count?active=0')).json();
    expect(inactive).toEqual({ data: { count: 1 } });
    const active = (await admin.get('/api/categories/count?active=1')).json().data.count;
    expect(active + 1).toBe(all);
    expect((await admin.get('/api/categories/count?search=counted')).json().data.count).toBe(1);
  });

  it('hides inactive branches from the sell screen list', async () => {
    const closed = await create({ name: 'Seasonal', active: false });
    const under = await create({ name: 'Pumpkins', parentId: closed.id });
    const visible = (await cashier.get('/api/categories/list?active=1')).json().data.map((o: { id: number }) => o.id);
    expect(visible).not.toContain(closed.id);
    expect(visible).not.toContain(under.id);
  });

  it('refuses to make a category its own parent or ancestor', async () => {
    const a = await create({ name: 'Loop A' });
    const b = await create({ name: 'Loop B', parentId: a.id });
    const c = await create({ name: 'Loop C', parentId: b.id });
    const self = await admin.put(`/api/categories/${a.id}/edit`, { name: 'Loop A', parentId: a.id });
    expect(self.statusCode).toBe(422);
    expect(self.json().errors.parentId).toEqual(['A category cannot be its own parent.']);
    const cycle = await admin.put(`/api/categories/${a.id}/edit`, { name: 'Loop A', parentId: c.id });
    expect(cycle.statusCode).toBe(422);
    expect(cycle.json().errors.parentId).toEqual(['A category cannot be moved under one of its own subcategories.']);
    // Moving the other way round is fine.
    const ok = await admin.put(`/api/categories/${c.id}/edit`, { name: 'Loop C', parentId: a.id, position: 4 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ parentId: a.id, parentName: 'Loop A', depth: 1, position: 4 });
  });

  it('never builds a loop from two moves at the same moment', async () => {
    const x = await create({ name: 'Race X' });
    const y = await create({ name: 'Race Y' });
    const [first, second] = await Promise.all([
      admin.put(`/api/categories/${x.id}/edit`, { name: 'Race X', parentId: y.id }),
      admin.put(`/api/categories/${y.id}/edit`, { name: 'Race Y', parentId: x.id }),
    ]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 422]);
  });

  it('answers 404 for a category that does not exist', async () => {
    expect((await admin.get('/api/categories/999999/edit')).statusCode).toBe(404);
    expect((await admin.put('/api/categories/999999/edit', { name: 'Nope' })).statusCode).toBe(404);
    expect((await admin.delete('/api/categories/999999')).statusCode).toBe(404);
  });

  it('deletes a category nothing uses', async () => {
    const lonely = await create({ name: 'Lonely' });
    expect((await admin.delete(`/api/categories/${lonely.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/categories/${lonely.id}/edit`)).statusCode).toBe(404);
  });

  it('refuses with 409 to delete a category products or subcategories use, saying what uses it', async () => {
    const dairy = await create({ name: 'Dairy' });
    await fileProducts(dairy.id, ['Milk', 'Butter']);
    const res = await admin.delete(`/api/categories/${dairy.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('“Dairy” is used by 2 products. Move its products to another category before deleting it.');
    expect((await admin.get(`/api/categories/${dairy.id}/edit`)).json().data.productCount).toBe(2);

    const parent = await create({ name: 'Household' });
    await create({ name: 'Cleaning', parentId: parent.id });
    const withChild = await admin.delete(`/api/categories/${parent.id}`);
    expect(withChild.statusCode).toBe(409);
    expect(withChild.json().message).toBe('“Household” has 1 subcategory. Move its subcategories before deleting it.');
  });

  it('with moveTo moves the products there and the subcategories up, then deletes, in one go', async () => {
    const food = await create({ name: 'Food' });
    const old = await create({ name: 'Old sweets', parentId: food.id });
    const child = await create({ name: 'Chocolate', parentId: old.id });
    const target = await create({ name: 'Sweets' });
    const [bar, gum] = await fileProducts(old.id, ['Bar', 'Gum']);
    // Gum is in the target already: it must not end up there twice.
    await ctx.database.db.insert(productCategories).values({ productId: gum as number, categoryId: target.id });
    const [before] = await ctx.database.db.select({ xid: products.changeXid }).from(products).where(eq(products.id, bar as number));

    const bad = await admin.delete(`/api/categories/${old.id}?moveTo=999999`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.moveTo).toEqual(['The category to move products to does not exist.']);

    const res = await admin.delete(`/api/categories/${old.id}?moveTo=${target.id}`);
    expect(res.statusCode).toBe(204);
    expect(await categoriesOf(bar as number)).toEqual([target.id]);
    expect(await categoriesOf(gum as number)).toEqual([target.id]);
    const moved = (await admin.get(`/api/categories/${child.id}/edit`)).json().data;
    expect(moved).toMatchObject({ parentId: food.id, depth: 1 });
    const [after] = await ctx.database.db.select({ xid: products.changeXid }).from(products).where(eq(products.id, bar as number));
    // Registers see the moved products as changed on their next sync.
    expect(BigInt(after?.xid ?? 0)).toBeGreaterThan(BigInt(before?.xid ?? 0));
    expect((await admin.get(`/api/categories/${target.id}/edit`)).json().data.productCount).toBe(2);
  });

  it('moves subcategories up with moveChildren=1, and refuses when a name would clash there', async () => {
    const top = await create({ name: 'Garden' });
    const middle = await create({ name: 'Plants', parentId: top.id });
    await create({ name: 'Seeds', parentId: middle.id });
    await create({ name: 'Seeds', parentId: top.id });
    const clash = await admin.delete(`/api/categories/${middle.id}?moveChildren=1`);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toMatch(/“Seeds” cannot move up one level/);
    expect((await admin.get(`/api/categories/${middle.id}/edit`)).statusCode).toBe(200);
  });

  it('applies bulk activate, deactivate, set parent and delete, reporting the rows it could not change', async () => {
    const a = await create({ name: 'Bulk A' });
    const b = await create({ name: 'Bulk B' });
    const used = await create({ name: 'Bulk used' });
    await fileProducts(used.id, ['Bulk product']);

    const off = await admin.post('/api/categories/update', { ids: [a.id, b.id], action: 'deactivate' });
    expect(off.json()).toEqual({ data: { affected: 2, failed: [] } });
    expect((await admin.get(`/api/categories/${a.id}/edit`)).json().data.active).toBe(false);
    const on = await admin.post('/api/categories/update', { ids: [a.id], action: 'activate' });
    expect(on.json().data.affected).toBe(1);

    const move = await admin.post('/api/categories/update', { ids: [a.id, b.id], action: 'setParent', values: { parentId: a.id } });
    expect(move.statusCode).toBe(200);
    expect(move.json().data.affected).toBe(1);
    expect(move.json().data.failed).toEqual([{ id: a.id, name: 'Bulk A', message: '“Bulk A”: A category cannot be its own parent.' }]);
    expect((await admin.get(`/api/categories/${b.id}/edit`)).json().data.parentId).toBe(a.id);

    const noParent = await admin.post('/api/categories/update', { ids: [a.id], action: 'setParent' });
    expect(noParent.statusCode).toBe(422);

    // The parent and its child go together (child first); the used one stays, reported.
    const del = await admin.post('/api/categories/update', { ids: [a.id, b.id, used.id], action: 'delete' });
    expect(del.statusCode).toBe(200);
    expect(del.json().data).toEqual({ affected: 2, failed: [{ id: used.id, name: 'Bulk used', message: '“Bulk used” is used by 1 product.' }] });
    expect((await admin.get(`/api/categories/${a.id}/edit`)).statusCode).toBe(404);

    const badAction = await admin.post('/api/categories/update', { ids: [a.id], action: 'explode' });
    expect(badAction.statusCode).toBe(422);
    expect(badAction.json().errors.action[0]).toMatch(/^The action must be one of/);
  });

  it('lets a cashier read the compact list but not manage categories', async () => {
    expect((await cashier.get('/api/categories/list')).statusCode).toBe(200);
    expect((await cashier.get('/api/categories')).statusCode).toBe(403);
    expect((await cashier.get('/api/categories/count')).statusCode).toBe(403);
    expect((await cashier.post('/api/categories/create', { name: 'Nope' })).statusCode).toBe(403);
    expect((await cashier.get('/api/categories/1/edit')).statusCode).toBe(403);
    expect((await cashier.put('/api/categories/1/edit', { name: 'Nope' })).statusCode).toBe(403);
    expect((await cashier.delete('/api/categories/1')).statusCode).toBe(403);
    expect((await cashier.post('/api/categories/update', { ids: [1], action: 'delete' })).statusCode).toBe(403);
    expect((await cashier.post('/api/categories/upload')).statusCode).toBe(403);
    expect((await ctx.client().get('/api/categories/list')).statusCode).toBe(401);
  });
});
