import { defaultShopSettings, type Coupon } from '@tillbook/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, invalid, pageOf, recordRequests, rest, server } from '../../testing/server.ts';
import { CouponFormPage } from './coupon-form-page.tsx';
import { generateCouponCode } from './coupon-form-model.ts';

function buildCoupon(overrides: Partial<Coupon> = {}): Coupon {
  return {
    id: 4,
    code: 'SNACKS2',
    name: 'Two off snacks',
    kind: 'fixed',
    rate: null,
    rateE4: 0,
    amount: 200,
    validFrom: null,
    validUntil: null,
    minimumTotal: 500,
    maximumDiscount: null,
    usageLimit: null,
    usedCount: 0,
    perCustomerLimit: null,
    appliesTo: 'some',
    categoryIds: [3],
    productIds: [],
    categories: [{ id: 3, name: 'Snacks' }],
    products: [],
    active: true,
    state: 'active',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const categoryOptions = [
  { id: 3, name: 'Snacks', parentId: null, depth: 0, colour: null, active: true },
  { id: 5, name: 'Drinks', parentId: null, depth: 0, colour: null, active: true },
];

/** The coupon form; settings, categories, the product search and the coupon answered over msw. */
function renderForm(path = '/coupons/new', coupon?: Coupon, settings = defaultShopSettings) {
  server.use(
    rest.get('/api/settings', () => HttpResponse.json({ data: settings })),
    rest.get('/api/categories/list', () => HttpResponse.json({ data: categoryOptions })),
    rest.get('/api/products', () => HttpResponse.json(pageOf([{ id: 9, title: 'Salted crisps', sku: 'CRISP-1' }], { perPage: 8 }))),
  );
  if (coupon) server.use(rest.get(`/api/coupons/${coupon.id}/edit`, () => HttpResponse.json({ data: coupon })));
  const { router } = renderScreen(<CouponFormPage />, {
    path,
    pattern: path === '/coupons/new' ? path : '/coupons/:id/edit',
    routes: [{ path: '/coupons', element: <h1>Coupons list</h1> }],
  });
  return router;
}

/** Replaces a field's text in one input event, as pasting does. */
async function fill(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(text);
}

async function fillBasics(code = 'SAVE-5') {
  await fill(await screen.findByLabelText('Code'), code);
  await fill(screen.getByLabelText('Name'), 'Five off');
}

/** Answers the create request with the coupon; the requests are recorded. */
function answerCreate(overrides: Partial<Coupon> = {}) {
  const sent = recordRequests();
  server.use(rest.post('/api/coupons/create', () => HttpResponse.json({ data: buildCoupon(overrides) })));
  return sent;
}

describe('CouponFormPage: the value', () => {
  it('reads a typed amount exactly ("5.5" → 550 minor units) and saves', async () => {
    const sent = answerCreate({ code: 'SAVE-5' });
    const router = renderForm();
    await fillBasics();
    await userEvent.click(screen.getByRole('radio', { name: /Fixed amount/ }));
    await fill(screen.getByLabelText('Amount off (USD)'), '5.5');
    await fill(screen.getByLabelText('Minimum cart total (USD)'), '20');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent.find('POST', '/api/coupons/create')?.body).toEqual(expect.objectContaining({ code: 'SAVE-5', kind: 'fixed', amount: 550, minimumTotal: 2000, appliesTo: 'all', categoryIds: [], productIds: [] })),
    );
    expect(await screen.findByRole('heading', { name: 'Coupons list' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/coupons');
  });

  it('refuses sums that are not money, on their fields, without calling the server', async () => {
    const sent = recordRequests();
    renderForm();
    await fillBasics();
    await userEvent.click(screen.getByRole('radio', { name: /Fixed amount/ }));
    await fill(screen.getByLabelText('Amount off (USD)'), '5.555');
    await fill(screen.getByLabelText('Maximum discount (USD)'), '3 dollars');
    await fill(screen.getByLabelText('Minimum cart total (USD)'), '$1,250.00');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Use at most 2 decimals. Enter an amount like 1,234.50.')).toBeTruthy();
    expect(screen.getByText('“3 dollars” is not an amount. Enter an amount like 1,234.50.')).toBeTruthy();
    expect(screen.queryByText(/“\$1,250.00”/)).toBeNull();
    expect(sent.find('POST', '/api/coupons/create')).toBeUndefined();
  });

  it('shows every mistake of an empty coupon at once: code, name and rate', async () => {
    const sent = recordRequests();
    renderForm();
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The code field is required.')).toBeTruthy();
    expect(screen.getByText('The name field is required.')).toBeTruthy();
    expect(screen.getByText('The rate field is required.')).toBeTruthy();
    expect(sent.find('POST', '/api/coupons/create')).toBeUndefined();
  });

  it('refuses a percentage over 100', async () => {
    renderForm();
    await fillBasics();
    await fill(screen.getByLabelText('Percentage off (%)'), '150');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The rate must be a percentage above 0 and at most 100 with at most 4 decimals.')).toBeTruthy();
  });

  it('tries the coupon on a cart total with the pricing engine', async () => {
    renderForm();
    await fillBasics();
    await fill(screen.getByLabelText('Percentage off (%)'), '10');
    await fill(screen.getByLabelText('Minimum cart total (USD)'), '20');
    await fill(screen.getByLabelText('Cart total (USD)'), '15');
    await waitFor(() => expect(screen.getByTestId('coupon-try-it').textContent).toBe('The cart must total at least $20.00 for this coupon.'));
    await fill(screen.getByLabelText('Cart total (USD)'), '25');
    await waitFor(() => expect(screen.getByTestId('coupon-try-it').textContent).toBe('$2.50 off: the customer pays $22.50.'));
  });

  it('generates a readable code', async () => {
    renderForm();
    await userEvent.click(await screen.findByRole('button', { name: 'Generate' }));
    expect((screen.getByLabelText('Code') as HTMLInputElement).value).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    expect(generateCouponCode(() => new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7]))).toBe('ABCD-EFGH');
  });
});

describe('CouponFormPage: what it applies to', () => {
  it('asks for a category or product once "chosen" is picked, and hides the pickers for all products', async () => {
    const sent = recordRequests();
    renderForm();
    await fillBasics();
    await fill(screen.getByLabelText('Percentage off (%)'), '10');
    expect(screen.queryByLabelText('Categories: add')).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: /Chosen categories and products/ }));
    expect(screen.getByLabelText('Categories: add')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose at least one category or product.')).toBeTruthy();
    expect(sent.find('POST', '/api/coupons/create')).toBeUndefined();
    await userEvent.click(screen.getByRole('radio', { name: /All products/ }));
    expect(screen.queryByLabelText('Categories: add')).toBeNull();
  });

  it('sends the chosen category and product ids', async () => {
    const sent = answerCreate();
    renderForm();
    await fillBasics('SNACKY');
    await fill(screen.getByLabelText('Percentage off (%)'), '10');
    await userEvent.click(screen.getByRole('radio', { name: /Chosen categories and products/ }));
    await waitFor(() => expect(screen.getByRole('option', { name: 'Snacks' })).toBeTruthy());
    await userEvent.selectOptions(screen.getByLabelText('Categories: add'), '3');
    await fill(screen.getByLabelText('Find a product'), 'cri');
    await userEvent.click(await screen.findByRole('button', { name: /Salted crisps/ }));
    expect(screen.getByRole('list', { name: 'Chosen products' }).textContent).toContain('Salted crisps');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent.find('POST', '/api/coupons/create')?.body).toEqual(expect.objectContaining({ appliesTo: 'some', categoryIds: [3], productIds: [9], rate: '10' })),
    );
  });

  it('edits a coupon: loads its amount as text and its categories, and puts a 422 on the code', async () => {
    server.use(rest.put('/api/coupons/4/edit', () => invalid({ code: ['A coupon with this code already exists.'] }, 'A coupon with this code already exists.')));
    renderForm('/coupons/4/edit', buildCoupon());
    expect(((await screen.findByLabelText('Code')) as HTMLInputElement).value).toBe('SNACKS2');
    expect((screen.getByLabelText('Amount off (USD)') as HTMLInputElement).value).toBe('2.00');
    expect((screen.getByLabelText('Minimum cart total (USD)') as HTMLInputElement).value).toBe('5.00');
    await waitFor(() => expect(screen.getByRole('list', { name: 'Categories' }).textContent).toContain('Snacks'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A coupon with this code already exists.')).toBeTruthy();
    expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe('SNACKS2');
  });
});

describe('CouponFormPage: validity on the shop’s clock', () => {
  it('shows and sends the times as the shop’s clock reads them, whatever the browser’s zone', async () => {
    const nyc = { ...defaultShopSettings, timeZone: 'America/New_York' };
    renderForm('/coupons/4/edit', buildCoupon({ validFrom: '2026-11-01T04:00:00.000Z', validUntil: '2026-11-22T04:30:00.000Z' }), nyc);
    const until = (await screen.findByLabelText('Valid until')) as HTMLInputElement;
    expect(until.value).toBe('2026-11-21T23:30');
    expect((screen.getByLabelText('Valid from') as HTMLInputElement).value).toBe('2026-11-01T00:00');

    const sent = recordRequests();
    server.use(rest.put('/api/coupons/4/edit', () => HttpResponse.json({ data: buildCoupon() })));
    await fill(until, '2026-12-31T23:59');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.find('PUT', '/api/coupons/4/edit')?.body).toBeDefined());
    expect(sent.find('PUT', '/api/coupons/4/edit')?.body).toMatchObject({ validFrom: '2026-11-01T04:00:00.000Z', validUntil: '2027-01-01T04:59:00.000Z' });
  });
});
