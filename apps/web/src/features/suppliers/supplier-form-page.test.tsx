import { defaultShopSettings, type Product, type ProductListItem } from '@tillbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, invalid, pageOf, recordRequests, rest, server } from '../../testing/server.ts';
import { SupplierFormPage } from './supplier-form-page.tsx';

const cola: ProductListItem = {
  id: 5,
  title: 'Cola 330ml',
  sku: 'SKU-000005',
  barcode: null,
  variantCount: 1,
  categories: [],
  stock: 10,
  stockStatus: 'in',
  price: 150,
  priceMax: 150,
  cost: 60,
  status: 'active',
  imageUrl: null,
  updatedAt: '2025-01-01T00:00:00.000Z',
};

const colaProduct: Product = {
  id: 5,
  title: 'Cola 330ml',
  description: null,
  trackStock: true,
  status: 'active',
  categoryIds: [],
  taxIds: [],
  chargeIds: [],
  attributeIds: [],
  images: [],
  variants: [
    { id: 51, name: '', optionIds: [], sku: 'SKU-000005', barcode: null, price: 150, cost: 60, active: true, isDefault: true, stock: [] },
  ],
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

const hoodie: Product = {
  ...colaProduct,
  id: 6,
  title: 'Classic hoodie',
  variants: [
    { ...colaProduct.variants[0]!, id: 61, name: 'S / Black', sku: 'SKU-000061', isDefault: false, price: 3900, cost: 1560 },
    { ...colaProduct.variants[0]!, id: 62, name: 'M / Black', sku: 'SKU-000062', isDefault: false, price: 3900, cost: 1560 },
  ],
};

/** The new-supplier form; the settings, the product search and the products answered over msw. */
function renderForm() {
  const rows = [cola, { ...cola, id: 6, title: 'Classic hoodie', sku: null, variantCount: 2, price: 3900 }];
  server.use(
    rest.get('/api/settings', () => HttpResponse.json({ data: defaultShopSettings })),
    rest.get('/api/products', () => HttpResponse.json(pageOf(rows, { perPage: 10 }))),
    rest.get('/api/products/6/edit', () => HttpResponse.json({ data: hoodie })),
    rest.get('/api/products/5/edit', () => HttpResponse.json({ data: colaProduct })),
  );
  const { router } = renderScreen(<SupplierFormPage />, { path: '/suppliers/new', routes: [{ path: '/suppliers', element: <h1>Suppliers list</h1> }] });
  return router;
}

async function fill(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(text);
}

async function addCola() {
  await fill(screen.getByLabelText('Add a product'), 'cola');
  await userEvent.click(await screen.findByRole('button', { name: /Cola 330ml/ }));
  return (await screen.findByLabelText('Supplier cost for Cola 330ml')) as HTMLInputElement;
}

describe('SupplierFormPage: products supplied', () => {
  it('adds a product row with our cost as the starting supplier cost, and shows the margin as the cost changes', async () => {
    renderForm();
    expect(await screen.findByText(/No products yet/)).toBeTruthy();
    const cost = await addCola();
    expect(cost.value).toBe('0.60');
    expect(screen.getByText('SKU-000005')).toBeTruthy();
    expect(screen.getByText('$0.60 / $1.50')).toBeTruthy();
    await fill(cost, '0.55');
    await waitFor(() => expect(screen.getByTestId('margin-0').textContent).toBe('$0.95 · 63.3%'));
  });

  it('sends the cost in minor units, parsed exactly, with the supplier SKU', async () => {
    const sent = recordRequests();
    server.use(rest.post('/api/suppliers/create', () => HttpResponse.json({ data: { id: 9, companyName: 'Northern Drinks Co.' } })));
    const router = renderForm();
    await fill(await screen.findByLabelText('Company name'), 'Northern Drinks Co.');
    const cost = await addCola();
    await fill(screen.getByLabelText('Supplier SKU for Cola 330ml'), 'ND-COLA');
    await fill(cost, '0.29');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.find('POST', '/api/suppliers/create')?.body).toBeTruthy());
    expect(sent.find('POST', '/api/suppliers/create')?.body).toMatchObject({
      companyName: 'Northern Drinks Co.',
      products: [{ variantId: 51, supplierSku: 'ND-COLA', cost: 29 }],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/suppliers'));
  });

  it('refuses a cost it cannot read and a missing company name together, without calling the server, and keeps what was typed', async () => {
    const sent = recordRequests();
    renderForm();
    const cost = await addCola();
    await fill(cost, '0.555');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Use at most 2 decimals. Enter an amount like 1,234.50.')).toBeTruthy();
    expect(screen.getByText('The company name field is required.')).toBeTruthy();
    expect(sent.find('POST', '/api/suppliers/create')).toBeUndefined();
    expect(cost.value).toBe('0.555');
  });

  it('puts the server’s 422 messages on the company name and on the right product row', async () => {
    server.use(
      rest.post('/api/suppliers/create', () =>
        invalid(
          {
            companyName: ['A supplier with this company name already exists.'],
            'products.0.cost': ['The supplier cost may not be greater than 100000000000.'],
          },
          'A supplier with this company name already exists. (and 1 more error)',
        ),
      ),
    );
    renderForm();
    await fill(await screen.findByLabelText('Company name'), 'Northern Drinks Co.');
    await addCola();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A supplier with this company name already exists.')).toBeTruthy();
    expect(screen.getByText('The supplier cost may not be greater than 100000000000.')).toBeTruthy();
    expect((screen.getByLabelText('Company name') as HTMLInputElement).value).toBe('Northern Drinks Co.');
  });

  it('does not add the same product twice', async () => {
    renderForm();
    await addCola();
    await fill(screen.getByLabelText('Add a product'), 'cola');
    await userEvent.click(within(await screen.findByRole('list', { name: 'Matching products' })).getByRole('button', { name: /Cola 330ml/ }));
    expect(await screen.findByText('Cola 330ml is already in the list.')).toBeTruthy();
    expect(screen.getAllByLabelText('Supplier cost for Cola 330ml')).toHaveLength(1);
  });

  it('asks which variant of a product with several, or adds them all', async () => {
    renderForm();
    await fill(await screen.findByLabelText('Add a product'), 'hoodie');
    await userEvent.click(within(await screen.findByRole('list', { name: 'Matching products' })).getByRole('button', { name: /Classic hoodie/ }));
    const variants = await screen.findByRole('list', { name: 'Variants of Classic hoodie' });
    await userEvent.click(within(variants.querySelector('li')!).getByRole('button', { name: 'Add' }));
    expect(await screen.findByLabelText('Supplier cost for Classic hoodie · S / Black')).toBeTruthy();
    await fill(screen.getByLabelText('Add a product'), 'hoodie');
    await userEvent.click(within(await screen.findByRole('list', { name: 'Matching products' })).getByRole('button', { name: /Classic hoodie/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add all variants' }));
    expect(await screen.findByLabelText('Supplier cost for Classic hoodie · M / Black')).toBeTruthy();
    expect(screen.getAllByLabelText(/^Supplier cost for Classic hoodie/)).toHaveLength(2);
  }, 10_000);

  it('removes a row', async () => {
    renderForm();
    await addCola();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Cola 330ml' }));
    expect(await screen.findByText(/No products yet/)).toBeTruthy();
  });
});
