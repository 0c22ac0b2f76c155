import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HttpResponse, invalid, recordRequests, rest, server } from '../../testing/server.ts';
import { buildSettings, renderSettings } from './settings.fixtures.tsx';

const taxes = [
  { id: 1, name: 'VAT', rateE4: 200_000, isInclusive: true, isCompound: false },
  { id: 2, name: 'City tax', rateE4: 15_000, isInclusive: false, isCompound: true },
];

async function openProducts(settings = buildSettings(), taxList: () => Response = () => HttpResponse.json({ data: taxes })) {
  server.use(
    rest.get('/api/settings', () => HttpResponse.json({ data: settings })),
    rest.get('/api/taxes/list', () => taxList()),
  );
  const rendered = renderSettings('/settings/products');
  await screen.findByLabelText('SKU pattern');
  return rendered;
}

/** The settings the screen sent with PUT /api/settings/products, once read. */
async function sentPut(sent: ReturnType<typeof recordRequests>) {
  await waitFor(() => expect(sent.find('PUT', '/api/settings/products')?.body).toBeDefined());
  return sent.find('PUT', '/api/settings/products')?.body;
}

function input(label: string | RegExp) {
  return screen.getByLabelText(label) as HTMLInputElement;
}

describe('ProductSettingsPage', () => {
  it('is the current settings tab', async () => {
    await openProducts();
    const tabs = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(within(tabs).getByRole('link', { name: 'Products' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('heading', { level: 1, name: 'Product settings' })).toBeTruthy();
  });

  it('shows the saved values, with the default taxes ticked', async () => {
    await openProducts(buildSettings({ defaultTaxIds: [2], defaultLowStockThreshold: 7, allowNegativeStock: true }));
    expect(input('SKU pattern').value).toBe('SKU-{seq:6}');
    expect(input('Default low-stock threshold').value).toBe('7');
    expect(input(/^Allow selling below zero stock/).checked).toBe(true);
    expect((await screen.findByLabelText(/^City tax/) as HTMLInputElement).checked).toBe(true);
    expect(input(/^VAT/).checked).toBe(false);
    expect(screen.getByText('1.5% · added to the price · compound')).toBeTruthy();
    expect(screen.getByText('20% · included in the price')).toBeTruthy();
    expect(screen.getByText(/the stock then shows a negative quantity/)).toBeTruthy();
  });

  it('shows what a generated SKU looks like while the pattern is typed', async () => {
    await openProducts();
    const example = screen.getByTestId('sku-example');
    expect(example.textContent).toBe('Example: SKU-{seq:6} → SKU-000042');
    await userEvent.clear(input('SKU pattern'));
    await userEvent.type(input('SKU pattern'), 'CS-');
    expect(example.textContent).toBe('Add {seq} or {seq:N} to the pattern to see an example SKU.');
    await userEvent.type(input('SKU pattern'), '{{seq}');
    expect(example.textContent).toBe('Example: CS-{seq} → CS-42');
  });

  it('sends the values as the API expects: tax ids, whole numbers and a boolean', async () => {
    await openProducts();
    const sent = recordRequests();
    server.use(
      rest.put('/api/settings/products', () =>
        HttpResponse.json({ data: buildSettings({ defaultTaxIds: [1, 2], skuPattern: 'CS-{seq:5}', defaultLowStockThreshold: 3, allowNegativeStock: true }) }),
      ),
    );
    await userEvent.click(await screen.findByLabelText(/^VAT/));
    await userEvent.click(input(/^City tax/));
    await userEvent.clear(input('SKU pattern'));
    await userEvent.type(input('SKU pattern'), 'CS-{{seq:5}');
    await userEvent.clear(input('Default low-stock threshold'));
    await userEvent.type(input('Default low-stock threshold'), '3');
    await userEvent.click(input(/^Allow selling below zero stock/));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await sentPut(sent)).toEqual({
      defaultTaxIds: [1, 2],
      skuPattern: 'CS-{seq:5}',
      defaultLowStockThreshold: 3,
      allowNegativeStock: true,
    });
    expect(await screen.findByText('Product settings saved.')).toBeTruthy();
  });

  it('puts the server’s 422 messages on their fields and keeps what was typed', async () => {
    await openProducts();
    server.use(
      rest.put('/api/settings/products', () =>
        invalid(
          {
            defaultTaxIds: ['The selected default taxes do not exist.'],
            defaultLowStockThreshold: ['The default low-stock threshold may not be greater than 1000000.'],
          },
          'The selected default taxes do not exist. (and 1 more error)',
        ),
      ),
    );
    await userEvent.click(await screen.findByLabelText(/^VAT/));
    await userEvent.clear(input('Default low-stock threshold'));
    await userEvent.type(input('Default low-stock threshold'), '999');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The selected default taxes do not exist.')).toBeTruthy();
    expect(screen.getByText('The default low-stock threshold may not be greater than 1000000.')).toBeTruthy();
    expect(input('Default low-stock threshold').getAttribute('aria-invalid')).toBe('true');
    expect(input('Default low-stock threshold').value).toBe('999');
    expect(input(/^VAT/).checked).toBe(true);
  });

  it('checks the fields with the contract before sending', async () => {
    await openProducts();
    const sent = recordRequests();
    await userEvent.clear(input('SKU pattern'));
    await userEvent.type(input('SKU pattern'), 'ABC');
    await userEvent.clear(input('Default low-stock threshold'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The SKU pattern must contain {seq} or {seq:N}, e.g. SKU-{seq:6}.')).toBeTruthy();
    expect(screen.getByText('The default low-stock threshold must be a whole number.')).toBeTruthy();
    expect(sent.filter('PUT', '/api/settings/products')).toHaveLength(0);
  });

  it.each([
    ['the list is empty', () => HttpResponse.json({ data: [] })],
    ['the taxes area answers 404', () => HttpResponse.json({ message: 'Not found.' }, { status: 404 })],
  ])('says where to add taxes when %s', async (_case, taxList) => {
    await openProducts(buildSettings(), taxList);
    const empty = await screen.findByText(/No taxes yet — add them under/);
    expect(within(empty).getByRole('link', { name: 'Taxes' }).getAttribute('href')).toBe('/taxes');
  });

  it('keeps a default tax that no longer exists visible so it can be unticked', async () => {
    await openProducts(buildSettings({ defaultTaxIds: [9] }));
    const gone = (await screen.findByLabelText('Tax #9 (inactive or deleted)')) as HTMLInputElement;
    expect(gone.checked).toBe(true);
  });

  it('offers to try again when the taxes cannot be loaded', async () => {
    await openProducts(buildSettings(), () => HttpResponse.json({ message: 'Server error.' }, { status: 500 }));
    expect(await screen.findByText(/The taxes could not be loaded/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
