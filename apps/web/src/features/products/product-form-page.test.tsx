import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http.ts';
import { httpError } from '../../testing/fixtures.ts';
import { ProductFormPage } from './product-form-page.tsx';

const lists: Record<string, unknown> = {
  '/api/outlets/list': [{ id: 1, name: 'Main store' }],
  '/api/categories/list': [{ id: 3, name: 'Drinks', depth: 0 }],
  '/api/taxes/list': [{ id: 7, name: 'VAT 7.5 %' }],
  '/api/products/charges/list': [],
  '/api/attributes': [],
  '/api/settings': { businessName: 'Shop', currency: 'USD', locale: 'en-US', logoUrl: null, defaultTaxIds: [7], skuPattern: 'SKU-{seq:6}', defaultLowStockThreshold: 5, allowNegativeStock: false },
};

/** `settingsLater`: the shop's settings answer only after every list has (a slow or busy server). */
function renderNew({ settingsLater = false } = {}) {
  let answerSettings = () => {};
  const settingsAnswered = new Promise<void>((resolve) => (answerSettings = resolve));
  vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
    if (url === '/api/settings' && settingsLater) await settingsAnswered;
    else if (url === '/api/outlets/list') setTimeout(answerSettings, 50);
    return { data: { data: lists[url] ?? [] } };
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/products/new', Component: ProductFormPage },
      { path: '/products/:id/edit', element: <h1>Edit screen</h1> },
    ],
    { initialEntries: ['/products/new'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => vi.restoreAllMocks());

describe('new product form', () => {
  it('sends the product with exact amounts, opening stock and the default taxes, then opens it', async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { data: { id: 42, title: 'Cola 330ml' } } });
    const router = renderNew();
    await userEvent.type(await screen.findByLabelText('Title'), 'Cola 330ml');
    await userEvent.type(screen.getByLabelText('Price of the product'), '1.25');
    await userEvent.type(screen.getByLabelText('Opening quantity of Default at Main store'), '12');
    expect(screen.getByRole('list', { name: 'Taxes' }).textContent).toContain('VAT 7.5 %');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(post).toHaveBeenCalled());
    const [url, body] = post.mock.calls[0] as [string, { title: string; taxIds: number[]; variants: Array<{ price: number; stock: unknown[] }> }];
    expect(url).toBe('/api/products/create');
    expect(body.title).toBe('Cola 330ml');
    expect(body.taxIds).toEqual([7]);
    expect(body.variants[0]?.price).toBe(125);
    expect(body.variants[0]?.stock).toEqual([{ outletId: 1, quantity: 12, lowStockThreshold: null }]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/products/42/edit'));
  });

  it("shows the server's field errors on the right fields and keeps what was typed", async () => {
    vi.spyOn(http, 'post').mockRejectedValue(
      httpError(422, {
        message: 'Another product already has this barcode.',
        errors: { 'variants.0.barcode': ['Another product already has this barcode.'], title: ['Another product has this title.'] },
      }),
    );
    renderNew();
    await userEvent.type(await screen.findByLabelText('Title'), 'Cola');
    await userEvent.type(screen.getByLabelText('Price of the product'), '2');
    await userEvent.type(screen.getByLabelText('Barcode of the product'), '4006381333931');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Another product already has this barcode.')).toBeTruthy();
    expect(screen.getByText('Another product has this title.')).toBeTruthy();
    expect((screen.getByLabelText('Barcode of the product') as HTMLInputElement).value).toBe('4006381333931');
    expect((screen.getByLabelText('Price of the product') as HTMLInputElement).value).toBe('2');
  });

  it('shows the title and the price errors together when an empty product is saved', async () => {
    const post = vi.spyOn(http, 'post');
    renderNew();
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The title field is required.')).toBeTruthy();
    expect(screen.getByText('Enter the price, like 1,234.50.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('reads a price with grouping the way the shop writes it', async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { data: { id: 43, title: 'Bike' } } });
    renderNew();
    await userEvent.type(await screen.findByLabelText('Title'), 'Bike');
    await userEvent.type(screen.getByLabelText('Price of the product'), '1,234.50');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect((post.mock.calls[0] as [string, { variants: Array<{ price: number }> }])[1].variants[0]?.price).toBe(123450);
  });

  it('refuses an amount it cannot read before sending anything', async () => {
    const post = vi.spyOn(http, 'post');
    renderNew();
    await userEvent.type(await screen.findByLabelText('Title'), 'Cola');
    await userEvent.type(screen.getByLabelText('Price of the product'), '1,2,3');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('“1,2,3” is not an amount. Enter an amount like 1,234.50.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it("starts with the shop's default taxes even when the settings answer after everything else", async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { data: { id: 43, title: 'Tea' } } });
    renderNew({ settingsLater: true });
    await userEvent.type(await screen.findByLabelText('Title'), 'Tea');
    expect(screen.getByRole('list', { name: 'Taxes' }).textContent).toContain('VAT 7.5 %');
    await userEvent.type(screen.getByLabelText('Price of the product'), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect((post.mock.calls[0]?.[1] as { taxIds: number[] }).taxIds).toEqual([7]);
  });

  it('asks before saving a product without any tax, and saves it tax-free only when told', async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { data: { id: 44, title: 'Stamps' } } });
    const router = renderNew();
    await userEvent.type(await screen.findByLabelText('Title'), 'Stamps');
    await userEvent.type(screen.getByLabelText('Price of the product'), '1.10');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove VAT 7.5 %' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'Save without tax?' });
    expect(dialog.textContent).toContain('the till will charge none on it');
    expect(post).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(post).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Save without tax?' })).getByRole('button', { name: 'Save without tax' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect((post.mock.calls[0]?.[1] as { taxIds: number[] }).taxIds).toEqual([]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/products/44/edit'));
  });
});
