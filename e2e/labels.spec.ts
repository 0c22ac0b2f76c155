import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { adminApi, demo, signIn } from './helpers.ts';

/** The demo's Cola 330ml and its EAN-13. */
const cola = { title: 'Cola 330ml', barcode: '5040000000018' };
const layoutName = 'A4 sheet, 3 × 8 (70 × 37 mm)';
const perSheet = 24;
const startAt = 5;

type Product = { id: number; title: string; variants: Array<{ id: number; active: boolean; barcode: string | null }> };

/** What a scanner's decoder (zbarimg, Debian's zbar-tools) reads from one PDF page rendered at 300 dpi. */
function decodePage(pdf: string, dir: string, pageNumber: number): string[] {
  const prefix = path.join(dir, `page-${pageNumber}`);
  execFileSync('pdftoppm', ['-r', '300', '-png', '-f', String(pageNumber), '-l', String(pageNumber), '-singlefile', pdf, prefix]);
  // zbarimg exits 4 when it finds nothing: that is a failure here too.
  const out = execFileSync('zbarimg', ['--raw', '-q', `${prefix}.png`], { encoding: 'utf8' });
  return out.split('\n').map((line) => line.trim()).filter(Boolean);
}

test('an administrator labels a category and a scanned product on A4 3 × 8 from position 5, previews, and downloads a PDF whose pages and barcodes are right', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, demo.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  const { get } = await adminApi(page);

  // The category's active variants, as the server lists them: what "Add category" must bring in.
  const categories = await get<Array<{ id: number; name: string }>>('/api/categories/list');
  const hoodies = categories.find((c) => c.name === 'Hoodies')!;
  expect(hoodies, 'the demo has a Hoodies category').toBeTruthy();
  const listed = await get<Array<{ id: number }>>(`/api/products?categoryId=${hoodies.id}&status=active&perPage=100`);
  const products = await Promise.all(listed.map((item) => get<Product>(`/api/products/${item.id}/edit`)));
  const categoryBarcodes = products.flatMap((p) => p.variants.filter((v) => v.active).map((v) => v.barcode!));
  expect(categoryBarcodes.length).toBeGreaterThan(0);
  expect(categoryBarcodes).not.toContain(cola.barcode);
  const labels = categoryBarcodes.length + 1;
  const sheets = Math.ceil((startAt - 1 + labels) / perSheet);

  await page.goto('/printing-labels');
  await expect(page.getByRole('heading', { name: 'Printing labels', level: 1 })).toBeVisible();

  // Scanned first, so it is the first label on the first sheet.
  const scan = page.getByRole('searchbox', { name: 'Add a product' });
  await scan.fill(cola.barcode);
  await scan.press('Enter');
  await expect(scan).toHaveValue('');
  const table = page.getByRole('table', { name: 'Products to label' });
  await expect(table).toContainText(cola.title);
  await expect(table).toContainText(cola.barcode);

  // The whole category: one line per variant, one label each.
  await page.getByRole('combobox', { name: 'Category' }).selectOption(String(hoodies.id));
  await page.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByRole('status').filter({ hasText: `The products of Hoodies: ${categoryBarcodes.length} added.` })).toBeVisible();
  const quantities = page.getByRole('textbox', { name: /^Labels for / });
  await expect(quantities).toHaveCount(labels);
  for (const barcode of categoryBarcodes) await expect(table).toContainText(barcode);

  // The layout and where the part-used sheet starts.
  await page.getByLabel('Layout', { exact: true }).selectOption({ label: layoutName });
  await page.getByLabel('Start at position', { exact: true }).selectOption(String(startAt));

  // The preview: the first four positions left empty, then the labels, the scanned one first.
  const preview = page.getByRole('img', { name: `Preview of ${layoutName}` });
  await expect(preview).toBeVisible();
  for (let position = 1; position < startAt; position += 1) await expect(preview.getByTestId(`position-${position}`)).toHaveAttribute('data-state', 'skipped');
  await expect(preview.getByTestId(`position-${startAt}`)).toHaveAttribute('data-state', 'filled');
  await expect(preview.getByTestId(`position-${startAt}`)).toContainText(cola.title);
  await expect(preview.getByTestId(`position-${perSheet}`)).toHaveAttribute('data-state', 'filled');
  await expect(page.getByTestId('label-count')).toHaveText(`${labels} labels on ${sheets} ${sheets === 1 ? 'sheet' : 'sheets'}`);

  // The PDF, downloaded and saved.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tillbook-e2e-labels-'));
  try {
    const pdf = path.join(dir, 'labels.pdf');
    await download.saveAs(pdf);
    expect(fs.readFileSync(pdf).subarray(0, 4).toString('latin1')).toBe('%PDF');

    // As many pages as the screen said sheets.
    const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' });
    expect(Number(/^Pages:\s+(\d+)$/m.exec(info)?.[1])).toBe(sheets);

    // Labels print in the list's order from position 5: page 1 holds the first 20 (the scanned product's
    // first), page 2 the rest. Every barcode decodes to exactly its variant's EAN-13, each read once.
    const rows = await table.locator('tbody tr').allInnerTexts();
    const inOrder = rows.map((row) => [cola.barcode, ...categoryBarcodes].find((code) => row.includes(code))!);
    expect(inOrder[0]).toBe(cola.barcode);
    expect(new Set(inOrder).size).toBe(labels);
    const onFirst = perSheet - (startAt - 1);
    const firstPage = decodePage(pdf, dir, 1);
    expect(firstPage).toContain(cola.barcode);
    expect(firstPage.toSorted()).toEqual(inOrder.slice(0, onFirst).toSorted());
    const rest = [];
    for (let sheet = 2; sheet <= sheets; sheet += 1) rest.push(...decodePage(pdf, dir, sheet));
    expect(rest.toSorted()).toEqual(inOrder.slice(onFirst).toSorted());
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
