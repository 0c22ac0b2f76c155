import { totalMismatchMessage, type ApplyCouponInput, type CustomerInput } from '@tillbook/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpResponse, invalid, recordRequests, rest, server } from '../../testing/server.ts';
import { saleIdTakenMessage } from './checkout.ts';
import { answerSales, dropCatalogues, orderOf, payExact, person, renderSell, ringUpCola, searchBox } from './sell-page.fixtures.tsx';

afterEach(dropCatalogues);

describe('SellPage checkout', () => {
  it('pays with the uuid and the engine’s total, and keeps the same uuid when the cashier retries', async () => {
    renderSell();
    const bodies = answerSales((body, count) => (count === 1 ? HttpResponse.error() : HttpResponse.json({ data: orderOf(body) })));
    await ringUpCola();
    const payment = await payExact();
    expect(await within(payment).findByText(/The server cannot be reached/)).toBeTruthy();
    await userEvent.click(within(payment).getByRole('button', { name: 'Complete sale' }));
    expect((await screen.findAllByText(/MAIN-000001/)).length).toBeGreaterThan(0);

    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toEqual({
      lines: [{ variantId: 21, quantity: 1, discount: null }],
      orderDiscount: null,
      couponCode: null,
      customerId: null,
      redemption: null,
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      registerId: 3,
      payments: [{ tender: 'cash', amount: 175 }],
      total: 175,
    });
    expect(bodies[1]?.uuid).toBe(bodies[0]?.uuid);
  });

  it('gives the next sale a new uuid as soon as one is stored, and a new one after a 409', async () => {
    renderSell();
    const bodies = answerSales((body, count) =>
      count === 2 ? HttpResponse.json({ message: 'This sale id belongs to a different sale.' }, { status: 409 }) : HttpResponse.json({ data: orderOf(body) }),
    );
    await ringUpCola();
    await payExact();
    expect((await screen.findAllByText(/MAIN-000001/)).length).toBeGreaterThan(0);
    // Stored: the register's saved cart already belongs to the next sale.
    expect(window.localStorage.getItem('tillbook.sell.cart.3')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /New sale/ }));

    await ringUpCola();
    const payment = await payExact();
    expect(await within(payment).findByText(saleIdTakenMessage)).toBeTruthy();
    await userEvent.click(within(payment).getByRole('button', { name: 'Complete sale' }));
    await waitFor(() => expect(bodies).toHaveLength(3));
    expect(new Set(bodies.map((body) => body.uuid)).size).toBe(3);
  });

  it('shows an applied coupon as a chip in place of the sale discount, and the server’s reason when refused', async () => {
    renderSell();
    const asked: ApplyCouponInput[] = [];
    server.use(rest.post('/api/orders/apply-coupon', () => invalid({ couponCode: ['This coupon has expired.'] }, 'Refused')));
    await ringUpCola();
    const person = userEvent.setup({ delay: 70 });
    await person.type(screen.getByRole('textbox', { name: 'Coupon code' }), 'SUMMER');
    await person.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This coupon has expired.')).toBeTruthy();

    server.use(
      rest.post('/api/orders/apply-coupon', async ({ request }) => {
        asked.push((await request.json()) as ApplyCouponInput);
        return HttpResponse.json({ data: { couponId: 1, code: 'WELCOME10', name: 'Welcome', discount: 17, lineIndexes: [0] } });
      }),
    );
    await person.clear(screen.getByRole('textbox', { name: 'Coupon code' }));
    await person.type(screen.getByRole('textbox', { name: 'Coupon code' }), 'WELCOME10');
    await person.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('WELCOME10 −$0.17')).toBeTruthy();
    expect(asked.at(-1)).toEqual(expect.objectContaining({ couponCode: 'WELCOME10', lines: [{ variantId: 21, quantity: 1, discount: null }] }));
    expect(screen.queryByRole('button', { name: 'Sale discount' })).toBeNull();
    expect(screen.getByLabelText('Sale total').textContent).toBe('$1.58');
  });

  it('tells the cashier when the prices changed, and fetches the catalogue and the tax rounding again', async () => {
    const sent = recordRequests();
    renderSell();
    answerSales(() => invalid({ total: [totalMismatchMessage] }, 'Refused'));
    await ringUpCola();
    const syncs = () => sent.filter('GET', '/api/products/sync').length;
    const settingsReads = () => sent.filter('GET', '/api/settings').length;
    const before = syncs();
    const settingsBefore = settingsReads();
    const payment = await payExact();
    expect(await within(payment).findByText(totalMismatchMessage)).toBeTruthy();
    await waitFor(() => expect(syncs()).toBeGreaterThan(before));
    await waitFor(() => expect(settingsReads()).toBeGreaterThan(settingsBefore));
  });

  it('attaches a new customer made on the spot, with the server’s message on a field it refused', async () => {
    renderSell();
    const sent: CustomerInput[] = [];
    server.use(
      rest.post('/api/customers/create', async ({ request }) => {
        sent.push((await request.json()) as CustomerInput);
        if (sent.length === 1) return invalid({ email: ['The email must be a valid email address.'] }, 'Invalid');
        return HttpResponse.json({
          data: { id: 8, name: 'Alex Morgan', email: null, phone: '555 0100', address: null, birthday: null, marketingConsent: false, pointsBalance: 0, totalSpent: 0, orderCount: 0, createdAt: '', updatedAt: '' },
        });
      }),
    );
    await searchBox();
    await userEvent.keyboard('{F7}');
    const dialog = await screen.findByRole('dialog', { name: 'Customer for this sale' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'New customer' }));
    await person().type(screen.getByLabelText('Name'), 'Alex Morgan');
    await person().type(screen.getByLabelText('Phone (optional)'), '555 0100');
    await person().type(screen.getByLabelText('E-mail (optional)'), 'alex@');
    await userEvent.click(screen.getByRole('button', { name: 'Add to the sale' }));
    expect(await screen.findByText('The email must be a valid email address.')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('E-mail (optional)'));
    await userEvent.click(screen.getByRole('button', { name: 'Add to the sale' }));
    expect(await screen.findByRole('button', { name: 'Remove customer Alex Morgan' })).toBeTruthy();
    expect(sent.at(-1)).toEqual({ name: 'Alex Morgan', phone: '555 0100', email: null, marketingConsent: false });
  });

  it('brings the sale back with the same uuid after the screen is left and opened again', async () => {
    renderSell();
    const bodies = answerSales(() => HttpResponse.error());
    await ringUpCola();
    const payment = await payExact();
    await within(payment).findByText(/The server cannot be reached/);
    const firstUuid = bodies[0]?.uuid;
    cleanup();

    renderSell({ registerId: 3 });
    expect(await within(await screen.findByRole('list', { name: 'Sale lines' })).findByText('Cola Zero 330 ml')).toBeTruthy();
    await payExact();
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]?.uuid).toBe(firstUuid);
  });
});
