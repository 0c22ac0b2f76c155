import { defaultShopSettings, type ShopSettings, type Tax } from '@tillbook/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, invalid, recordRequests, rest, server } from '../../testing/server.ts';
import { TaxFormPage } from './tax-form-page.tsx';
import { buildTax } from './tax.fixtures.ts';

/** The tax form; the shop settings and the tax being edited answered over msw. */
function renderForm(path = '/taxes/new', options: { settings?: Partial<ShopSettings>; tax?: Tax } = {}) {
  server.use(rest.get('/api/settings', () => HttpResponse.json({ data: { ...defaultShopSettings, ...options.settings } })));
  const tax = options.tax;
  if (tax) server.use(rest.get(`/api/taxes/${tax.id}/edit`, () => HttpResponse.json({ data: tax })));
  const { router } = renderScreen(<TaxFormPage />, {
    path,
    pattern: path === '/taxes/new' ? path : '/taxes/:id/edit',
    routes: [{ path: '/taxes', element: <h1>Taxes list</h1> }],
  });
  return router;
}

const rateField = () => screen.getByLabelText('Rate (%)') as HTMLInputElement;
const example = () => screen.getByTestId('tax-example').textContent;

/** Replaces a field's text in one input event, as pasting does (fast even on a busy machine). */
async function fill(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(text);
}

const typeRate = (text: string) => fill(rateField(), text);

describe('TaxFormPage: the worked example', () => {
  it('shows 10.00 plus an exclusive 7.5 % tax as 10.00 + 0.75 tax = 10.75', async () => {
    renderForm();
    expect(screen.getByText('Type a rate such as 7.5 to see how it works out.')).toBeTruthy();
    await typeRate('7.5');
    await waitFor(() => expect(example()).toBe('$10.00 + $0.75 tax = $10.75'));
  });

  it('shows what an inclusive 7.5 % tax leaves of a 10.00 price: net 9.30 + tax 0.70', async () => {
    renderForm();
    await typeRate('7.5');
    await userEvent.click(screen.getByRole('radio', { name: /Included in the price/ }));
    await waitFor(() => expect(example()).toBe('A $10.00 price → net $9.30 + tax $0.70 = $10.00'));
  });

  it('reads a comma as the decimal separator and formats money in the shop currency', async () => {
    renderForm('/taxes/new', { settings: { currency: 'EUR', locale: 'de-DE' } });
    await typeRate('20');
    await waitFor(() => expect(example()).toMatch(/^10,00\s€ \+ 2,00\s€ tax = 12,00\s€$/));
    await typeRate('7,5');
    await waitFor(() => expect(example()).toMatch(/^10,00\s€ \+ 0,75\s€ tax = 10,75\s€$/));
  });

  it('shows no example while the rate is not a percentage', async () => {
    renderForm();
    await typeRate('abc');
    expect(screen.queryByTestId('tax-example')).toBeNull();
    expect(screen.getByText('Type a rate such as 7.5 to see how it works out.')).toBeTruthy();
  });
});

describe('TaxFormPage: rate parsing and saving', () => {
  it.each([['abc'], ['101'], ['7.12345']])('refuses the rate %s on its field without calling the server', async (rate) => {
    const sent = recordRequests();
    renderForm();
    await fill(screen.getByLabelText('Name'), 'Sales tax');
    await typeRate(rate);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The rate must be a percentage between 0 and 100 with at most 4 decimals.')).toBeTruthy();
    expect(rateField().getAttribute('aria-invalid')).toBe('true');
    expect(sent.filter('POST', '/api/taxes/create')).toHaveLength(0);
  });

  it('refuses a compound tax included in the price, on the compound box', async () => {
    renderForm();
    await fill(screen.getByLabelText('Name'), 'City tax');
    await typeRate('9.975');
    await userEvent.click(screen.getByRole('radio', { name: /Included in the price/ }));
    await userEvent.click(screen.getByLabelText(/^Compound/));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The tax cannot be compound when it is included in the price.')).toBeTruthy();
  });

  it('sends the rate as normalised decimal text and goes back to the list', async () => {
    const sent = recordRequests();
    server.use(rest.post('/api/taxes/create', () => HttpResponse.json({ data: buildTax({ name: 'Sales tax', rate: '7.5', rateE4: 75_000 }) })));
    const router = renderForm();
    await fill(screen.getByLabelText('Name'), 'Sales tax');
    await typeRate('7,50');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Taxes list' })).toBeTruthy();
    expect(sent.find('POST', '/api/taxes/create')?.body).toEqual({ name: 'Sales tax', rate: '7.5', isInclusive: false, isCompound: false, active: true });
    expect(router.state.location.pathname).toBe('/taxes');
    expect(screen.getByText('Tax “Sales tax” created.')).toBeTruthy();
  });

  it('puts the server’s 422 on its field and keeps what was typed', async () => {
    server.use(rest.post('/api/taxes/create', () => invalid({ name: ['A tax with this name already exists.'] }, 'A tax with this name already exists.')));
    renderForm();
    await fill(screen.getByLabelText('Name'), 'VAT');
    await typeRate('20');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A tax with this name already exists.')).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('VAT');
    expect(rateField().value).toBe('20');
  });

  it('edits a tax: loads it into the form, says how many products carry it, and saves with PUT', async () => {
    const tax = buildTax();
    const sent = recordRequests();
    server.use(rest.put('/api/taxes/7/edit', () => HttpResponse.json({ data: { ...tax, rate: '9' } })));
    renderForm(`/taxes/${tax.id}/edit`, { tax });
    expect(((await screen.findByLabelText('Name')) as HTMLInputElement).value).toBe('State tax');
    expect(rateField().value).toBe('8.875');
    expect(screen.getByText('3 products carry this tax: a change applies to their next sales.')).toBeTruthy();
    await waitFor(() => expect(example()).toBe('$10.00 + $0.89 tax = $10.89'));
    await typeRate('9');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.find('PUT', '/api/taxes/7/edit')?.body).toEqual(expect.objectContaining({ rate: '9', name: 'State tax' })));
  });
});
