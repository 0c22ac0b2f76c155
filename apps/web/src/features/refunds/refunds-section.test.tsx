import type { Refund } from '@tillbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { administrator, cashier, signIn } from '../../testing/fixtures.ts';
import { buildOrder, mockOrderGets, openDrawerOf } from '../../testing/orders.fixtures.ts';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, invalid, rest, server } from '../../testing/server.ts';
import { RefundsSection } from './refunds-section.tsx';

function buildRefund(overrides: Partial<Refund> = {}): Refund {
  return {
    id: 3,
    orderId: 41,
    number: 'MAIN-000041-R1',
    outletId: 1,
    registerId: 2,
    cashboxSessionId: 5,
    userId: 1,
    userName: 'Ada Lovelace',
    reason: 'Too small',
    netTotal: 600,
    taxTotal: 0,
    total: 720,
    taxes: [],
    lines: [{ id: 8, orderLineId: 2, variantId: 13, title: 'Mug', variantName: '', sku: 'MUG-1', quantity: 1, restock: false, net: 720, taxTotal: 0, total: 720, taxes: [] }],
    payments: [{ id: 9, tender: 'cash', amount: 720, reference: null }],
    points: null,
    storeCredit: 0,
    giftCard: 0,
    giftCards: [],
    exchange: null,
    approval: null,
    createdAt: '2026-11-22T15:00:00.000Z',
    ...overrides,
  };
}

function renderSection(order = buildOrder()) {
  renderScreen(<RefundsSection order={order} />);
}

/** Answers the refund POSTs with `answers` in turn (the last one again after that). */
function answerRefunds(...answers: Array<() => Response>) {
  let calls = 0;
  server.use(rest.post('/api/orders/41/refunds', () => answers[Math.min(calls++, answers.length - 1)]!()));
}

const refunded = () => HttpResponse.json({ data: buildRefund() });

describe('RefundsSection', () => {
  it("lists the order's refunds with what came back, where it went and how it was paid back", async () => {
    signIn(administrator);
    mockOrderGets({ '/api/orders/41/refunds': { data: [buildRefund()] } });
    renderSection();
    const refund = await screen.findByRole('listitem', { name: 'Refund MAIN-000041-R1' });
    expect(within(refund).getByText('1 × Mug', { exact: false }).textContent).toBe('1 × Mug (damaged)');
    expect(within(refund).getByText(/Ada Lovelace · Too small/)).toBeTruthy();
    expect(within(refund).getByText('Paid back: Cash $7.20')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Refund' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('refunds one shirt back to the tenders the sale was paid with and reads the order again', async () => {
    signIn(administrator);
    const sent = mockOrderGets({ '/api/orders/41/refunds': { data: [] } });
    answerRefunds(refunded);
    const posts = () => sent.filter('POST', '/api/orders/41/refunds');
    renderSection();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Refund from MAIN-000041' }));
    const quantity = dialog.getByRole('spinbutton', { name: 'Quantity to refund of Linen shirt · M / Blue' });
    await user.clear(quantity);
    await user.type(quantity, '5');
    // Capped at the 2 sold: two shirts are the whole line, 54.00.
    expect((quantity as HTMLInputElement).value).toBe('2');
    await user.clear(quantity);
    await user.type(quantity, '1');
    // One shirt is half the line (54.00 with its share of the coupon and tax): 20.00 goes back in cash, the rest by card.
    expect(dialog.getByRole('button', { name: 'Refund $27.00' })).toBeTruthy();
    expect((dialog.getByRole('textbox', { name: 'Cash' }) as HTMLInputElement).value).toBe('20.00');
    expect((dialog.getByRole('textbox', { name: 'Card' }) as HTMLInputElement).value).toBe('7.00');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Restock or damaged: Linen shirt · M / Blue' }), 'damaged');
    // The sale's own drawer, open, pays the cash unless the administrator chooses another.
    const drawer = dialog.getByRole('combobox', { name: '$20.00 in cash comes out of' }) as HTMLSelectElement;
    await waitFor(() => expect(drawer.selectedOptions[0]?.textContent).toBe('Till 1 · Main store (open, Carl Cash)'));
    expect(dialog.getByText('The drawer of Till 1 is open.')).toBeTruthy();

    await user.click(dialog.getByRole('button', { name: 'Refund $27.00' }));
    expect(dialog.getByText('The reason field is required.')).toBeTruthy();
    expect(posts()).toHaveLength(0);
    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Torn seam');
    await user.click(dialog.getByRole('button', { name: 'Refund $27.00' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts()[0]?.body).toEqual({
      lines: [{ orderLineId: 1, quantity: 1, restock: false }],
      payments: [{ tender: 'cash', amount: 2000 }, { tender: 'card', amount: 700 }],
      reason: 'Torn seam',
      cashboxSessionId: 5,
    });
    await waitFor(() => expect(sent.filter('GET', '/api/orders/41/refunds')).toHaveLength(2));
  });

  it('gives the points part back as points and the rest to the tenders, and says what happens to the earned points', async () => {
    signIn(administrator);
    // 61.20 paid 10.00 in points (1,000 points) and 51.20 by card; the sale earned 43 points.
    const order = buildOrder({
      payments: [{ id: 2, tender: 'card', amount: 5120, tendered: 5120, change: 0, reference: null }],
      paid: 5120,
      change: 0,
      loyalty: { rewardId: null, rewardName: null, rewardKind: null, rewardPoints: 0, rewardDiscount: 0, pointsRedeemed: 1000, pointsPaid: 1000, pointsEarned: 43, balanceAfter: 1043 },
    });
    const sent = mockOrderGets({ '/api/orders/41/refunds': { data: [] } });
    answerRefunds(refunded);
    renderSection(order);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Refund from MAIN-000041' }));
    const quantity = dialog.getByRole('spinbutton', { name: 'Quantity to refund of Linen shirt · M / Blue' });
    await user.clear(quantity);
    await user.type(quantity, '1');
    // 27.00 of 61.20: 441 of the 1,000 points (4.41) go back as points, 22.59 to the card, 18 earned points come back.
    expect((dialog.getByRole('textbox', { name: 'Card' }) as HTMLInputElement).value).toBe('22.59');
    const points = dialog.getByRole('list', { name: 'Points' });
    expect(points.textContent).toContain('441 points the sale redeemed go back to the customer: $4.41 of the refund is paid back in points.');
    expect(points.textContent).toContain('18 points the sale earned are taken back, as far as the balance allows.');
    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Torn seam');
    await user.click(dialog.getByRole('button', { name: 'Refund $27.00' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.filter('POST', '/api/orders/41/refunds')[0]?.body).toMatchObject({ payments: [{ tender: 'card', amount: 2259 }] });
  });

  it('pays part back as the customer’s store credit and shows it on the refund', async () => {
    signIn(administrator);
    const sent = mockOrderGets({ '/api/orders/41/refunds': { data: [buildRefund({ payments: [], storeCredit: 720, approval: { id: 1, approverName: 'Ada Lovelace', method: 'pin', createdAt: '2026-11-22T15:00:00.000Z' } })] } });
    answerRefunds(refunded);
    renderSection(buildOrder({ customerId: 7, customerName: 'Rosa Return' }));
    const refund = await screen.findByRole('listitem', { name: 'Refund MAIN-000041-R1' });
    expect(within(refund).getByText('Paid back: Store credit $7.20')).toBeTruthy();
    expect(within(refund).getByText('Approved by Ada Lovelace')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = within(screen.getByRole('dialog'));
    const quantity = dialog.getByRole('spinbutton', { name: 'Quantity to refund of Linen shirt · M / Blue' });
    await user.clear(quantity);
    await user.type(quantity, '1');
    await user.type(dialog.getByRole('textbox', { name: 'Store credit' }), '7');
    // The tenders give back the rest: 20.00 in cash.
    expect((dialog.getByRole('textbox', { name: 'Cash' }) as HTMLInputElement).value).toBe('20.00');
    expect((dialog.getByRole('textbox', { name: 'Card' }) as HTMLInputElement).value).toBe('0.00');
    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Torn seam');
    await user.click(dialog.getByRole('button', { name: 'Refund $27.00' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.find('POST', '/api/orders/41/refunds')?.body).toMatchObject({ payments: [{ tender: 'cash', amount: 2000 }], storeCredit: 700 });
  });

  it('shows what a refund did with the points, and what could not be taken back', async () => {
    signIn(administrator);
    mockOrderGets({ '/api/orders/41/refunds': { data: [buildRefund({ points: { returned: 500, pointsPaidBack: 500, reversed: 5, unrecovered: 20 } })] } });
    renderSection();
    const refund = await screen.findByRole('listitem', { name: 'Refund MAIN-000041-R1' });
    expect(within(refund).getByText(/^Points:/).textContent).toBe(
      'Points: 500 points given back; 5 earned points taken back; 20 could not be taken back: the customer had spent them.',
    );
  });

  it("shows the server's 422 on the line and the payments and keeps what was typed", async () => {
    signIn(administrator);
    mockOrderGets({ '/api/orders/41/refunds': { data: [] } });
    answerRefunds(() => invalid({ 'lines.0.quantity': ['Only 1 of Mug can still be refunded.'], payments: ['At most $20.00 can go back by cash.'] }, 'x'));
    renderSection();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = within(screen.getByRole('dialog'));
    const quantity = dialog.getByRole('spinbutton', { name: 'Quantity to refund of Mug' });
    await user.clear(quantity);
    await user.type(quantity, '1');
    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Chipped');
    await user.click(dialog.getByRole('button', { name: 'Refund $7.20' }));
    expect(await dialog.findByText('Only 1 of Mug can still be refunded.')).toBeTruthy();
    expect(dialog.getByText('At most $20.00 can go back by cash.')).toBeTruthy();
    expect((dialog.getByRole('textbox', { name: 'Reason' }) as HTMLTextAreaElement).value).toBe('Chipped');
    expect((quantity as HTMLInputElement).value).toBe('1');
  });

  it('is not there for a cashier, who may not refund (nor ask for refunds)', async () => {
    signIn(cashier);
    const sent = mockOrderGets({ '/api/orders/41/refunds': { data: [] } });
    renderSection();
    expect(screen.queryByRole('region', { name: 'Refunds' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
    expect(sent.all.filter((r) => r.path !== '/api/settings')).toHaveLength(0);
  });

  it('says when an order has no refunds', async () => {
    signIn(administrator);
    mockOrderGets({ '/api/orders/41/refunds': { data: [] } });
    renderSection();
    expect(await within(screen.getByRole('region', { name: 'Refunds' })).findByText('No refunds.')).toBeTruthy();
  });

  it('disables Refund when nothing is left to refund', async () => {
    signIn(administrator);
    const mug = buildRefund();
    const shirts = buildRefund({ id: 4, number: 'MAIN-000041-R2', lines: [{ ...mug.lines[0]!, id: 10, orderLineId: 1, title: 'Linen shirt', quantity: 2 }] });
    mockOrderGets({ '/api/orders/41/refunds': { data: [mug, shirts] } });
    renderSection(buildOrder({ status: 'refunded' }));
    await screen.findByRole('listitem', { name: 'Refund MAIN-000041-R2' });
    expect((screen.getByRole('button', { name: 'Refund' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks which drawer pays the cash when the sale’s register is closed: another open drawer, or outside a drawer', async () => {
    signIn(administrator);
    const harbour = openDrawerOf(8, 3, 'Harbour till', 'Harbour Road', 'Ada Lovelace');
    const sent = mockOrderGets({
      '/api/orders/41/refunds': { data: [] },
      '/api/cashbox': { data: [harbour], meta: { page: 1, perPage: 100, total: 1, lastPage: 1 } },
    });
    answerRefunds(() => invalid({ cashboxSessionId: ['The drawer of Harbour till is closed. Choose an open drawer, or record the refund as paid outside a drawer.'] }, 'x'), refunded);
    const lastPost = () => sent.filter('POST', '/api/orders/41/refunds').at(-1)?.body;
    renderSection();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = within(screen.getByRole('dialog'));
    const quantity = dialog.getByRole('spinbutton', { name: 'Quantity to refund of Mug' });
    await user.clear(quantity);
    await user.type(quantity, '1');
    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Chipped');
    const drawer = (await dialog.findByRole('combobox', { name: '$7.20 in cash comes out of' })) as HTMLSelectElement;
    await dialog.findByText('The drawer of Till 1 is closed: choose an open drawer, or record the cash as paid outside a drawer.');
    expect([...drawer.options].map((o) => o.textContent)).toEqual(['Choose a drawer…', 'Harbour till · Harbour Road (open, Ada Lovelace)', 'Paid outside a drawer']);

    await user.click(dialog.getByRole('button', { name: 'Refund $7.20' }));
    expect(dialog.getByText('Choose the drawer that pays the cash, or record it as paid outside a drawer.')).toBeTruthy();
    expect(lastPost()).toBeUndefined();

    await user.selectOptions(drawer, 'Harbour till · Harbour Road (open, Ada Lovelace)');
    await user.click(dialog.getByRole('button', { name: 'Refund $7.20' }));
    // The server's refusal lands on the drawer field.
    expect(await dialog.findByText('The drawer of Harbour till is closed. Choose an open drawer, or record the refund as paid outside a drawer.')).toBeTruthy();
    expect(lastPost()).toMatchObject({ payments: [{ tender: 'cash', amount: 720 }], cashboxSessionId: 8 });

    await user.selectOptions(drawer, 'Paid outside a drawer');
    await user.click(dialog.getByRole('button', { name: 'Refund $7.20' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastPost()).toMatchObject({ cashboxSessionId: null });
  });

  it('asks for no drawer when nothing goes back in cash', async () => {
    signIn(administrator);
    const sent = mockOrderGets({ '/api/orders/41/refunds': { data: [] } });
    answerRefunds(refunded);
    renderSection();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = within(screen.getByRole('dialog'));
    const quantity = dialog.getByRole('spinbutton', { name: 'Quantity to refund of Mug' });
    await user.clear(quantity);
    await user.type(quantity, '1');
    const cash = dialog.getByRole('textbox', { name: 'Cash' });
    await user.clear(cash);
    await user.type(cash, '0');
    const card = dialog.getByRole('textbox', { name: 'Card' });
    await user.clear(card);
    await user.type(card, '7.20');
    expect(dialog.queryByRole('combobox', { name: /in cash comes out of/ })).toBeNull();
    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Chipped');
    await user.click(dialog.getByRole('button', { name: 'Refund $7.20' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.find('POST', '/api/orders/41/refunds')?.body).toEqual({ lines: [{ orderLineId: 2, quantity: 1, restock: true }], payments: [{ tender: 'card', amount: 720 }], reason: 'Chipped' });
  });
});
