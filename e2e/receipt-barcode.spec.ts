import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { demo, signIn } from './helpers.ts';

/** What a scanner's decoder (zbarimg, Debian's zbar-tools) reads from a picture of the screen. */
async function scan(picture: Buffer): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tillbook-e2e-barcode-'));
  try {
    const file = path.join(dir, 'shot.png');
    fs.writeFileSync(file, picture);
    const { stdout } = await promisify(execFile)('zbarimg', ['-q', file]);
    return stdout.trim();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test('the receipt’s order barcode on the screen reads back with a scanner, and its library never loads with the login page', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await signIn(page, demo.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(scripts.some((url) => url.includes('order-barcode'))).toBe(false);

  await page.goto('/receipts/new');
  const preview = page.getByTestId('receipt-preview');
  for (const width of ['80 mm', '58 mm']) {
    await page.getByRole('radio', { name: new RegExp(width) }).check();
    const barcode = preview.getByRole('img', { name: 'Barcode MAIN-000123' });
    await expect(barcode).toBeVisible();
    expect(await scan(await barcode.screenshot()), width).toBe('CODE-128:MAIN-000123');
  }
  expect(scripts.some((url) => url.includes('order-barcode'))).toBe(true);
});
