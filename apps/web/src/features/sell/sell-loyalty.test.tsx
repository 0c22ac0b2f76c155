import { defaultRewardSettings, type PointsSummary, type RedeemInput, type Reward, type RewardSettings } from '@tillbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpResponse, invalid, recordRequests, rest, server } from '../../testing/server.ts';
import { emptyCart } from './cart.ts';
import { answerSales, dropCatalogues, orderOf, person, renderSell, ringUpCola, saleLines, searchBox } from './sell-page.fixtures.tsx';

afterEach(dropCatalogues);

function reward(id: number, name: string, overrides: Partial<Reward>): Reward {
  return {
    id, name, kind: 'amount', amount: 0, rate: null, rateE4: 0, variantId: null, variant: null, points: 100, startsOn: null, endsOn: null, active: true, archived: false,
    state: 'active', timesUsed: 0, createdAt: '', updatedAt: '', ...overrides,
  };
}

const freeCola = reward(7, 'Free cola', { kind: 'product', variantId: 21, variant: { id: 21, productId: 2, title: 'Cola Zero 330 ml', variantName: '', sku: 'COLA-330', unitPrice: 150 }, points: 400 });
const fiftyOff = reward(8, '0.50 off', { amount: 50, points: 1000 });
const lunch = reward(9, 'Lunch', { amount: 1200, points: 1500 });

// 1 point per 1.00 spent; 100 points = 1.00 when paying.
const loyaltyOn: RewardSettings = {
  ...defaultRewardSettings,
  earning: { ...defaultRewardSettings.earning, enabled: true },
  redemption: { ...defaultRewardSettings.redemption, enabled: true },
};
const alexPoints: Omit<PointsSummary, 'customerId'> = { balance: 1250, value: 1250, refusal: null, rewards: [freeCola, fiftyOff], next: { reward: lunch, pointsShort: 250 }, storeCredit: 0 };

/** The sell screen with Alex Morgan already on the sale (the register's saved cart), loyalty on. */
function renderWithAlex(options: Parameters<typeof renderSell>[0] = {}) {
  const cart = { ...emptyCart(), customer: { id: 8, name: 'Alex Morgan', email: null, pointsBalance: 1250 } };
  window.localStorage.setItem(`tillbook.sell.cart.${options.registerId ?? 3}`, JSON.stringify(cart));
  return renderSell({ rewardSettings: loyaltyOn, points: alexPoints, ...options });
}

/** Each POST /api/rewards/redeem: its body, answered by `answer`. */
function answerRedeem(answer: (count: number) => Response = () => HttpResponse.json({ data: {} })) {
  const bodies: RedeemInput[] = [];
  server.use(
    rest.post('/api/rewards/redeem', async ({ request }) => {
      bodies.push((await request.json()) as RedeemInput);
      return answer(bodies.length);
    }),
  );
  return bodies;
}

const pointsPanel = () => screen.findByRole('region', { name: 'Points' });

describe('SellPage loyalty', () => {
  it('shows the customer’s balance, what it is worth, the rewards within reach and the next one', async () => {
    renderWithAlex();
    const panel = await pointsPanel();
    expect(within(panel).getByText('1,250 points')).toBeTruthy();
    expect(within(panel).getByText(/worth \$12\.50/)).toBeTruthy();
    const rewards = within(panel).getByRole('list', { name: 'Rewards within reach' });
    expect(within(rewards).getByText('Free cola')).toBeTruthy();
    expect(within(rewards).getByText('400 points')).toBeTruthy();
    expect(within(rewards).getByRole('button', { name: 'Take 0.50 off' })).toBeTruthy();
    expect(within(panel).getByText('Next reward: Lunch in 250 points')).toBeTruthy();
  });

  it('shows nothing of points while the shop runs no loyalty', async () => {
    const sent = recordRequests();
    renderWithAlex({ rewardSettings: defaultRewardSettings, points: { balance: 0, value: 0, refusal: null, rewards: [], next: null, storeCredit: 0 } });
    expect(await screen.findByRole('button', { name: 'Remove customer Alex Morgan' })).toBeTruthy();
    await waitFor(() => expect(sent.find('GET', '/api/rewards/points')?.search.get('customer')).toBe('8'));
    await waitFor(() => expect(screen.queryByText(/Loading the customer’s points/)).toBeNull());
    expect(screen.queryByRole('region', { name: 'Points' })).toBeNull();
    expect(screen.queryByText(/points/)).toBeNull();
  });

  it('adds a free product discounted, after the server’s check, and takes it off with the reward', async () => {
    renderWithAlex();
    const asked = answerRedeem();
    await screen.findByRole('button', { name: /Cola Zero 330 ml/ });
    await userEvent.click(within(await pointsPanel()).getByRole('button', { name: 'Take Free cola' }));
    const line = (await within(await saleLines()).findByText('Cola Zero 330 ml')).closest('li')!;
    expect(within(line).getByText('Reward: Free cola −$1.50')).toBeTruthy();
    expect(screen.getByText('Reward: Free cola −$1.50', { selector: 'span' })).toBeTruthy();
    // The bottle deposit is still paid.
    expect(screen.getByLabelText('Sale total').textContent).toBe('$0.25');
    expect(asked).toEqual([
      { lines: [{ variantId: 21, quantity: 1, discount: null }], orderDiscount: null, couponCode: null, customerId: 8, redemption: { rewardId: 7, points: 0 } },
    ]);
    expect(within(await pointsPanel()).getByText('On the sale')).toBeTruthy();
    expect(within(await pointsPanel()).getByRole('button', { name: 'Take 0.50 off' })).toHaveProperty('disabled', true);

    await userEvent.click(screen.getByRole('button', { name: 'Remove reward Free cola' }));
    expect(await screen.findByText('Scan or search to add items')).toBeTruthy();
  });

  it('takes an amount off the sale in place of the sale discount, but not beside a coupon', async () => {
    renderWithAlex();
    answerRedeem();
    server.use(rest.post('/api/orders/apply-coupon', () => HttpResponse.json({ data: { couponId: 1, code: 'WELCOME10', name: 'Welcome', discount: 17, lineIndexes: [0] } })));
    await ringUpCola();
    await person().type(screen.getByRole('textbox', { name: 'Coupon code' }), 'WELCOME10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('WELCOME10 −$0.17');
    const panel = await pointsPanel();
    expect(within(panel).getByRole('button', { name: 'Take 0.50 off' })).toHaveProperty('disabled', true);
    expect(within(panel).getByText(/A sale takes a coupon or a reward, not both\./)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Remove coupon WELCOME10' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Take 0.50 off' }));
    expect(await screen.findByText('Reward: 0.50 off −$0.50')).toBeTruthy();
    expect(screen.getByLabelText('Sale total').textContent).toBe('$1.25');
    expect(screen.queryByRole('button', { name: 'Sale discount' })).toBeNull();
    await person().type(screen.getByRole('textbox', { name: 'Coupon code' }), 'WELCOME10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('A sale takes a coupon or a reward, not both. Remove the reward to use a coupon.')).toBeTruthy();
  });

  it('says why the server refused a reward, and reads the points again', async () => {
    const sent = recordRequests();
    renderWithAlex();
    answerRedeem(() => invalid({ 'redemption.rewardId': ['0.50 off needs 1,000 points; the customer has 900.'] }));
    await ringUpCola();
    const reads = () => sent.filter('GET', '/api/rewards/points').length;
    const before = reads();
    await userEvent.click(within(await pointsPanel()).getByRole('button', { name: 'Take 0.50 off' }));
    expect(await screen.findByText('0.50 off needs 1,000 points; the customer has 900.')).toBeTruthy();
    expect(screen.queryByText(/Reward: 0\.50 off/)).toBeNull();
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  });

  it('pays part with points and sends them with the sale; when the server refuses them, says why and reads the balance again', async () => {
    renderWithAlex();
    const bodies = answerSales((body, count) =>
      count === 1 ? invalid({ 'redemption.points': ['The customer has 50 points now.'] }, 'Refused') : HttpResponse.json({ data: orderOf(body) }),
    );
    await ringUpCola();
    await pointsPanel();
    await userEvent.keyboard('{F9}');
    const payment = await screen.findByRole('dialog', { name: 'Take payment' });
    await userEvent.keyboard('{F4}');
    await userEvent.clear(within(payment).getByRole('textbox', { name: 'Points amount' }));
    await userEvent.type(within(payment).getByRole('textbox', { name: 'Points amount' }), '1{Enter}');
    expect(within(payment).getByTestId('still-due').textContent).toBe('$0.75');
    await userEvent.click(within(payment).getByRole('button', { name: 'Exact' }));
    expect(bodies).toHaveLength(0);
    // Another till spends the points meanwhile: the server refuses, and the balance is read again.
    server.use(rest.get('/api/rewards/points', () => HttpResponse.json({ data: { ...alexPoints, customerId: 8, balance: 50, value: 50 } })));
    await userEvent.click(within(payment).getByRole('button', { name: 'Complete sale' }));
    expect(await within(payment).findByText('The customer has 50 points now.')).toBeTruthy();
    expect(await within(payment).findByText('The customer has 50 points.')).toBeTruthy();
    expect(within(payment).getByRole('button', { name: 'Complete sale' })).toHaveProperty('disabled', true);
    expect(bodies[0]).toMatchObject({ customerId: 8, redemption: { rewardId: null, points: 100 }, payments: [{ tender: 'cash', amount: 75 }], total: 175 });

    await userEvent.click(within(payment).getByRole('button', { name: 'Remove Points $1.00' }));
    await userEvent.click(within(payment).getByRole('button', { name: 'Exact' }));
    await userEvent.click(within(payment).getByRole('button', { name: 'Complete sale' }));
    expect((await screen.findAllByText(/MAIN-000001/)).length).toBeGreaterThan(0);
    expect(bodies[1]).toMatchObject({ redemption: null, payments: [{ tender: 'cash', amount: 75 }, { tender: 'cash', amount: 100 }], total: 175 });
  });

  it('keeps the reward on a held sale, and drops it with the customer', async () => {
    renderWithAlex({ registerId: 72 });
    answerRedeem();
    await ringUpCola();
    await userEvent.click(within(await pointsPanel()).getByRole('button', { name: 'Take 0.50 off' }));
    await screen.findByText('Reward: 0.50 off −$0.50');
    await userEvent.keyboard('{F8}');
    expect(await screen.findByText('Sale held: 1 item · Alex Morgan · $1.25.')).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Held sales (1)' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Held sales (1)' })).getByRole('button', { name: 'Resume' }));
    expect(await screen.findByText('Reward: 0.50 off −$0.50')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Remove customer Alex Morgan' }));
    expect(screen.queryByText(/Reward: 0\.50 off/)).toBeNull();
    expect(screen.getByLabelText('Sale total').textContent).toBe('$1.75');
    expect(await searchBox()).toBeTruthy();
  });
});
