import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PrintableRefundReceipt } from './printable-refund-receipt.tsx';
import { sampleRefundReceiptDocument } from './refund-receipt.fixtures.ts';

const formatMoney = (minor: number) => `${minor < 0 ? '-' : ''}$${(Math.abs(minor) / 100).toFixed(2)}`;

function renderReceipt() {
  render(<PrintableRefundReceipt receipt={sampleRefundReceiptDocument(formatMoney)} businessName="Corner Shop" logoUrl={null} />);
  return screen.getByTestId('receipt-preview');
}

const rowTexts = (paper: HTMLElement) => [...paper.querySelectorAll('div')].map((row) => row.textContent ?? '');

describe('PrintableRefundReceipt', () => {
  it('shows REFUND, the original order number, what came back as negative amounts and how the money went back', () => {
    const paper = renderReceipt();
    const rows = rowTexts(paper);
    expect(rows).toContainEqual(expect.stringMatching(/^ +\*\*\* REFUND \*\*\*$/));
    expect(rows).toContain('Refund MAIN-000041-R1');
    expect(rows).toContain('Original order MAIN-000041');
    expect(rows).toContain('Main store / Till 1');
    expect(rows).toContain('Cashier: Carl Cash');
    expect(rows).toContain('Customer: Ada Lovelace');
    expect(rows).toContainEqual(expect.stringMatching(/^1 x Linen shirt \(M \/ Blue\) +-\$30\.00$/));
    expect(rows).toContainEqual(expect.stringMatching(/^VAT 20% +-\$5\.00$/));
    expect(rows).toContainEqual(expect.stringMatching(/^TOTAL REFUNDED +-\$30\.00$/));
    expect(rows).toContainEqual(expect.stringMatching(/^ {2}Cash +\$25\.00$/));
    expect(rows).toContainEqual(expect.stringMatching(/^ {2}Store credit +\$5\.00$/));
    expect(rows).toContainEqual(expect.stringMatching(/^Points taken back +30$/));
    expect(rows).not.toContainEqual(expect.stringMatching(/Points given back/));
    expect(rows).toContain('Reason: Too small');
    expect(rows).toContain('Approved by: Alex Admin');
    // Every row fits the 80 mm paper's 48 characters.
    expect(rows.every((row) => row.length <= 48)).toBe(true);
    // The sale's barcode, so the receipt finds the sale again at the till.
    expect(within(paper).getByTestId('receipt-barcode').textContent).toBe('MAIN-000041');
  });

  it('is the only receipt the page prints while it is shown, on a roll of its paper width', () => {
    const paper = renderReceipt();
    const printed = paper.closest('[data-print-receipt]');
    expect(printed?.hasAttribute('data-refund-receipt')).toBe(true);
    const style = printed?.querySelector('style')?.textContent ?? '';
    expect(style).toMatch(/@page \{ size: 80mm \d+mm; margin: 0; \}/);
    expect(style).toContain('[data-print-receipt]:not([data-refund-receipt]) { display: none !important; }');
  });
});
