import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { landing, renderScreen } from '../../testing/render.tsx';
import { HttpResponse, invalid, recordRequests, rest, server } from '../../testing/server.ts';
import { ProductFormPage } from './product-form-page.tsx';

const lists: Record<string, unknown> = {
  '/api/outlets/list': [{ id: 1, name: 'Main store' }],
  '/api/categories/list': [{ id: 3, name: 'Drinks', depth: 0 }],
  '/api/taxes/list': [{ id: 7, name: 'VAT 7.5 %' }],
  '/api/products/charges/list': [],
  '/api/attributes': [],
  '/api/settings': { businessName: 'Shop', currency: 'USD', locale: 'en-US', logoUrl: null, defaultTaxIds: [7], skuPattern: 'SKU-{seq:6}', defaultLowStockThreshold: 5, allowNegativeStock: false },
};

type Created = { id: number; title: string };

/**
 * The new-product screen with the lists it picks from; `created` is the server's answer to the save.
 * `settingsLater`: the shop's settings answer only after every list has (a slow or busy server).
 */
function renderNew({ settingsLater = false, created }: { settingsLater?: boolean; created?: Created | (() => Response) } = {}) {
  let answerSettings = () => {};
  const settingsAnswered = new Promise<void>((resolve) => (answerSettings = resolve));
  const sent = recordRequests();
  server.use(
    ...Object.entries(lists).map(([path, data]) =>
      rest.get(path, async () => {
        if (path === '/api/settings' && settingsLater) await settingsAnswered;
        else if (path === '/api/outlets/list') setTimeout(answerSettings, 50);
        return HttpResponse.json({ data });
      }),
    ),
    rest.post('/api/products/create', () => (typeof created === 'function' ? created() : HttpResponse.json({ data: created ?? { id: 1, title: '' } }))),
  );
  const { router, user } = renderScreen(<ProductFormPage />, { path: '/products/new', routes: [landing('/products/:id/edit', 'Edit screen')] });
  const creates = () => sent.filter('POST', '/api/products/create');
  /** What the save sent, once it has been read. */
  const sentProduct = async <T,>() => {
    await waitFor(() => expect(creates()[0]?.body).toBeDefined());
    return creates()[0]?.body as T;
  };
  return { router, user, creates, sentProduct };
}

describe('new product form', () => {
  it('sends the product with exact amounts, opening stock and the default taxes, then opens it', async () => {
    const { router, user, sentProduct } = renderNew({ created: { id: 42, title: 'Cola 330ml' } });
    await user.type(await screen.findByLabelText('Title'), 'Cola 330ml');
    await user.type(screen.getByLabelText('Price of the product'), '1.25');
    await user.type(screen.getByLabelText('Opening quantity of Default at Main store'), '12');
    expect(screen.getByRole('list', { name: 'Taxes' }).textContent).toContain('VAT 7.5 %');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const body = await sentProduct<{ title: string; taxIds: number[]; variants: Array<{ price: number; stock: unknown[] }> }>();
    expect(body.title).toBe('Cola 330ml');
    expect(body.taxIds).toEqual([7]);
    expect(body.variants[0]?.price).toBe(125);
    expect(body.variants[0]?.stock).toEqual([{ outletId: 1, quantity: 12, lowStockThreshold: null }]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/products/42/edit'));
  });

  it("shows the server's field errors on the right fields and keeps what was typed", async () => {
    const { user } = renderNew({
      created: () =>
        invalid(
          { 'variants.0.barcode': ['Another product already has this barcode.'], title: ['Another product has this title.'] },
          'Another product already has this barcode.',
        ),
    });
    await user.type(await screen.findByLabelText('Title'), 'Cola');
    await user.type(screen.getByLabelText('Price of the product'), '2');
    await user.type(screen.getByLabelText('Barcode of the product'), '4006381333931');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Another product already has this barcode.')).toBeTruthy();
    expect(screen.getByText('Another product has this title.')).toBeTruthy();
    expect((screen.getByLabelText('Barcode of the product') as HTMLInputElement).value).toBe('4006381333931');
    expect((screen.getByLabelText('Price of the product') as HTMLInputElement).value).toBe('2');
  });

  it('shows the title and the price errors together when an empty product is saved', async () => {
    const { user, creates } = renderNew();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The title field is required.')).toBeTruthy();
    expect(screen.getByText('Enter the price, like 1,234.50.')).toBeTruthy();
    expect(creates()).toHaveLength(0);
  });

  it('reads a price with grouping the way the shop writes it', async () => {
    const { user, sentProduct } = renderNew({ created: { id: 43, title: 'Bike' } });
    await user.type(await screen.findByLabelText('Title'), 'Bike');
    await user.type(screen.getByLabelText('Price of the product'), '1,234.50');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await sentProduct<{ variants: Array<{ price: number }> }>()).variants[0]?.price).toBe(123450);
  });

  it('refuses an amount it cannot read before sending anything', async () => {
    const { user, creates } = renderNew();
    await user.type(await screen.findByLabelText('Title'), 'Cola');
    await user.type(screen.getByLabelText('Price of the product'), '1,2,3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('“1,2,3” is not an amount. Enter an amount like 1,234.50.')).toBeTruthy();
    expect(creates()).toHaveLength(0);
  });

  it("starts with the shop's default taxes even when the settings answer after everything else", async () => {
    const { user, sentProduct } = renderNew({ settingsLater: true, created: { id: 43, title: 'Tea' } });
    await user.type(await screen.findByLabelText('Title'), 'Tea');
    expect(screen.getByRole('list', { name: 'Taxes' }).textContent).toContain('VAT 7.5 %');
    await user.type(screen.getByLabelText('Price of the product'), '3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await sentProduct<{ taxIds: number[] }>()).taxIds).toEqual([7]);
  });

  it('asks before saving a product without any tax, and saves it tax-free only when told', async () => {
    const { router, user, creates, sentProduct } = renderNew({ created: { id: 44, title: 'Stamps' } });
    await user.type(await screen.findByLabelText('Title'), 'Stamps');
    await user.type(screen.getByLabelText('Price of the product'), '1.10');
    await user.click(await screen.findByRole('button', { name: 'Remove VAT 7.5 %' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'Save without tax?' });
    expect(dialog.textContent).toContain('the till will charge none on it');
    expect(creates()).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(creates()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Save without tax?' })).getByRole('button', { name: 'Save without tax' }));
    expect((await sentProduct<{ taxIds: number[] }>()).taxIds).toEqual([]);
    expect(creates()).toHaveLength(1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/products/44/edit'));
  });
});
