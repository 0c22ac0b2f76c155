import type { Attribute, AttributeOption } from '@tillbook/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productAttributes, productVariants, products, variantOptions } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';

let ctx: TestContext;
let admin: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await ctx.signIn('administrator')).client;
});
afterAll(() => ctx.close());

let unique = 0;
async function createAttribute(options: string[]): Promise<Attribute> {
  unique += 1;
  const res = await admin.post('/api/attributes/create', { name: `Size ${unique}`, options: options.map((name) => ({ name })) });
  expect(res.statusCode).toBe(201);
  return res.json().data;
}

async function optionNames(attributeId: number): Promise<string[]> {
  const attribute: Attribute = (await admin.get(`/api/attributes/${attributeId}/edit`)).json().data;
  expect(attribute.options.map((o) => o.position)).toEqual(attribute.options.map((_, i) => i));
  return attribute.options.map((o) => o.name);
}

function idOf(attribute: Attribute, name: string): number {
  return attribute.options.find((o) => o.name === name)?.id ?? 0;
}

/** A product with one variant made of the given option. */
async function useOption(attributeId: number, optionId: number, variantName: string) {
  const { db } = ctx.database;
  unique += 1;
  const [product] = await db.insert(products).values({ title: `Shirt ${unique}` }).returning();
  if (!product) throw new Error('no product');
  await db.insert(productAttributes).values({ productId: product.id, attributeId });
  const [variant] = await db.insert(productVariants).values({ productId: product.id, name: variantName, sku: `SH-${unique}`, price: 1500 }).returning();
  if (!variant) throw new Error('no variant');
  await db.insert(variantOptions).values({ variantId: variant.id, optionId });
  return variant;
}

describe('POST /api/attributes/options/create', () => {
  it('adds an option at the end', async () => {
    const size = await createAttribute(['S', 'M']);
    const res = await admin.post('/api/attributes/options/create', { attributeId: size.id, name: ' L ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ attributeId: size.id, name: 'L', position: 2, isUsed: false });
    expect(await optionNames(size.id)).toEqual(['S', 'M', 'L']);
  });

  it('adds an option at a given position, moving the others down', async () => {
    const size = await createAttribute(['S', 'L']);
    const res = await admin.post('/api/attributes/options/create', { attributeId: size.id, name: 'M', position: 1 });
    expect(res.json().data.position).toBe(1);
    await admin.post('/api/attributes/options/create', { attributeId: size.id, name: 'XS', position: 0 });
    await admin.post('/api/attributes/options/create', { attributeId: size.id, name: 'XL', position: 99 });
    expect(await optionNames(size.id)).toEqual(['XS', 'S', 'M', 'L', 'XL']);
  });

  it('refuses a name the attribute already has, a missing attribute and bad input with 422', async () => {
    const size = await createAttribute(['S']);
    const dup = await admin.post('/api/attributes/options/create', { attributeId: size.id, name: 's' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ name: ['This attribute already has the option “S”.'] });
    const missing = await admin.post('/api/attributes/options/create', { attributeId: 99999, name: 'M' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ attributeId: ['The selected attribute does not exist.'] });
    const bad = await admin.post('/api/attributes/options/create', { name: '', position: -1 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      attributeId: ['The attribute field is required.'],
      name: ['The option name field is required.'],
      position: ['The position must be at least 0.'],
    });
  });

  it('refuses a 101st option', async () => {
    const many = await createAttribute(Array.from({ length: 100 }, (_, i) => `N${i}`));
    const res = await admin.post('/api/attributes/options/create', { attributeId: many.id, name: 'One more' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.name).toEqual([`The attribute “${many.name}” already has 100 options, the most it may have.`]);
  });
});

describe('GET and PUT /api/attributes/options/{id}/edit', () => {
  it('reads one option', async () => {
    const size = await createAttribute(['S', 'M']);
    const res = await admin.get(`/api/attributes/options/${idOf(size, 'M')}/edit`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(size.options[1]);
    expect((await admin.get('/api/attributes/options/99999/edit')).statusCode).toBe(404);
  });

  it('renames an option and the variants made with it', async () => {
    const size = await createAttribute(['S', 'M']);
    const variant = await useOption(size.id, idOf(size, 'M'), 'M');
    const res = await admin.put(`/api/attributes/options/${idOf(size, 'M')}/edit`, { name: 'Medium' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject<Partial<AttributeOption>>({ name: 'Medium', position: 1, isUsed: true });
    const [row] = await ctx.database.db.select({ name: productVariants.name }).from(productVariants).where(eq(productVariants.id, variant.id));
    expect(row?.name).toBe('Medium');
  });

  it('moves an option to a new position', async () => {
    const size = await createAttribute(['S', 'M', 'L', 'XL']);
    const res = await admin.put(`/api/attributes/options/${idOf(size, 'XL')}/edit`, { name: 'XL', position: 0 });
    expect(res.json().data.position).toBe(0);
    expect(await optionNames(size.id)).toEqual(['XL', 'S', 'M', 'L']);
    await admin.put(`/api/attributes/options/${idOf(size, 'S')}/edit`, { name: 'S', position: 3 });
    expect(await optionNames(size.id)).toEqual(['XL', 'M', 'L', 'S']);
  });

  it('refuses a name another option of the attribute has, but allows a change of case', async () => {
    const size = await createAttribute(['S', 'M']);
    const clash = await admin.put(`/api/attributes/options/${idOf(size, 'M')}/edit`, { name: 'S' });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors).toEqual({ name: ['This attribute already has the option “S”.'] });
    const recased = await admin.put(`/api/attributes/options/${idOf(size, 'M')}/edit`, { name: 'm' });
    expect(recased.statusCode).toBe(200);
    expect((await admin.put('/api/attributes/options/99999/edit', { name: 'x' })).statusCode).toBe(404);
  });
});

describe('DELETE /api/attributes/options/{id}', () => {
  it('deletes an option no variant uses and closes the gap', async () => {
    const size = await createAttribute(['S', 'M', 'L']);
    expect((await admin.delete(`/api/attributes/options/${idOf(size, 'M')}`)).statusCode).toBe(204);
    expect(await optionNames(size.id)).toEqual(['S', 'L']);
    expect((await admin.delete(`/api/attributes/options/${idOf(size, 'M')}`)).statusCode).toBe(404);
  });

  it('refuses with 409 to delete an option a variant uses, naming it', async () => {
    const size = await createAttribute(['S', 'M']);
    await useOption(size.id, idOf(size, 'S'), 'S');
    const res = await admin.delete(`/api/attributes/options/${idOf(size, 'S')}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'The option “S” is used by 1 product variant, so it cannot be removed. Remove those variants from their products first.',
    );
    expect(await optionNames(size.id)).toEqual(['S', 'M']);
  });

  it('keeps the last option: an attribute needs one', async () => {
    const size = await createAttribute(['One size']);
    const res = await admin.delete(`/api/attributes/options/${idOf(size, 'One size')}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `“One size” is the only option of “${size.name}”. An attribute needs at least one option: delete the attribute instead.`,
    );
  });
});
