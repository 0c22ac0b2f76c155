import { fallbackReceiptLayout, receiptRows, type PaperWidth, type ReceiptOrder } from '@tillbook/contract';
import { describe, expect, it } from 'vitest';
import { pdfBarcodes, pdfFonts, pdfToText, pdfWords } from '../../testing/pdf-tools.ts';
import { receiptPdf } from './receipt-document.ts';

const euros = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
const formatMoney = (minor: number) => euros.format(minor / 100);

/** 120 characters, words of a real product name: it has to wrap on either paper. */
const LONG_NAME = 'Organic extra virgin olive oil from the hills of Andalusia cold pressed early harvest family estate reserve bottle 750ml';

/** Names from shops outside Latin-1, each with its amount (a 9-digit one among them). */
const lines = [
  { name: 'Пельмени сибирские домашние', quantity: 2, total: 1398 },
  { name: 'Ελληνικός καφές διπλός', quantity: 1, total: 350 },
  { name: '“Smoked” salmon ‘deluxe’ – sliced', quantity: 1, total: 1299 },
  { name: 'Gift card €50', quantity: 1, total: 5000 },
  { name: LONG_NAME, quantity: 3, total: 123_456_789, unitPrice: 41_152_263 },
];

const order: ReceiptOrder = {
  number: 'MAIN-004217',
  date: '2026-11-25 09:30',
  cashierName: 'Σοφία Παπαδοπούλου',
  customerName: 'Анна Каренина',
  lines,
  subtotal: 123_464_836,
  taxes: [{ name: 'ΦΠΑ 24%', amount: 2_389_642, isInclusive: true }],
  total: 123_464_836,
  payments: [{ name: 'Card', amount: 123_464_836 }],
  change: 0,
  pointsEarned: null,
  pointsBalance: null,
  note: null,
};

function pdfOf(paperWidth: PaperWidth, receipt: ReceiptOrder = order, businessName = 'Café “Zur Mühle”') {
  const layout = { ...fallbackReceiptLayout, paperWidth, showOrderBarcode: true, showCashier: true, showCustomer: true, showTaxBreakdown: true };
  return receiptPdf(receiptRows(layout, receipt, { businessName, formatMoney }), paperWidth, `Receipt ${receipt.number}`);
}

/** Text with every run of spaces (and a wrapped row's line break) read as one space. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe.each([58, 80] as const)('a receipt PDF on %i mm paper', (paperWidth) => {
  it('prints every name in Cyrillic, Greek, curly quotes and € and every amount, as the text a reader copies', async () => {
    const pdf = await pdfOf(paperWidth);
    const text = flat(await pdfToText(pdf, { layout: false }));
    expect(LONG_NAME).toHaveLength(120);
    for (const name of ['Café “Zur Mühle”', 'Σοφία Παπαδοπούλου', 'Анна Каренина', 'ΦΠΑ 24%', ...lines.map((line) => line.name)]) {
      expect(text, name).toContain(name);
    }
    for (const amount of [...lines.map((line) => line.total), 41_152_263, order.subtotal, 2_389_642]) {
      expect(text, formatMoney(amount)).toContain(flat(formatMoney(amount)));
    }
    expect(text).toContain('Order MAIN-004217');
  });

  it('keeps every word on the paper and ends each amount at the same right edge', async () => {
    const pdf = await pdfOf(paperWidth);
    const { width, words } = await pdfWords(pdf);
    expect(width).toBeCloseTo((paperWidth / 25.4) * 72, 1);
    expect(words.length).toBeGreaterThan(40);
    for (const word of words) {
      expect(word.xMin, word.text).toBeGreaterThanOrEqual(0);
      expect(word.xMax, word.text).toBeLessThanOrEqual(width);
    }
    // Rows ending in an amount (not the "@ unit price" under a line) end at one column, the right
    // margin, the 9-digit line's included.
    const rows = new Map<number, typeof words>();
    for (const word of words) rows.set(Math.round(word.yMin), [...(rows.get(Math.round(word.yMin)) ?? []), word]);
    const euroEdges = [...rows.values()].filter((row) => row[0]!.text !== '@' && row.at(-1)!.text === '€').map((row) => row.at(-1)!.xMax);
    expect(euroEdges.length).toBeGreaterThanOrEqual(lines.length + 3);
    expect(Math.max(...euroEdges) - Math.min(...euroEdges)).toBeLessThan(0.5);
    expect(Math.max(...euroEdges)).toBeLessThan(width - 5);
  });

  it('draws the order number as a Code 128 barcode that a scanner reads from the printed page', async () => {
    expect(await pdfBarcodes(await pdfOf(paperWidth))).toEqual(['CODE-128:MAIN-004217']);
    // A longer number gets narrower bars, still on the paper and still read.
    const long = { ...order, number: 'HARBOUR-ROAD-2-000000012345' };
    expect(await pdfBarcodes(await pdfOf(paperWidth, long))).toEqual(['CODE-128:HARBOUR-ROAD-2-000000012345']);
  });
});

describe('a receipt PDF', () => {
  it('embeds DejaVu fonts, and no Latin-1 only font', async () => {
    const fonts = await pdfFonts(await pdfOf(80));
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) {
      expect(font.name).toMatch(/^[A-Z]{6}\+DejaVuSans/);
      expect(font.isEmbedded, font.name).toBe(true);
    }
  });

  it('shows a box for each character the font has no glyph for (Chinese, emoji), keeping the rest and the amount', async () => {
    const receipt = { ...order, lines: [{ name: '東京 green tea 🍵 ❤️ ok', quantity: 1, total: 450 }], subtotal: 450, total: 450, taxes: [], payments: [] };
    const text = await pdfToText(await pdfOf(80, receipt));
    const row = text.split('\n').find((line) => line.includes('green tea')) ?? '';
    expect(row).toMatch(/^1 x □ □ green tea □ ❤ ok +4,50 €$/);
  });
});
