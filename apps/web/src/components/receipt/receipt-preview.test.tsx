import { receiptRows, sampleReceiptOrder, type ReceiptLayout } from '@tillbook/contract';
import { render, screen } from '@testing-library/react';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ReceiptPreview } from './receipt-preview.tsx';

const all: ReceiptLayout = {
  paperWidth: 80,
  header: 'High Street 1\nVAT GB123',
  footer: 'Thank you!',
  showLogo: true,
  showCashier: true,
  showCustomer: true,
  showTaxBreakdown: true,
  showOrderBarcode: true,
  showLoyaltyPoints: true,
  showNote: true,
};
const none: ReceiptLayout = {
  ...all,
  header: null,
  footer: null,
  showLogo: false,
  showCashier: false,
  showCustomer: false,
  showTaxBreakdown: false,
  showOrderBarcode: false,
  showLoyaltyPoints: false,
  showNote: false,
};

const formatMoney = (minor: number) => `£${(minor / 100).toFixed(2)}`;

function renderPreview(layout: ReceiptLayout, logoUrl: string | null = null) {
  render(<ReceiptPreview layout={layout} order={sampleReceiptOrder} businessName="Corner Shop" logoUrl={logoUrl} formatMoney={formatMoney} />);
  return screen.getByTestId('receipt-preview');
}

function textRows(layout: ReceiptLayout) {
  return receiptRows(layout, sampleReceiptOrder, { businessName: 'Corner Shop', formatMoney }).flatMap((r) => ('text' in r ? [r.text] : []));
}

describe('ReceiptPreview', () => {
  it('shows every part a template turns on, with prices in the shop currency', () => {
    const preview = renderPreview(all);
    const text = preview.textContent ?? '';
    for (const part of ['Corner Shop', 'High Street 1', 'VAT GB123', 'Cashier: Sam Carter', 'Customer: Alex Morgan', 'incl. VAT 20%', 'Points earned', 'Note: No straws', 'Thank you!', '£14.25', '£7.00']) {
      expect(text, part).toContain(part);
    }
    expect(screen.getByText('Shop logo')).toBeTruthy();
    expect(screen.getByTestId('receipt-barcode').textContent).toContain('MAIN-000123');
  });

  it('leaves out what the toggles turn off, keeping lines and totals', () => {
    const preview = renderPreview(none);
    const text = preview.textContent ?? '';
    for (const part of ['Cashier:', 'Customer:', 'incl. VAT', 'Points earned', 'Note:', 'Shop logo', 'Thank you!']) expect(text, part).not.toContain(part);
    expect(screen.queryByTestId('receipt-barcode')).toBeNull();
    expect(text).toContain('TOTAL');
    expect(text).toContain('Flat white');
  });

  it('draws the order number as a Code 128 barcode (bwip-js) that a scanner reads', async () => {
    renderPreview(all);
    const picture = await screen.findByRole('img', { name: 'Barcode MAIN-000123' });
    const src = picture.getAttribute('src') ?? '';
    expect(src).toMatch(/^data:image\/svg\+xml/);
    // zbarimg (Debian's zbar-tools) reads the very picture the screen shows.
    const dir = await mkdtemp(path.join(tmpdir(), 'tillbook-barcode-'));
    try {
      const file = path.join(dir, 'barcode.svg');
      await writeFile(file, decodeURIComponent(src.slice(src.indexOf(',') + 1)));
      const { stdout } = await promisify(execFile)('zbarimg', ['-q', file]);
      expect(stdout.trim()).toBe('CODE-128:MAIN-000123');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('wraps a long product name in full, its amount ending the last row', () => {
    const name = 'Organic extra virgin olive oil from the hills of Andalusia cold pressed early harvest family estate reserve bottle 750 ml';
    const order = { ...sampleReceiptOrder, lines: [{ name, quantity: 1, total: 1299 }] };
    const rows = receiptRows({ ...all, paperWidth: 58 }, order, { businessName: 'Corner Shop', formatMoney }).flatMap((r) => ('text' in r ? [r.text] : []));
    const first = rows.findIndex((l) => l.startsWith('1 x Organic'));
    const last = rows.findIndex((l) => l.endsWith('£12.99'));
    expect(last).toBeGreaterThan(first);
    expect(rows.slice(first, last + 1).join(' ').replace(/\s+/g, ' ')).toBe(`1 x ${name} £12.99`);
    expect(rows.every((l) => l.length <= 32)).toBe(true);
  });

  it('shows the uploaded logo when there is one', () => {
    renderPreview(all, '/media/logo.png');
    expect(screen.getByRole('img', { name: 'Corner Shop logo' }).getAttribute('src')).toBe('/media/logo.png');
  });

  it('lays lines out at 48 characters on 80 mm paper and 32 on 58 mm', () => {
    const wide = textRows(all);
    const narrow = textRows({ ...all, paperWidth: 58 });
    expect(Math.max(...wide.map((l) => l.length))).toBe(48);
    expect(Math.max(...narrow.map((l) => l.length))).toBe(32);
    // Prices stay right-aligned at the edge; a name too long for the room beside it wraps.
    expect(wide.find((l) => l.includes('Sparkling'))).toMatch(/^3 x Sparkling water 500 ml +£4\.50$/);
    const narrowLine = narrow.find((l) => l.includes('Sparkling')) ?? '';
    expect(narrowLine).toHaveLength(32);
    expect(narrowLine.endsWith('£4.50')).toBe(true);
    expect(renderPreview({ ...all, paperWidth: 58 }).getAttribute('data-width')).toBe('32');
  });

  it('wraps a long header line at the paper width', () => {
    const header = 'Open every day from eight in the morning until ten at night';
    const rows = textRows({ ...none, paperWidth: 58, header });
    const headerRows = rows.filter((l) => /morning|night|Open/.test(l));
    expect(headerRows.length).toBeGreaterThan(1);
    expect(headerRows.every((l) => l.length <= 32)).toBe(true);
  });

  it('prints a real sale: variants, unit prices, discounts, charges, added taxes and tender references', () => {
    const sale = {
      ...sampleReceiptOrder,
      lines: [{ name: 'T-shirt', variantName: 'M / Red', quantity: 2, unitPrice: 1000, total: 2000, discount: 200 }],
      subtotal: 2000,
      discounts: [{ name: 'Coupon SPRING', amount: 100 }],
      charges: [{ name: 'Gift box', amount: 150 }],
      taxes: [{ name: 'Sales tax 8%', amount: 148, isInclusive: false }],
      total: 1998,
      payments: [{ name: 'Card', amount: 1998, reference: 'AUTH 77' }],
      change: 0,
    };
    const rows = receiptRows(all, sale, { businessName: 'Corner Shop', formatMoney }).flatMap((r) => ('text' in r ? [r.text] : []));
    expect(rows).toContain('2 x T-shirt (M / Red)'.padEnd(48 - 6) + '£20.00');
    expect(rows).toContain('    @ £10.00');
    expect(rows.find((l) => l.startsWith('    Discount'))).toMatch(/-£?2\.00$/);
    expect(rows.find((l) => l.startsWith('Coupon SPRING'))).toMatch(/-£?1\.00$/);
    expect(rows.find((l) => l.startsWith('Gift box'))).toMatch(/£1\.50$/);
    // An added tax is not "incl.": it is part of what makes up the total.
    expect(rows.find((l) => l.startsWith('Sales tax 8%'))).toMatch(/£1\.48$/);
    expect(rows.find((l) => l.startsWith('Card AUTH 77'))).toMatch(/£19\.98$/);
    expect(rows.some((l) => l.startsWith('Change'))).toBe(false);
    // Without the breakdown an added tax still prints, as one line.
    const plain = receiptRows(none, sale, { businessName: 'Corner Shop', formatMoney }).flatMap((r) => ('text' in r ? [r.text] : []));
    expect(plain.find((l) => l.startsWith('Tax '))).toMatch(/£1\.48$/);
    expect(plain.some((l) => l.includes('Sales tax 8%'))).toBe(false);
  });

  it('marks a reprint COPY at the top and the bottom, and leaves out the logo box on a real sale', () => {
    render(
      <ReceiptPreview layout={all} order={sampleReceiptOrder} businessName="Corner Shop" logoUrl={null} formatMoney={formatMoney} isCopy hasLogoPlaceholder={false} />,
    );
    const rows = Array.from(screen.getByTestId('receipt-preview').querySelectorAll('.whitespace-pre'), (row) => row.textContent?.trim());
    expect(rows[0]).toBe('*** COPY ***');
    expect(rows.at(-1)).toBe('*** COPY ***');
    expect(screen.queryByText('Shop logo')).toBeNull();
  });
});
