import { describe, expect, it } from 'vitest';
import { fallbackReceiptLayout, receiptRows, sampleReceiptOrder, type ReceiptOrder } from './receipt-rows.ts';
import { textCells, wrapCells } from './receipt-text.ts';

const formatMoney = (minor: number) => `${(minor / 100).toFixed(2)} €`;
const LONG_NAME = 'Organic extra virgin olive oil from the hills of Andalusia cold pressed early harvest family estate reserve bottle 750ml';

function textRows(paperWidth: 58 | 80, order: ReceiptOrder) {
  return receiptRows({ ...fallbackReceiptLayout, paperWidth }, order, { businessName: 'Corner Shop', formatMoney }).flatMap((row) => ('text' in row ? [row.text] : []));
}

describe.each([
  [58, 32],
  [80, 48],
] as const)('receipt rows on %i mm paper', (paperWidth, width) => {
  const order: ReceiptOrder = {
    ...sampleReceiptOrder,
    customerName: 'Παπαδοπούλου-Κωνσταντινίδου Σοφία Αικατερίνη της Θεσσαλονίκης',
    lines: [
      { name: LONG_NAME, quantity: 2, total: 123_456_789 },
      { name: '東京 green tea 🍵👨‍👩‍👧', quantity: 1, total: 450 },
    ],
  };
  const rows = textRows(paperWidth, order);

  it('wraps a long name in full and ends its last row with the amount at the edge', () => {
    const start = rows.findIndex((row) => row.startsWith('2 x Organic'));
    const end = rows.findIndex((row) => row.endsWith(formatMoney(123_456_789)));
    expect(start).toBeGreaterThanOrEqual(0);
    expect(end).toBeGreaterThan(start);
    expect(rows.slice(start, end + 1).join(' ').replace(/\s+/g, ' ')).toBe(`2 x ${LONG_NAME} ${formatMoney(123_456_789)}`);
    expect(textCells(rows[end]!)).toBe(width);
  });

  it('never makes a row wider than the paper, counting wide characters as two cells, and never cuts one', () => {
    for (const row of rows) expect(textCells(row), row).toBeLessThanOrEqual(width);
    const joined = rows.join('\n');
    expect(joined).toContain('👨‍👩‍👧');
    expect(joined).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(joined.replace(/\s+/g, ' ')).toContain('Customer: Παπαδοπούλου-Κωνσταντινίδου Σοφία Αικατερίνη της Θεσσαλονίκης');
  });
});

describe('wrapCells', () => {
  it('breaks a word longer than the line between characters, not inside one', () => {
    expect(wrapCells('😀😀😀😀😀', 4)).toEqual(['😀😀', '😀😀', '😀']);
    expect(wrapCells('one two three', 7, 2)).toEqual(['one two', '  three']);
  });
});
