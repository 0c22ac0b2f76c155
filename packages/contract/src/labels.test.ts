import { describe, expect, it } from 'vitest';
import { labelCreateInput, labelLayoutOf, labelLayouts, labelsPerPage, type LabelLayout } from './labels.ts';

type Box = { left: number; top: number; right: number; bottom: number };

/** Every label's rectangle on a page of `layout`, in millimetres. */
function boxesOf(layout: LabelLayout): Box[] {
  const boxes: Box[] = [];
  for (let row = 0; row < layout.rows; row += 1) {
    for (let column = 0; column < layout.columns; column += 1) {
      const left = layout.marginLeft + column * (layout.width + layout.gapX);
      const top = layout.marginTop + row * (layout.height + layout.gapY);
      boxes.push({ left, top, right: left + layout.width, bottom: top + layout.height });
    }
  }
  return boxes;
}

const EPSILON = 1e-9;
const sheets = labelLayouts.filter((layout) => layout.kind === 'sheet');

describe('label layouts', () => {
  it('has the common Avery-compatible A4 sheets and the thermal rolls', () => {
    expect(sheets.map((s) => [s.columns, s.rows, s.width, s.height])).toEqual([
      [3, 8, 70, 37],
      [4, 10, 52.5, 29.7],
      [2, 7, 99.1, 38.1],
    ]);
    expect(labelLayouts.filter((layout) => layout.kind === 'roll').map((r) => [r.width, r.height, labelsPerPage(r)])).toEqual([
      [57, 32, 1],
      [50, 25, 1],
      [40, 30, 1],
    ]);
  });

  it.each(sheets.map((layout) => [layout.id, layout] as const))('keeps every label of %s inside the A4 page, none overlapping', (_id, layout) => {
    expect([layout.pageWidth, layout.pageHeight]).toEqual([210, 297]);
    const boxes = boxesOf(layout);
    expect(boxes).toHaveLength(labelsPerPage(layout));
    for (const box of boxes) {
      expect(box.left).toBeGreaterThanOrEqual(-EPSILON);
      expect(box.top).toBeGreaterThanOrEqual(-EPSILON);
      expect(box.right).toBeLessThanOrEqual(layout.pageWidth + EPSILON);
      expect(box.bottom).toBeLessThanOrEqual(layout.pageHeight + EPSILON);
    }
    boxes.forEach((a, i) =>
      boxes.slice(i + 1).forEach((b) => {
        const overlaps = a.left < b.right - EPSILON && b.left < a.right - EPSILON && a.top < b.bottom - EPSILON && b.top < a.bottom - EPSILON;
        expect(overlaps, `${JSON.stringify(a)} and ${JSON.stringify(b)}`).toBe(false);
      }),
    );
    // Centred as the sheets are cut: the margins left and right (top and bottom) are equal.
    const last = boxes.at(-1)!;
    expect(layout.pageWidth - last.right).toBeCloseTo(layout.marginLeft, 1);
    expect(layout.pageHeight - last.bottom).toBeCloseTo(layout.marginTop, 1);
  });

  it('makes a roll one label per page of the label’s size', () => {
    const roll = labelLayoutOf('roll-50x25')!;
    expect(boxesOf(roll)).toEqual([{ left: 0, top: 0, right: 50, bottom: 25 }]);
    expect([roll.pageWidth, roll.pageHeight]).toEqual([50, 25]);
  });
});

describe('labelCreateInput', () => {
  const valid = { layout: 'a4-3x8', items: [{ variantId: 1, quantity: 2 }], fields: { shopName: false, title: true, variant: true, price: true, barcode: true, qr: false, sku: true }, format: 'pdf' };

  it('starts at position 1 unless told', () => {
    expect(labelCreateInput.parse(valid).startAt).toBe(1);
    expect(labelCreateInput.parse({ ...valid, startAt: 5 }).startAt).toBe(5);
  });

  it('refuses an unknown layout, no items and a zero quantity on the line', () => {
    const issues = (input: unknown) => labelCreateInput.safeParse(input).error?.issues.map((issue) => issue.path.join('.'));
    expect(issues({ ...valid, layout: 'a5' })).toEqual(['layout']);
    expect(issues({ ...valid, items: [] })).toEqual(['items']);
    expect(issues({ ...valid, items: [{ variantId: 1, quantity: 0 }] })).toEqual(['items.0.quantity']);
    expect(issues({ ...valid, format: 'png' })).toEqual(['format']);
  });
});
