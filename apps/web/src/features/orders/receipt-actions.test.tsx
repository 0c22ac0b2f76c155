import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, recordRequests, rest, server } from '../../testing/server.ts';
import { ReceiptActions } from './receipt-actions.tsx';
import { buildOrder } from '../../testing/orders.fixtures.ts';

function renderActions(order = buildOrder()) {
  renderScreen(<ReceiptActions order={order} />);
}

describe('ReceiptActions', () => {
  it('reprints through the server (which marks it on the timeline), then opens the print dialog', async () => {
    const sent = recordRequests();
    server.use(rest.get('/api/orders/41/receipt', () => HttpResponse.json({ data: { isCopy: true, rows: [] } })));
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderActions();
    await userEvent.click(screen.getByRole('button', { name: 'Reprint receipt' }));
    await vi.waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(sent.find('GET', '/api/orders/41/receipt')).toBeTruthy();
  });

  it('offers the PDF copy as a download', () => {
    renderActions();
    const link = screen.getByRole('link', { name: 'Download PDF' });
    expect(link.getAttribute('href')).toBe('/api/orders/41/receipt?format=pdf');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('e-mails the customer and says where it went', async () => {
    const sent = recordRequests();
    server.use(rest.post('/api/orders/41/notify', () => HttpResponse.json({ data: { sentTo: 'grace@example.test', messageId: '<1@x>' } })));
    renderActions();
    await userEvent.click(screen.getByRole('button', { name: 'E-mail receipt' }));
    expect((await screen.findByText('Receipt sent to grace@example.test.'))).toBeTruthy();
    expect(sent.find('POST', '/api/orders/41/notify')?.body).toEqual({});
  });

  it('asks for an address when the customer has none, and shows the server’s reason when sending fails', async () => {
    const sent = recordRequests();
    server.use(
      rest.post('/api/orders/41/notify', () =>
        HttpResponse.json({ message: 'E-mail is not set up on this server. Ask an administrator to set SMTP_URL.' }, { status: 503 }),
      ),
    );
    renderActions(buildOrder({ customerId: null, customerName: null, customerEmail: null }));
    await userEvent.click(screen.getByRole('button', { name: 'E-mail receipt' }));
    await userEvent.type(screen.getByLabelText('E-mail address'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('E-mail is not set up on this server. Ask an administrator to set SMTP_URL.');
    expect(sent.find('POST', '/api/orders/41/notify')?.body).toEqual({ email: 'ada@example.com' });
  });
});
