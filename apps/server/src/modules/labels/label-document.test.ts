import { labelLayouts, labelsPerPage } from '@tillbook/contract';
import { describe, expect, it } from 'vitest';
import { labelSymbol, QUIET_ZONES, type LabelCode } from './barcode.ts';
import { labelPageCount, labelPosition, symbolPlacement, symbolWidth } from './label-document.ts';

const MM = 72 / 25.4;
const codes: LabelCode[] = [
  { symbology: 'ean13', value: '4006381333931' },
  { symbology: 'upca', value: '036000291452' },
  { symbology: 'ean8', value: '96385074' },
  // Tillbook's generated SKUs (SKU-000001) and a longer one of 16 characters.
  { symbology: 'code128', value: 'SKU-000001' },
  { symbology: 'code128', value: 'SHIRT-M-BLUE-XXL' },
];

describe.each(labelLayouts.map((layout) => [layout.id, layout] as const))('a label on %s', (_id, layout) => {
  it.each(codes.map((code) => [code.symbology, code.value, code] as const))('fits the %s %s with its quiet zones inside the label', (_s, _v, code) => {
    const symbol = labelSymbol(code);
    expect(symbol?.kind).toBe('linear');
    if (symbol?.kind !== 'linear') return;
    const width = symbolWidth(layout);
    const { module, offset } = symbolPlacement(symbol, width, 10 * MM);
    // Quiet zone to quiet zone, the symbol stays within the label (0.5 mm in from each edge).
    expect(offset).toBeGreaterThanOrEqual(-1e-9);
    expect(offset + symbol.modules * module).toBeLessThanOrEqual(width + 1e-9);
    // The first bar starts after the left quiet zone, the last ends before the right one.
    const [left, right] = QUIET_ZONES[code.symbology];
    expect(symbol.bars[0]![0]).toBe(left);
    const [lastStart, lastWidth] = symbol.bars.at(-1)!;
    expect(symbol.modules - (lastStart + lastWidth)).toBe(right);
    // A module no narrower than one dot of a 203 dpi printer.
    expect(module).toBeGreaterThanOrEqual(72 / 203);
  });

  it('places every position of a page inside the page', () => {
    for (let slot = 0; slot < labelsPerPage(layout); slot += 1) {
      const at = labelPosition(layout, slot);
      expect(at.page).toBe(0);
      expect(at.x + layout.width * MM).toBeLessThanOrEqual(layout.pageWidth * MM + 1e-6);
      expect(at.y + layout.height * MM).toBeLessThanOrEqual(layout.pageHeight * MM + 1e-6);
    }
    expect(labelPosition(layout, labelsPerPage(layout)).page).toBe(1);
  });
});

describe('labelPageCount', () => {
  it('counts the skipped positions of a part-used sheet, and one page a label on a roll', () => {
    const sheet = labelLayouts.find((layout) => layout.id === 'a4-3x8')!;
    const roll = labelLayouts.find((layout) => layout.id === 'roll-57x32')!;
    expect(labelPageCount(sheet, 20, 5)).toBe(1);
    expect(labelPageCount(sheet, 21, 5)).toBe(2);
    expect(labelPageCount(sheet, 1000, 1)).toBe(42);
    expect(labelPageCount(roll, 7, 5)).toBe(7);
  });
});
