import { defaultShopSettings, formatMoney } from '@tillbook/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sampleRefundReceiptDocument } from '../components/receipt/refund-receipt.fixtures.ts';
import { cashier } from '../testing/fixtures.ts';
import { renderScreen } from '../testing/render.tsx';
import { HttpResponse, invalid, recordRequests, rest, server } from '../testing/server.ts';
import { RefundReceiptActions } from './refund-receipt-actions.tsx';

const money = (minor: number) => formatMoney(minor, defaultShopSettings);

const answerSettings = () => rest.get('/api/settings', () => HttpResponse.json({ data: { ...defaultShopSettings, businessName: 'Corner Shop' } }));

function answerReceipt(customerEmail: string | null) {
  server.use(
    answerSettings(),
    rest.get('/api/refunds/3/receipt', () => HttpResponse.json({ data: { ...sampleRefundReceiptDocument(money), customerEmail } })),
  );
}

describe('RefundReceiptActions', () => {
  it('shows the refund receipt, prints it and links its PDF', async () => {
    answerReceipt('ada@example.com');
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user } = renderScreen(<RefundReceiptActions refundId={3} customerEmail="ada@example.com" />, { signedInAs: cashier });
    const paper = await screen.findByTestId('receipt-preview');
    expect(within(paper).getByText('Original order MAIN-000041')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Print receipt' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe('/api/refunds/3/receipt.pdf');
    print.mockRestore();
  });

  it("e-mails it to the sale's customer at once", async () => {
    answerReceipt('ada@example.com');
    const sent = recordRequests();
    server.use(rest.post('/api/refunds/3/notify', () => HttpResponse.json({ data: { sentTo: 'ada@example.com', messageId: '<1@x>' } })));
    const { user } = renderScreen(<RefundReceiptActions refundId={3} customerEmail="ada@example.com" />, { signedInAs: cashier });
    await user.click(await screen.findByRole('button', { name: 'E-mail receipt' }));
    expect((await screen.findByRole('status')).textContent).toBe('Refund receipt sent to ada@example.com.');
    expect(sent.find('POST', '/api/refunds/3/notify')?.body).toEqual({});
  });

  it('asks for an address when the sale has no customer e-mail, and shows the server’s word on the field', async () => {
    answerReceipt(null);
    let calls = 0;
    server.use(
      rest.post('/api/refunds/3/notify', () =>
        calls++ === 0 ? invalid({ email: ['The e-mail address must be a valid e-mail address.'] }) : HttpResponse.json({ data: { sentTo: 'walk.in@example.com', messageId: '<2@x>' } }),
      ),
    );
    const { user } = renderScreen(<RefundReceiptActions refundId={3} customerEmail={null} />, { signedInAs: cashier });
    await user.click(await screen.findByRole('button', { name: 'E-mail receipt' }));
    const form = within(screen.getByRole('form', { name: 'E-mail the refund receipt' }));
    await user.type(form.getByRole('textbox', { name: 'E-mail address' }), 'walk.in@');
    await user.click(form.getByRole('button', { name: 'Send' }));
    expect(await form.findByText('The e-mail address must be a valid e-mail address.')).toBeTruthy();
    await user.type(form.getByRole('textbox', { name: 'E-mail address' }), 'example.com');
    await user.click(form.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('status')).textContent).toBe('Refund receipt sent to walk.in@example.com.');
  });

  it('says so when the receipt cannot be loaded', async () => {
    server.use(answerSettings(), rest.get('/api/refunds/3/receipt', () => HttpResponse.json({ message: 'Not found.' }, { status: 404 })));
    renderScreen(<RefundReceiptActions refundId={3} customerEmail={null} />, { signedInAs: cashier });
    expect((await screen.findByRole('alert')).textContent).toContain('The refund receipt could not be loaded');
  });
});
