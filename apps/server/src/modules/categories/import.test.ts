import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { multipartBody } from '../../testing/multipart.ts';

let ctx: TestContext;
let admin: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await ctx.signIn('administrator')).client;
});
afterAll(() => ctx.close());

async function upload(csv: string | Buffer, query = '') {
  const file = multipartBody('file', 'categories.csv', 'text/csv', Buffer.isBuffer(csv) ? csv : Buffer.from(csv));
  return admin.request('POST', `/api/categories/upload${query}`, file.body, file.headers);
}

async function names(): Promise<string[]> {
  const rows = (await admin.get('/api/categories?perPage=100')).json().data as Array<{ name: string; depth: number }>;
  return rows.map((r) => `${'-'.repeat(r.depth)}${r.name}`);
}

describe('categories CSV import', () => {
  it('previews with dryRun=1 without writing anything', async () => {
    const csv = 'name,parent,colour,position,active\nPreview drinks,,#0EA5E9,1,yes\nPreview tea,Preview drinks,,,\nBad,,blue,,\n';
    const res = await upload(csv, '?dryRun=1');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ created: 2, updated: 0, dryRun: true });
    expect(data.failed).toEqual([{ row: 4, field: 'colour', message: 'The colour must be a colour like #4f46e5.' }]);
    expect(data.rows.map((r: { row: number; action: string }) => [r.row, r.action])).toEqual([
      [2, 'create'],
      [3, 'create'],
      [4, 'error'],
    ]);
    expect(data.rows[0]).toMatchObject({ name: 'Preview drinks', colour: '#0ea5e9', position: 1, active: true, parent: null });
    expect((await admin.get('/api/categories/count')).json().data.count).toBe(0);
  });

  it('imports the good rows and reports each bad row with its row number and field', async () => {
    const csv = [
      'Name,Parent,Color,Position,Active',
      'Drinks,,#0ea5e9,1,yes',
      'Tea,Drinks,,2,',
      ',Drinks,,,', // no name
      'Coffee,Drinks,#7c2d12,x,', // bad position
      'Juice,Nowhere,,,', // parent missing
      'Green tea,Tea,,,no', // parent by name, created two rows up
      'Herbal,Hot drinks,,,', // parent created by a later row
      'Hot drinks,Drinks,,,',
      'Tea,Drinks,,,', // twice in the file
      '',
      'Water,Drinks,,,maybe',
    ].join('\n');
    const res = await upload(csv);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.failed).toEqual([
      { row: 4, field: 'name', message: 'The name field is required.' },
      { row: 5, field: 'position', message: 'The position must be a whole number.' },
      { row: 6, field: 'parent', message: 'The parent category “Nowhere” does not exist.' },
      { row: 10, field: 'name', message: 'This category is already in the file at row 3.' },
      { row: 12, field: 'active', message: 'The active column must be yes or no (or 1 / 0, true / false).' },
    ]);
    expect(data).toMatchObject({ created: 5, updated: 0, dryRun: false });
    expect(await names()).toEqual(['Drinks', '-Hot drinks', '--Herbal', '-Tea', '--Green tea']);
    const green = (await admin.get('/api/categories?search=green')).json().data[0];
    expect(green).toMatchObject({ active: false, parentName: 'Tea' });
  });

  it('updates a category that already exists under the same parent, keeping what the row leaves empty', async () => {
    const before = (await admin.get('/api/categories?search=drinks&parentId=root')).json().data[0];
    const res = await upload('name,parent,colour,position,active\ndrinks,,,7,\nIced tea,Drinks > Tea,,,\n');
    expect(res.json().data).toMatchObject({ created: 1, updated: 1, failed: [] });
    const after = (await admin.get(`/api/categories/${before.id}/edit`)).json().data;
    expect(after).toMatchObject({ name: 'drinks', colour: '#0ea5e9', position: 7, active: true });
    expect((await admin.get('/api/categories?search=iced')).json().data[0].parentName).toBe('Tea');
  });

  it('asks for the parent path when a parent name is used in several places', async () => {
    await upload('name,parent\nFood\nTea,Food\n');
    const res = await upload('name,parent\nChai,Tea\n');
    expect(res.json().data.failed).toEqual([
      { row: 2, field: 'parent', message: 'Several categories are called “Tea”. Write the parent with its own parent, e.g. “Drinks > Tea”.' },
    ]);
    const byPath = await upload('name,parent\nChai,Food > Tea\n');
    expect(byPath.json().data).toMatchObject({ created: 1, failed: [] });
  });

  it('reads semicolon files, quoted values and Windows-1252 text', async () => {
    const latin1 = Buffer.from('name;parent;position\n"Caf\xe9s; bars";;3\n', 'latin1');
    const res = await upload(latin1);
    expect(res.json().data).toMatchObject({ created: 1, failed: [] });
    expect((await admin.get('/api/categories?search=caf')).json().data[0].name).toBe('Cafés; bars');
  });

  it('refuses a file it cannot use with 422 on the file field', async () => {
    const noName = await upload('title,parent\nX,\n');
    expect(noName.statusCode).toBe(422);
    expect(noName.json().errors.file).toEqual(["The file's first row must name the columns; it needs a name column."]);
    const empty = await upload('name\n\n');
    expect(empty.json().errors.file).toEqual(['The file has no rows under its header.']);
    const binary = await upload(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]));
    expect(binary.json().errors.file[0]).toMatch(/must be a CSV text file/);
    const noFile = await admin.post('/api/categories/upload');
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().errors.file).toEqual(['The file field is required.']);
    // JSON is not a file: a body of a type the upload does not read is a 415 (DESIGN.md §3).
    expect((await admin.post('/api/categories/upload', { name: 'x' })).statusCode).toBe(415);
  });

  it('reports a row with more cells than columns instead of guessing', async () => {
    const res = await upload('name,parent\nNuts, seeds, dried fruit\nSeeds,\n');
    expect(res.json().data.failed).toEqual([
      { row: 2, field: null, message: 'This row has more cells than the header has columns. Put values that contain the separator in double quotes.' },
    ]);
    expect(res.json().data.created).toBe(1);
  });
});
