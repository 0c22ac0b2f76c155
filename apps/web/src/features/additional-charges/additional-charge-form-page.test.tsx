import { defaultShopSettings, type AdditionalCharge, type ShopSettings } from '@tillbook/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, invalid, recordRequests, rest, server } from '../../testing/server.ts';
import { AdditionalChargeFormPage } from './additional-charge-form-page.tsx';

function buildCharge(overrides: Partial<AdditionalCharge> = {}): AdditionalCharge {
  return {
    id: 4,
    name: 'Bottle deposit',
    kind: 'fixed',
    amount: 25,
    rate: null,
    rateE4: null,
    per: 'unit',
    isTaxable: false,
    active: true,
    productCount: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The charge form; the shop settings and the charge being edited answered over msw. */
function renderForm(path = '/products/additional-charges/new', options: { settings?: Partial<ShopSettings>; charge?: AdditionalCharge } = {}) {
  server.use(rest.get('/api/settings', () => HttpResponse.json({ data: { ...defaultShopSettings, ...options.settings } })));
  const charge = options.charge;
  if (charge) server.use(rest.get(`/api/products/charges/${charge.id}/edit`, () => HttpResponse.json({ data: charge })));
  renderScreen(<AdditionalChargeFormPage />, {
    path,
    pattern: path.endsWith('/new') ? path : '/products/additional-charges/:id/edit',
    routes: [{ path: '/products/additional-charges', element: <h1>Charges list</h1> }],
  });
}

const example = () => screen.getByTestId('charge-example').textContent;

/** Replaces a field's text in one input event, as pasting does (fast even on a busy machine). */
async function fill(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(text);
}

async function fillDeposit(amount: string) {
  await fill(await screen.findByLabelText('Name'), 'Bottle deposit');
  await fill(screen.getByLabelText(/^Amount/), amount);
}

describe('AdditionalChargeFormPage', () => {
  it('shows what a per-unit deposit adds to a line of 3: 3 × 0.25 = 0.75 per line', async () => {
    renderForm();
    await fillDeposit('0.25');
    await waitFor(() => expect(example()).toBe('3 × Bottle deposit $0.25 = $0.75 per line'));
    await userEvent.click(screen.getByRole('radio', { name: /Per line/ }));
    await waitFor(() => expect(example()).toBe('Bottle deposit $0.25 once per line, whatever the quantity: 3 units → $0.25'));
  });

  it('sends the amount in minor units, parsed exactly (19.99 → 1999)', async () => {
    const sent = recordRequests();
    server.use(rest.post('/api/products/charges/create', () => HttpResponse.json({ data: buildCharge({ amount: 1999 }) })));
    renderForm();
    await fillDeposit('19.99');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent.find('POST', '/api/products/charges/create')?.body).toEqual(expect.objectContaining({ name: 'Bottle deposit', kind: 'fixed', amount: 1999, per: 'unit', isTaxable: false, active: true })),
    );
    expect(await screen.findByRole('heading', { name: 'Charges list' })).toBeTruthy();
  });

  it.each([
    ['0.255', 'Use at most 2 decimals. Enter an amount like 1,234.50.'],
    ['5 dollars', '“5 dollars” is not an amount. Enter an amount like 1,234.50.'],
    ['1.000,00', '“1.000,00” is not an amount. Enter an amount like 1,234.50.'],
  ])('refuses the amount %s on its field and says why', async (amount, message) => {
    const sent = recordRequests();
    renderForm();
    await fillDeposit(amount);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(sent.find('POST', '/api/products/charges/create')).toBeUndefined();
  });

  it('reads an amount with grouping as the shop writes it (1,000.00 → 100000)', async () => {
    const sent = recordRequests();
    server.use(rest.post('/api/products/charges/create', () => HttpResponse.json({ data: buildCharge({ amount: 100000 }) })));
    renderForm();
    await fillDeposit('$1,000.00');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.find('POST', '/api/products/charges/create')?.body).toEqual(expect.objectContaining({ amount: 100000 })));
  });

  it('asks for an amount above zero', async () => {
    renderForm();
    await fillDeposit('0');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The amount must be more than zero.')).toBeTruthy();
  });

  it('uses the shop currency’s decimals: 25 yen is 25 minor units', async () => {
    const sent = recordRequests();
    server.use(rest.post('/api/products/charges/create', () => HttpResponse.json({ data: buildCharge() })));
    renderForm('/products/additional-charges/new', { settings: { currency: 'JPY', locale: 'ja-JP' } });
    await fillDeposit('25');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.find('POST', '/api/products/charges/create')?.body).toEqual(expect.objectContaining({ amount: 25 })));
  });

  it('switches to a percentage: the rate replaces the amount, and the example follows', async () => {
    const sent = recordRequests();
    server.use(rest.post('/api/products/charges/create', () => HttpResponse.json({ data: buildCharge({ kind: 'percentage', amount: null, rate: '10' }) })));
    renderForm();
    await fill(await screen.findByLabelText('Name'), 'Service');
    await userEvent.click(screen.getByRole('radio', { name: /Percentage/ }));
    expect(screen.queryByLabelText(/^Amount/)).toBeNull();
    expect(screen.queryByRole('group', { name: 'Charged' })).toBeNull();
    await fill(screen.getByLabelText('Rate (%)'), '10');
    await waitFor(() => expect(example()).toBe('10 % of a 3 × $10.00 line ($30.00) = $3.00'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent.find('POST', '/api/products/charges/create')?.body).toEqual(expect.objectContaining({ kind: 'percentage', rate: '10', amount: null })),
    );
  });

  it('puts the server’s 422 on its field and keeps what was typed', async () => {
    server.use(rest.post('/api/products/charges/create', () => invalid({ amount: ['The amount is too large.'] }, 'The amount is too large.')));
    renderForm();
    await fillDeposit('5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The amount is too large.')).toBeTruthy();
    expect((screen.getByLabelText(/^Amount/) as HTMLInputElement).value).toBe('5');
  });

  it('edits a charge with its amount shown as money text', async () => {
    const charge = buildCharge({ amount: 150, per: 'line' });
    const sent = recordRequests();
    server.use(rest.put('/api/products/charges/4/edit', () => HttpResponse.json({ data: charge })));
    renderForm(`/products/additional-charges/${charge.id}/edit`, { charge });
    expect(((await screen.findByLabelText(/^Amount/)) as HTMLInputElement).value).toBe('1.50');
    expect((screen.getByRole('radio', { name: /Per line/ }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.find('PUT', '/api/products/charges/4/edit')?.body).toEqual(expect.objectContaining({ amount: 150, per: 'line' })));
  });
});
