import { defaultShopSettings, totalMismatchMessage, type CashboxStatus, type ShopSettings, type Order, type OrderCreateInput, type ProductSyncResult, type SyncProduct, type SyncVariant } from '@tillbook/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Dexie from 'dexie';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http.ts';
import { cashier, httpError, networkError, signIn } from '../../testing/fixtures.ts';
import { catalogueDbName } from './catalogue-db.ts';
import { saleIdTakenMessage } from './checkout.ts';
import { SellPage } from './sell-page.tsx';

function variant(id: number, overrides: Partial<SyncVariant> = {}): SyncVariant {
  return { id, name: '', sku: `SKU-${id}`, barcode: null, price: 1000, active: true, optionIds: [], stock: 10, lowStockThreshold: 2, ...overrides };
}
function product(id: number, title: string, overrides: Partial<SyncProduct> = {}): SyncProduct {
  return { id, title, status: 'active', trackStock: true, categoryIds: [], taxIds: [], chargeIds: [], imageUrl: null, variants: [variant(id * 10)], ...overrides };
}

const vat = { id: 1, name: 'VAT', rateE4: 200_000, isInclusive: true, isCompound: false };
const deposit = { id: 5, name: 'Bottle deposit', isTaxable: false, kind: 'fixed' as const, amount: 25, per: 'unit' as const };
const cola = product(2, 'Cola Zero 330 ml', { taxIds: [1], chargeIds: [5], variants: [variant(21, { barcode: '5449000131805', price: 150, sku: 'COLA-330' })] });
const shirt = product(1, 'Linen Shirt', {
  variants: [variant(11, { name: 'M / Red', sku: 'SHIRT-M-RED', barcode: '4006381333931', price: 2500, stock: 4 }), variant(12, { name: 'L / Blue', sku: 'SHIRT-L-BLUE', price: 2500, stock: 0 })],
});

const scarf = product(3, 'Wool Scarf', { variants: [variant(31, { sku: 'SCARF-1', price: 1800, stock: -4 })] });

const catalogue: ProductSyncResult = {
  products: [cola, shirt, scarf],
  deletedProductIds: [],
  deletedVariantIds: [],
  taxes: [vat],
  charges: [deposit],
  categories: [{ id: 30, name: 'Drinks', parentId: null, colour: '#0ea5e9', position: 0 }],
  nextCursor: 'c1',
  hasMore: false,
} as ProductSyncResult;

let outletId = 500;
const usedOutlets: number[] = [];

function drawer(isOpen: boolean): CashboxStatus {
  return {
    registerId: 3,
    registerSlug: 'main-till-1',
    registerName: 'Till 1',
    isOpen,
    isBlindClose: false,
    session: isOpen
      ? {
          id: 9, registerId: 3, registerName: 'Till 1', registerSlug: 'main-till-1', outletId, outletName: 'Main store', status: 'open', openedById: 2, openedByName: 'Carl Cash',
          openedAt: '2026-01-01T09:00:00.000Z', openingFloat: 10000, closedByName: null, closedAt: null, expectedCash: 10000, difference: null, salesCount: 0, salesTotal: 0,
        }
      : null,
  };
}

function orderOf(input: OrderCreateInput): Order {
  return {
    id: 1, uuid: input.uuid, number: 'MAIN-000001', status: 'paid', outletId, outletName: 'Main store', registerId: 3, registerName: 'Till 1', cashboxSessionId: 9, userId: 2,
    cashierName: 'Carl Cash', customerId: null, customerName: null, customerEmail: null, couponId: null, couponCode: null, subtotal: input.total, lineDiscountTotal: 0,
    orderDiscountTotal: 0, discountTotal: 0, chargeTotal: 0, netTotal: input.total, taxTotal: 0, total: input.total, paid: input.total, change: 0, note: null,
    receiptTemplateId: null, lines: [], payments: [], taxes: [], createdAt: '2026-01-01T10:00:00.000Z',
  };
}

function renderSell({ isOpen = true, status, registerId = 3, sync, settings = {} }: { isOpen?: boolean; status?: Error; registerId?: number; sync?: Promise<unknown>; settings?: Partial<ShopSettings> } = {}) {
  signIn(cashier);
  outletId += 1;
  usedOutlets.push(outletId);
  vi.spyOn(http, 'get').mockImplementation((url: string) => {
    if (url === '/api/cashbox/status') return status ? Promise.reject(status) : Promise.resolve({ data: { data: drawer(isOpen) } });
    if (url === '/api/products/sync') return sync ?? Promise.resolve({ data: { data: catalogue } });
    if (url === '/api/settings') return Promise.resolve({ data: { data: { ...defaultShopSettings, ...settings } } });
    return Promise.reject(new Error(`unexpected GET ${url}`));
  });
  const post = vi.spyOn(http, 'post');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '/registers/:id/sell', Component: SellPage }], { initialEntries: [`/registers/${registerId}/sell`] });
  const { container } = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { post, container };
}

// A person types slower than a keyboard-wedge scanner (a burst under 50 ms per key).
const person = () => userEvent.setup({ delay: 70 });
const searchBox = () => screen.findByRole('searchbox', { name: 'Search products' });
const saleLines = () => screen.findByRole('list', { name: 'Sale lines' });

/** The cola's barcode typed into the search box by a person, and Enter. */
async function ringUpCola() {
  await screen.findByRole('button', { name: /Cola Zero 330 ml/ });
  await person().type(await searchBox(), '5449000131805{Enter}');
  await within(await saleLines()).findByText('Cola Zero 330 ml');
}

afterEach(async () => {
  cleanup();
  await Promise.all(usedOutlets.splice(0).map((id) => Dexie.delete(catalogueDbName(id))));
});

describe('SellPage', () => {
  it('shows a closed drawer with the way to open it', async () => {
    renderSell({ isOpen: false });
    expect(await screen.findByText('The drawer of Till 1 is closed.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the drawer' }).getAttribute('href')).toBe('/registers/3/drawer');
  });

  it('treats a register the cashier may not use as closed', async () => {
    renderSell({ status: httpError(403, { message: 'This action is unauthorized.' }) });
    expect(await screen.findByRole('link', { name: 'Open the drawer' })).toBeTruthy();
  });

  it('adds the only search result with Enter, with its tax and charge from the engine', async () => {
    renderSell();
    const user = person();
    await user.type(await searchBox(), 'cola');
    await screen.findByRole('button', { name: /Cola Zero 330 ml/ });
    await user.keyboard('{Enter}');
    const line = within(await saleLines()).getByText('Cola Zero 330 ml').closest('li')!;
    expect(within(line).getByText('+ Bottle deposit $0.25')).toBeTruthy();
    expect(within(line).getByText('incl. VAT 20% $0.25')).toBeTruthy();
    expect(screen.getByLabelText('Sale total').textContent).toBe('$1.75');
    expect((await searchBox()).getAttribute('value')).toBe('');
  });

  it('adds a scanned barcode, twice as quantity 2, and names an unknown one without losing the sale', async () => {
    renderSell();
    await screen.findByRole('button', { name: /Cola Zero 330 ml/ });
    // No pause between keys, however busy the machine running the test is: a scanner's burst.
    const scanner = userEvent.setup({ delay: null });
    await scanner.keyboard('5449000131805{Enter}');
    await scanner.keyboard('5449000131805{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Quantity of Cola Zero 330 ml')).toHaveProperty('value', '2'));
    await scanner.keyboard('99999999{Enter}');
    expect(await screen.findByText('No product has the barcode 99999999.')).toBeTruthy();
    expect(screen.getByLabelText('Quantity of Cola Zero 330 ml')).toHaveProperty('value', '2');
    expect((await searchBox()).getAttribute('value')).toBe('');
  });

  it('asks which variant of a product with variants, and warns when stock would go below zero', async () => {
    renderSell({ settings: { allowNegativeStock: true } });
    await userEvent.click(await screen.findByRole('button', { name: /Linen Shirt/ }));
    const picker = await screen.findByRole('dialog', { name: 'Which Linen Shirt?' });
    expect(within(picker).getByRole('button', { name: /M \/ Red.*4 in stock/ })).toBeTruthy();
    await userEvent.click(within(picker).getByRole('button', { name: /L \/ Blue.*Out of stock/ }));
    expect(within(await saleLines()).getByText('Linen Shirt · L / Blue')).toBeTruthy();
    expect(screen.getByText(/Only 0 in stock at this outlet/)).toBeTruthy();

    // A variant's own barcode needs no question.
    await person().type(await searchBox(), '4006381333931{Enter}');
    expect(await within(await saleLines()).findByText('Linen Shirt · M / Red')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Which Linen Shirt?' })).toBeNull();
  });

  it('refuses an item out of stock when it is added, while the shop does not sell below zero', async () => {
    renderSell();
    expect(await screen.findByRole('button', { name: /Wool Scarf.*Out of stock \(−4\)/ })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Wool Scarf/ }));
    expect(await screen.findByText('Wool Scarf is out of stock at this outlet (−4): this shop does not sell below zero.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: /Linen Shirt/ }));
    const picker = await screen.findByRole('dialog', { name: 'Which Linen Shirt?' });
    await userEvent.click(within(picker).getByRole('button', { name: /L \/ Blue.*Out of stock/ }));
    expect(await screen.findByText('Linen Shirt · L / Blue is out of stock at this outlet: this shop does not sell below zero.')).toBeTruthy();
    expect(screen.getByText('Scan or search to add items')).toBeTruthy();

    // 4 in stock: the fifth is refused whether typed or stepped.
    await person().type(await searchBox(), '4006381333931{Enter}');
    const quantity = await screen.findByLabelText('Quantity of Linen Shirt · M / Red');
    await userEvent.clear(quantity);
    await person().type(quantity, '4{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Quantity of Linen Shirt · M / Red')).toHaveProperty('value', '4'));
    await userEvent.click(screen.getByRole('button', { name: 'One more Linen Shirt · M / Red' }));
    expect(await screen.findByText('Only 4 of Linen Shirt · M / Red in stock at this outlet: this shop does not sell below zero.')).toBeTruthy();
    expect(screen.getByLabelText('Quantity of Linen Shirt · M / Red')).toHaveProperty('value', '4');
  });

  it('takes quantities in digits only, and asks before one above the shop’s figure', async () => {
    renderSell({ settings: { confirmQuantityAbove: 5 } });
    await ringUpCola();
    const quantity = () => screen.getByLabelText('Quantity of Cola Zero 330 ml');
    await userEvent.clear(quantity());
    await person().type(quantity(), '1e3{Enter}');
    expect(await screen.findByText('“1e3” is not a quantity: type whole units in digits, such as 3.')).toBeTruthy();
    expect(quantity()).toHaveProperty('value', '1');

    await userEvent.clear(quantity());
    await person().type(quantity(), '8{Enter}');
    const question = await screen.findByRole('dialog', { name: 'Sell 8 × Cola Zero 330 ml?' });
    // 8 × (1.50 + 0.25 deposit).
    expect(within(question).getByText('$14.00')).toBeTruthy();
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(quantity()).toHaveProperty('value', '1');
    expect(screen.getByLabelText('Sale total').textContent).toBe('$1.75');

    await userEvent.clear(quantity());
    await person().type(quantity(), '8{Enter}');
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Sell 8 × Cola Zero 330 ml?' })).getByRole('button', { name: 'Sell 8' }));
    await waitFor(() => expect(screen.getByLabelText('Sale total').textContent).toBe('$14.00'));
    expect(quantity()).toHaveProperty('value', '8');
  });

  it('pays with the uuid and the engine’s total, and keeps the same uuid when the cashier retries', async () => {
    const { post } = renderSell();
    const bodies: OrderCreateInput[] = [];
    post.mockImplementationOnce((_url, body) => {
      bodies.push(body as OrderCreateInput);
      return Promise.reject(networkError());
    });
    post.mockImplementationOnce((_url, body) => {
      bodies.push(body as OrderCreateInput);
      return Promise.resolve({ data: { data: orderOf(body as OrderCreateInput) } });
    });
    await ringUpCola();
    await userEvent.keyboard('{F9}');
    const payment = await screen.findByRole('dialog', { name: 'Take payment' });
    await userEvent.click(within(payment).getByRole('button', { name: 'Exact' }));
    await userEvent.click(within(payment).getByRole('button', { name: 'Complete sale' }));
    expect(await within(payment).findByText(/The server cannot be reached/)).toBeTruthy();
    await userEvent.click(within(payment).getByRole('button', { name: 'Complete sale' }));
    expect((await screen.findAllByText(/MAIN-000001/)).length).toBeGreaterThan(0);

    expect(post).toHaveBeenCalledWith('/api/orders/create', expect.anything());
    expect(bodies[0]).toEqual({
      lines: [{ variantId: 21, quantity: 1, discount: null }],
      orderDiscount: null,
      couponCode: null,
      customerId: null,
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      registerId: 3,
      payments: [{ tender: 'cash', amount: 175 }],
      total: 175,
    });
    expect(bodies[1]?.uuid).toBe(bodies[0]?.uuid);
  });

  it('gives the next sale a new uuid as soon as one is stored, and a new one after a 409', async () => {
    const { post } = renderSell();
    const bodies: OrderCreateInput[] = [];
    post.mockImplementation((_url, body) => {
      bodies.push(body as OrderCreateInput);
      return bodies.length === 2
        ? Promise.reject(httpError(409, { message: 'This sale id belongs to a different sale.' }))
        : Promise.resolve({ data: { data: orderOf(body as OrderCreateInput) } });
    });
    const pay = async () => {
      await userEvent.keyboard('{F9}');
      const payment = await screen.findByRole('dialog', { name: 'Take payment' });
      await userEvent.click(within(payment).getByRole('button', { name: 'Exact' }));
      await userEvent.click(within(payment).getByRole('button', { name: 'Complete sale' }));
      return payment;
    };
    await ringUpCola();
    await pay();
    expect((await screen.findAllByText(/MAIN-000001/)).length).toBeGreaterThan(0);
    // Stored: the register's saved cart already belongs to the next sale.
    expect(window.localStorage.getItem('tillbook.sell.cart.3')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /New sale/ }));

    await ringUpCola();
    const payment = await pay();
    expect(await within(payment).findByText(saleIdTakenMessage)).toBeTruthy();
    await userEvent.click(within(payment).getByRole('button', { name: 'Complete sale' }));
    await waitFor(() => expect(bodies).toHaveLength(3));
    expect(new Set(bodies.map((body) => body.uuid)).size).toBe(3);
  });

  it('pauses a second tab on the same register, which may take it over; never two tabs on one sale', async () => {
    const first = renderSell();
    await ringUpCola();
    const second = renderSell();
    const paused = await within(second.container).findByRole('alert');
    expect(paused.textContent).toContain('Till 1 is open in another tab.');
    expect(paused.textContent).toContain('Selling here is paused');
    expect(within(second.container).queryByRole('list', { name: 'Sale lines' })).toBeNull();

    await userEvent.click(within(second.container).getByRole('button', { name: 'Sell in this tab instead' }));
    expect(await within(second.container).findByText('Cola Zero 330 ml', { selector: 'p' })).toBeTruthy();
    expect((await within(first.container).findByRole('alert')).textContent).toContain('Till 1 is open in another tab.');
    expect(within(first.container).queryByRole('list', { name: 'Sale lines' })).toBeNull();
  });

  it('holds a sale, starts a new one, and resumes the held sale', async () => {
    // A register of its own: held sales stay in the browser across tests.
    renderSell({ registerId: 71 });
    await ringUpCola();
    await within(await saleLines()).findByText('Cola Zero 330 ml');
    await userEvent.keyboard('{F8}');
    expect(await screen.findByText('Sale held: 1 item · $1.75.')).toBeTruthy();
    expect(screen.getByText('Scan or search to add items')).toBeTruthy();

    await userEvent.click(await screen.findByRole('button', { name: 'Held sales (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Held sales (1)' });
    expect(within(dialog).getByText('1 item · $1.75')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resume' }));
    expect(await within(await saleLines()).findByText('Cola Zero 330 ml')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Held sales (0)' })).toBeTruthy();
  });

  it('shows an applied coupon as a chip in place of the sale discount, and the server’s reason when refused', async () => {
    const { post } = renderSell();
    post.mockImplementation((url) => {
      if (url !== '/api/orders/apply-coupon') return Promise.reject(new Error(`unexpected POST ${url}`));
      return Promise.reject(httpError(422, { message: 'Refused', errors: { couponCode: ['This coupon has expired.'] } }));
    });
    await ringUpCola();
    const person = userEvent.setup({ delay: 70 });
    await person.type(screen.getByRole('textbox', { name: 'Coupon code' }), 'SUMMER');
    await person.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This coupon has expired.')).toBeTruthy();

    post.mockImplementation(() => Promise.resolve({ data: { data: { couponId: 1, code: 'WELCOME10', name: 'Welcome', discount: 17, lineIndexes: [0] } } }));
    await person.clear(screen.getByRole('textbox', { name: 'Coupon code' }));
    await person.type(screen.getByRole('textbox', { name: 'Coupon code' }), 'WELCOME10');
    await person.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('WELCOME10 −$0.17')).toBeTruthy();
    expect(post).toHaveBeenLastCalledWith('/api/orders/apply-coupon', expect.objectContaining({ couponCode: 'WELCOME10', lines: [{ variantId: 21, quantity: 1, discount: null }] }));
    expect(screen.queryByRole('button', { name: 'Sale discount' })).toBeNull();
    expect(screen.getByLabelText('Sale total').textContent).toBe('$1.58');
  });

  it('tells the cashier when the prices changed, and fetches the catalogue and the tax rounding again', async () => {
    const { post } = renderSell();
    post.mockRejectedValue(httpError(422, { message: 'Refused', errors: { total: [totalMismatchMessage] } }));
    await ringUpCola();
    const syncs = () => vi.mocked(http.get).mock.calls.filter(([url]) => url === '/api/products/sync').length;
    const settingsReads = () => vi.mocked(http.get).mock.calls.filter(([url]) => url === '/api/settings').length;
    const before = syncs();
    const settingsBefore = settingsReads();
    await userEvent.keyboard('{F9}');
    const payment = await screen.findByRole('dialog', { name: 'Take payment' });
    await userEvent.click(within(payment).getByRole('button', { name: 'Exact' }));
    await userEvent.click(within(payment).getByRole('button', { name: 'Complete sale' }));
    expect(await within(payment).findByText(totalMismatchMessage)).toBeTruthy();
    await waitFor(() => expect(syncs()).toBeGreaterThan(before));
    await waitFor(() => expect(settingsReads()).toBeGreaterThan(settingsBefore));
  });

  it('attaches a new customer made on the spot, with the server’s message on a field it refused', async () => {
    const { post } = renderSell();
    post.mockRejectedValueOnce(httpError(422, { message: 'Invalid', errors: { email: ['The email must be a valid email address.'] } }));
    post.mockResolvedValueOnce({
      data: { data: { id: 8, name: 'Alex Morgan', email: null, phone: '555 0100', address: null, birthday: null, marketingConsent: false, pointsBalance: 0, totalSpent: 0, orderCount: 0, createdAt: '', updatedAt: '' } },
    });
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
    expect(post).toHaveBeenLastCalledWith('/api/customers/create', { name: 'Alex Morgan', phone: '555 0100', email: null, marketingConsent: false });
  });

  it('gives a percentage off one line and an amount off the sale from the keyboard', async () => {
    renderSell();
    await ringUpCola();
    await person().type(await searchBox(), 'COLA-330{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Quantity of Cola Zero 330 ml')).toHaveProperty('value', '2'));
    await userEvent.click(screen.getByRole('button', { name: 'Discount' }));
    const lineDialog = await screen.findByRole('dialog', { name: 'Discount on Cola Zero 330 ml' });
    await waitFor(() => expect(document.activeElement).toBe(within(lineDialog).getByLabelText('Percent off')));
    await userEvent.keyboard('10{Enter}');
    expect(await screen.findByText('Line discount −$0.30')).toBeTruthy();

    await userEvent.keyboard('{F6}');
    const saleDialog = await screen.findByRole('dialog', { name: 'Discount on the sale' });
    await userEvent.click(within(saleDialog).getByLabelText(/Amount/));
    await userEvent.type(within(saleDialog).getByLabelText('Amount off'), '0.20{Enter}');
    // 2 × 1.50 − 0.30 − 0.20 in goods, plus 2 × 0.25 deposit.
    await waitFor(() => expect(screen.getByLabelText('Sale total').textContent).toBe('$3.00'));
  });

  it('keeps and shows the sale discount when the last line is removed', async () => {
    renderSell();
    await ringUpCola();
    await userEvent.keyboard('{F6}');
    const saleDialog = await screen.findByRole('dialog', { name: 'Discount on the sale' });
    await userEvent.click(within(saleDialog).getByLabelText(/Amount/));
    await userEvent.type(within(saleDialog).getByLabelText('Amount off'), '0.20{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Sale total').textContent).toBe('$1.55'));

    await userEvent.click(screen.getByRole('button', { name: 'Remove Cola Zero 330 ml' }));
    expect(await screen.findByText('The sale discount (−$0.20) stays on this sale for the items you add next.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sale −$0.20' })).toHaveProperty('disabled', false);
    await ringUpCola();
    await waitFor(() => expect(screen.getByLabelText('Sale total').textContent).toBe('$1.55'));
  });

  it('shows the catalogue loading while the sale side is already there', async () => {
    renderSell({ sync: new Promise(() => {}) });
    expect(await screen.findByRole('progressbar', { name: 'Loading the catalogue…' })).toBeTruthy();
    expect(screen.getByText('Scan or search to add items')).toBeTruthy();
    expect(screen.getByRole('button', { name: '+ Customer' })).toHaveProperty('disabled', false);
  });

  it('brings the sale back with the same uuid after the screen is left and opened again', async () => {
    const { post } = renderSell();
    post.mockRejectedValue(networkError());
    await ringUpCola();
    await userEvent.keyboard('{F9}');
    const payment = await screen.findByRole('dialog', { name: 'Take payment' });
    await userEvent.click(within(payment).getByRole('button', { name: 'Exact' }));
    await userEvent.click(within(payment).getByRole('button', { name: 'Complete sale' }));
    await within(payment).findByText(/The server cannot be reached/);
    const firstUuid = (post.mock.calls[0]?.[1] as OrderCreateInput).uuid;
    cleanup();

    renderSell({ registerId: 3 });
    expect(await within(await saleLines()).findByText('Cola Zero 330 ml')).toBeTruthy();
    await userEvent.keyboard('{F9}');
    const again = await screen.findByRole('dialog', { name: 'Take payment' });
    await userEvent.click(within(again).getByRole('button', { name: 'Exact' }));
    await userEvent.click(within(again).getByRole('button', { name: 'Complete sale' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    expect((post.mock.calls[1]?.[1] as OrderCreateInput).uuid).toBe(firstUuid);
  });
});
