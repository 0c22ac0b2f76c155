import { describe, expect, it } from 'vitest';
import { returnInput, type ReturnPreview } from './use-return.ts';

const preview: ReturnPreview = {
  lines: [
    { lineId: 11, quantity: 1, total: 1800 },
    { lineId: 12, quantity: 0, total: 0 },
  ],
  total: 1800,
  points: null,
  payments: [
    { tender: 'cash', amount: 1000 },
    { tender: 'card', amount: 800 },
  ],
  giftCard: 0,
  giftCards: [],
  storeCredit: 0,
};

describe('returnInput', () => {
  it('sends the chosen units, cash from this till’s drawer, and the card terminal’s reference with the card part only', () => {
    expect(returnInput(preview, { 11: false }, '  Faulty ', 7, ' REF 55 ')).toEqual({
      lines: [{ orderLineId: 11, quantity: 1, restock: false }],
      payments: [
        { tender: 'cash', amount: 1000 },
        { tender: 'card', amount: 800, reference: 'REF 55' },
      ],
      reason: 'Faulty',
      cashboxSessionId: 7,
    });
  });

  it('sends no reference when none was typed', () => {
    expect(returnInput(preview, {}, 'Faulty', 7).payments).toEqual(preview.payments);
  });
});
