import type { Attribute } from '@tillbook/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productAttributes, productVariants, products, variantOptions } from '../../db/schema/index.ts';
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

let unique = 0;
/** A fresh attribute name per test, so tests never share data. */
function nameOf(base: string) {
  unique += 1;
  return `${base} ${unique}`;
}

async function createAttribute(name: string, options: string[]): Promise<Attribute> {
  const res = await admin.post('/api/attributes/create', { name, options: options.map((o) => ({ name: o })) });
  expect(res.statusCode).toBe(201);
  return res.json().data;
}

async function readAttribute(id: number): Promise<Attribute> {
  return (await admin.get(`/api/attributes/${id}/edit`)).json().data;
}

function optionId(attribute: Attribute, name: string): number {
  const option = attribute.options.find((o) => o.name === name);
  if (!option) throw new Error(`no option ${name}`);
  return option.id;
}

/** A product whose variants are made of these attributes, one variant per option list. */
async function createProductWithVariants(attributeIds: number[], variants: Array<{ name: string; optionIds: number[] }>) {
  const { db } = ctx.database;
  unique += 1;
  const [product] = await db.insert(products).values({ title: `Product ${unique}` }).returning();
  if (!product) throw new Error('no product');
  await db.insert(productAttributes).values(attributeIds.map((attributeId, position) => ({ productId: product.id, attributeId, position })));
  for (const [position, variant] of variants.entries()) {
    const [row] = await db
      .insert(productVariants)
      .values({ productId: product.id, name: variant.name, sku: `SKU-${unique}-${position}`, price: 1000, position })
      .returning();
    if (!row) throw new Error('no variant');
    await db.insert(variantOptions).values(variant.optionIds.map((id) => ({ variantId: row.id, optionId: id })));
  }
  return product;
}

async function variantNamesOf(productId: number): Promise<string[]> {
  const rows = await ctx.database.db
    .select({ name: productVariants.name })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(productVariants.position);
  return rows.map((r) => r.name);
}

describe('creating and listing attributes', () => {
  it('creates Size with S, M, L in one go, options in order', async () => {
    const res = await admin.post('/api/attributes/create', { name: ' Size ', options: [{ name: 'S' }, { name: 'M' }, { name: ' L ' }] });
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({ name: 'Size', productCount: 0 });
    expect(created.options.map((o: { name: string; position: number; isUsed: boolean }) => [o.name, o.position, o.isUsed])).toEqual([
      ['S', 0, false],
      ['M', 1, false],
      ['L', 2, false],
    ]);
    expect(await readAttribute(created.id)).toEqual(created);
  });

  it('lists attributes with their options in position order and the number of products using each', async () => {
    const colour = await createAttribute(nameOf('Colour'), ['Red', 'Blue']);
    await createProductWithVariants([colour.id], [{ name: 'Red', optionIds: [optionId(colour, 'Red')] }]);
    await createProductWithVariants([colour.id], [{ name: 'Blue', optionIds: [optionId(colour, 'Blue')] }]);

    const res = await admin.get(`/api/attributes?search=${encodeURIComponent(colour.name)}`);
    expect(res.statusCode).toBe(200);
    const [item] = res.json().data;
    expect(item).toMatchObject({ id: colour.id, productCount: 2 });
    expect(item.options.map((o: { name: string; isUsed: boolean }) => [o.name, o.isUsed])).toEqual([
      ['Red', true],
      ['Blue', true],
    ]);
    expect(res.json().meta).toEqual({ page: 1, perPage: 25, total: 1, lastPage: 1 });
  });

  it('finds an attribute by one of its options, with % and _ taken literally', async () => {
    const material = await createAttribute(nameOf('Material'), ['Cotton', 'Merino_wool']);
    const byOption = (await admin.get('/api/attributes?search=merino_')).json();
    expect(byOption.data.map((a: Attribute) => a.id)).toEqual([material.id]);
    expect((await admin.get('/api/attributes?search=%25')).json().data).toEqual([]);
  });

  it('sorts by name either way, paginates, and refuses an unknown sort', async () => {
    await createAttribute(nameOf('aaa first'), ['x']);
    await createAttribute(nameOf('ZZZ last'), ['x']);
    const ascending = (await admin.get('/api/attributes?perPage=1')).json();
    expect(ascending.data[0].name).toMatch(/^aaa first/);
    expect(ascending.meta.perPage).toBe(1);
    expect(ascending.meta.lastPage).toBe(ascending.meta.total);
    const descending = (await admin.get('/api/attributes?sort=-name&perPage=1')).json();
    expect(descending.data[0].name).toMatch(/^ZZZ last/);
    const bad = await admin.get('/api/attributes?sort=options');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.sort[0]).toMatch(/^The sort must be one of: name, -name, createdAt, -createdAt/);
  });
});

describe('validation', () => {
  it('requires a name of at most 60 characters and at least one option', async () => {
    const res = await admin.post('/api/attributes/create', { name: '', options: [] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ['The name field is required.'],
      options: ['The attribute needs at least one option.'],
    });
    const long = await admin.post('/api/attributes/create', { name: 'x'.repeat(61), options: [{ name: 'y'.repeat(61) }] });
    expect(long.json().errors).toEqual({
      name: ['The name may not be longer than 60 characters.'],
      'options.0.name': ['The option name may not be longer than 60 characters.'],
    });
    const missing = await admin.post('/api/attributes/create', { name: 'No options' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.options).toEqual(['The attribute needs at least one option.']);
  });

  it('refuses a name another attribute has, whatever its case', async () => {
    const name = nameOf('Fit');
    await createAttribute(name, ['Slim']);
    const res = await admin.post('/api/attributes/create', { name: name.toUpperCase(), options: [{ name: 'Slim' }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ name: ['An attribute with this name already exists.'] });
  });

  it('names the row of a repeated or a blank option', async () => {
    const res = await admin.post('/api/attributes/create', {
      name: nameOf('Length'),
      options: [{ name: 'Short' }, { name: '' }, { name: 'SHORT' }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'options.1.name': ['The option name field is required.'],
      'options.2.name': ['The option “SHORT” appears more than once.'],
    });
  });

  it('accepts 100 options and refuses 101', async () => {
    const options = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `Shade ${i + 1}` }));
    expect((await admin.post('/api/attributes/create', { name: nameOf('Shade'), options: options(100) })).statusCode).toBe(201);
    const res = await admin.post('/api/attributes/create', { name: nameOf('Shade'), options: options(101) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ options: ['The attribute may have at most 100 options.'] });
  });

  it('answers 404 for an attribute that does not exist and 422 for a bad id', async () => {
    expect((await admin.get('/api/attributes/99999/edit')).statusCode).toBe(404);
    expect((await admin.put('/api/attributes/99999/edit', { name: 'X', options: [{ name: 'Y' }] })).statusCode).toBe(404);
    expect((await admin.delete('/api/attributes/99999')).statusCode).toBe(404);
    expect((await admin.get('/api/attributes/abc/edit')).statusCode).toBe(422);
  });
});

describe('replacing the option list (PUT /api/attributes/{id}/edit)', () => {
  it('keeps the ids of kept options, renames and reorders them, adds new ones and removes dropped ones', async () => {
    const size = await createAttribute(nameOf('Size'), ['S', 'M', 'L']);
    const [s, m, l] = size.options.map((o) => o.id);
    const res = await admin.put(`/api/attributes/${size.id}/edit`, {
      name: `${size.name} (EU)`,
      options: [{ id: l, name: 'L' }, { id: s, name: 'Small' }, { name: 'XL' }],
    });
    expect(res.statusCode).toBe(200);
    const updated: Attribute = res.json().data;
    expect(updated.name).toBe(`${size.name} (EU)`);
    expect(updated.options.map((o) => [o.id, o.name, o.position])).toEqual([
      [l, 'L', 0],
      [s, 'Small', 1],
      [expect.any(Number), 'XL', 2],
    ]);
    expect(updated.options.some((o) => o.id === m)).toBe(false);
    expect(await readAttribute(size.id)).toEqual(updated);
  });

  it('swaps two names without tripping over its own uniqueness', async () => {
    const size = await createAttribute(nameOf('Size'), ['S', 'M']);
    const [s, m] = size.options.map((o) => o.id);
    const res = await admin.put(`/api/attributes/${size.id}/edit`, { name: size.name, options: [{ id: s, name: 'M' }, { id: m, name: 'S' }] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.options.map((o: { id: number; name: string }) => [o.id, o.name])).toEqual([
      [s, 'M'],
      [m, 'S'],
    ]);
  });

  it('keeps an option that was removed and typed again, so its variants stay', async () => {
    const size = await createAttribute(nameOf('Size'), ['S', 'M']);
    const m = optionId(size, 'M');
    await createProductWithVariants([size.id], [{ name: 'M', optionIds: [m] }]);
    const res = await admin.put(`/api/attributes/${size.id}/edit`, { name: size.name, options: [{ name: 'm' }, { id: optionId(size, 'S'), name: 'S' }] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.options.map((o: { id: number; name: string; isUsed: boolean }) => [o.id, o.name, o.isUsed])).toEqual([
      [m, 'm', true],
      [optionId(size, 'S'), 'S', false],
    ]);
  });

  it('refuses with 409, naming it, to remove an option a variant uses, and changes nothing', async () => {
    const size = await createAttribute(nameOf('Size'), ['S', 'M', 'L']);
    await createProductWithVariants([size.id], [
      { name: 'M', optionIds: [optionId(size, 'M')] },
      { name: 'L', optionIds: [optionId(size, 'L')] },
    ]);
    const onlyS = await admin.put(`/api/attributes/${size.id}/edit`, {
      name: `${size.name} renamed`,
      options: [{ id: optionId(size, 'S'), name: 'Small' }, { name: 'XL' }],
    });
    expect(onlyS.statusCode).toBe(409);
    expect(onlyS.json().message).toBe(
      'The options “M”, “L” are used by 2 product variants, so they cannot be removed. Remove those variants from their products first.',
    );
    const dropM = await admin.put(`/api/attributes/${size.id}/edit`, {
      name: size.name,
      options: [{ id: optionId(size, 'S'), name: 'S' }, { id: optionId(size, 'L'), name: 'L' }],
    });
    expect(dropM.statusCode).toBe(409);
    expect(dropM.json().message).toMatch(/^The option “M” is used by 1 product variant, so it cannot be removed\./);
    expect(await readAttribute(size.id)).toMatchObject({ name: size.name, options: size.options.map((o) => ({ ...o, isUsed: o.name !== 'S' })) });
  });

  it('refuses an option id of another attribute on its row', async () => {
    const size = await createAttribute(nameOf('Size'), ['S']);
    const colour = await createAttribute(nameOf('Colour'), ['Red']);
    const res = await admin.put(`/api/attributes/${size.id}/edit`, {
      name: size.name,
      options: [{ id: optionId(size, 'S'), name: 'S' }, { id: optionId(colour, 'Red'), name: 'Red' }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'options.1.id': ['This option no longer exists. Reload the attribute and try again.'] });
  });

  it('renames the variants made with a renamed option, in the product’s attribute order', async () => {
    const size = await createAttribute(nameOf('Size'), ['S', 'M']);
    const colour = await createAttribute(nameOf('Colour'), ['Red']);
    const product = await createProductWithVariants(
      [size.id, colour.id],
      [
        { name: 'S / Red', optionIds: [optionId(size, 'S'), optionId(colour, 'Red')] },
        { name: 'M / Red', optionIds: [optionId(size, 'M'), optionId(colour, 'Red')] },
      ],
    );
    const [before] = await ctx.database.db.select({ xid: products.changeXid }).from(products).where(eq(products.id, product.id));
    const res = await admin.put(`/api/attributes/${colour.id}/edit`, { name: colour.name, options: [{ id: optionId(colour, 'Red'), name: 'Crimson' }] });
    expect(res.statusCode).toBe(200);
    expect(await variantNamesOf(product.id)).toEqual(['S / Crimson', 'M / Crimson']);
    const [after] = await ctx.database.db.select({ xid: products.changeXid }).from(products).where(eq(products.id, product.id));
    expect(BigInt(after?.xid ?? 0)).toBeGreaterThan(BigInt(before?.xid ?? 0));
  });
});

describe('deleting an attribute', () => {
  it('deletes an attribute no product uses, with its options', async () => {
    const size = await createAttribute(nameOf('Size'), ['S', 'M']);
    expect((await admin.delete(`/api/attributes/${size.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/attributes/${size.id}/edit`)).statusCode).toBe(404);
    expect((await admin.get(`/api/attributes/options/${optionId(size, 'S')}/edit`)).statusCode).toBe(404);
  });

  it('refuses with 409 while a product uses it', async () => {
    const size = await createAttribute(nameOf('Size'), ['S']);
    await createProductWithVariants([size.id], [{ name: 'S', optionIds: [optionId(size, 'S')] }]);
    const res = await admin.delete(`/api/attributes/${size.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`The attribute “${size.name}” is used by 1 product. Remove it from those products before deleting it.`);
    expect((await admin.get(`/api/attributes/${size.id}/edit`)).statusCode).toBe(200);
  });
});

describe('roles', () => {
  it('lets a cashier read the list (the sell screen names variants) but change nothing', async () => {
    const size = await createAttribute(nameOf('Size'), ['S']);
    const s = optionId(size, 'S');
    const input = { name: 'Cashier size', options: [{ name: 'S' }] };
    expect((await cashier.get('/api/attributes')).statusCode).toBe(200);
    const forbidden = [
      await cashier.post('/api/attributes/create', input),
      await cashier.get(`/api/attributes/${size.id}/edit`),
      await cashier.put(`/api/attributes/${size.id}/edit`, input),
      await cashier.delete(`/api/attributes/${size.id}`),
      await cashier.post('/api/attributes/options/create', { attributeId: size.id, name: 'M' }),
      await cashier.get(`/api/attributes/options/${s}/edit`),
      await cashier.put(`/api/attributes/options/${s}/edit`, { name: 'Small' }),
      await cashier.delete(`/api/attributes/options/${s}`),
    ];
    expect(forbidden.map((r) => r.statusCode)).toEqual(Array(8).fill(403));
    expect(forbidden[0]?.json().message).toBe('This action is unauthorized.');
    expect(await readAttribute(size.id)).toEqual(size);
  });

  it('answers 401 to a visitor who is not signed in', async () => {
    expect((await ctx.client().get('/api/attributes')).statusCode).toBe(401);
  });
});
