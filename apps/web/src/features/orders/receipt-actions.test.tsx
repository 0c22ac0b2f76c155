import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http.ts';
import { httpError } from '../../testing/fixtures.ts';
import { ReceiptActions } from './receipt-actions.tsx';
import { buildOrder } from './test-data.ts';

function renderActions(order = buildOrder()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ReceiptActions order={order} />
    </QueryClientProvider>,
  );
}

describe('ReceiptActions', () => {
  it('reprints through the server (which marks it on the timeline), then opens the print dialog', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue({ data: { data: { isCopy: true, rows: [] } } });
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderActions();
    await userEvent.click(screen.getByRole('button', { name: 'Reprint receipt' }));
    expect(get).toHaveBeenCalledWith('/api/orders/41/receipt');
    await vi.waitFor(() => expect(print).toHaveBeenCalledTimes(1));
  });

  it('offers the PDF copy as a download', () => {
    renderActions();
    const link = screen.getByRole('link', { name: 'Download PDF' });
    expect(link.getAttribute('href')).toBe('/api/orders/41/receipt?format=pdf');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('e-mails the customer and says where it went', async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { data: { sentTo: 'grace@example.test', messageId: '<1@x>' } } });
    renderActions();
    await userEvent.click(screen.getByRole('button', { name: 'E-mail receipt' }));
    expect(post).toHaveBeenCalledWith('/api/orders/41/notify', {});
    expect((await screen.findByRole('status')).textContent).toBe('Receipt sent to grace@example.test.');
  });

  it('asks for an address when the customer has none, and shows the server’s reason when sending fails', async () => {
    const post = vi
      .spyOn(http, 'post')
      .mockRejectedValue(httpError(503, { message: 'E-mail is not set up on this server. Ask an administrator to set SMTP_URL.' }));
    renderActions(buildOrder({ customerId: null, customerName: null, customerEmail: null }));
    await userEvent.click(screen.getByRole('button', { name: 'E-mail receipt' }));
    await userEvent.type(screen.getByLabelText('E-mail address'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(post).toHaveBeenCalledWith('/api/orders/41/notify', { email: 'ada@example.com' });
    expect((await screen.findByRole('alert')).textContent).toBe('E-mail is not set up on this server. Ask an administrator to set SMTP_URL.');
  });
});
