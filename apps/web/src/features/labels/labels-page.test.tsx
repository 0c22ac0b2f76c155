import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { administrator } from '../../testing/fixtures.ts';
import { renderScreen } from '../../testing/render.tsx';
import { answerGet, HttpResponse, invalid, recordRequests, rest, server } from '../../testing/server.ts';
import { LabelsPage } from './labels-page.tsx';
import { cola, mockLabelGets } from './labels.fixtures.ts';

async function renderPage() {
  mockLabelGets();
  const view = renderScreen(<LabelsPage />, { path: '/printing-labels', signedInAs: administrator });
  await screen.findByRole('heading', { name: 'Printing labels' });
  return view;
}

function lineOf(variantId: number) {
  return within(screen.getByTestId(`line-${variantId}`));
}

function quantityOf(variantId: number, name: string) {
  return (lineOf(variantId).getByLabelText(`Labels for ${name}`) as HTMLInputElement).value;
}

function answerPdf() {
  server.use(rest.post('/api/labels/create', () => new HttpResponse('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } })));
}

beforeEach(() => {
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: vi.fn(() => 'blob:labels') });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
});

describe('LabelsPage', () => {
  it('adds a scanned product, one more label on a second scan, and sends the lines, layout, fields and start as the contract says', async () => {
    const { user } = await renderPage();
    const scan = screen.getByRole('searchbox', { name: 'Add a product' });
    await user.type(scan, `${cola.barcode}{Enter}`);
    await screen.findByTestId('line-11');
    expect(quantityOf(11, 'Cola · 330ml')).toBe('1');
    await user.type(scan, `${cola.barcode}{Enter}`);
    await waitFor(() => expect(quantityOf(11, 'Cola · 330ml')).toBe('2'));
    expect(screen.getByText('Cola · 330ml: 2 labels.')).toBeTruthy();
    expect(screen.getByTestId('label-count').textContent).toBe('2 labels on 1 sheet');
    expect(lineOf(11).getByText('$1.50')).toBeTruthy();

    answerPdf();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const sent = recordRequests();
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(sent.find('POST', '/api/labels/create')?.body).toEqual({
      layout: 'a4-3x8',
      items: [{ variantId: 11, quantity: 2 }],
      fields: { shopName: false, title: true, variant: true, price: true, barcode: true, qr: false, sku: true },
      startAt: 1,
      format: 'pdf',
    });
    // The server remembers the layout and fields with the print itself: no other call.
    expect(sent.filter('PUT', '/api/labels/preferences')).toHaveLength(0);
  });

  it('adds the variants whose price changed since a day, with their stock on hand when chosen', async () => {
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Add low-stock items' }));
    await screen.findByText('The low-stock items: 1 added.');
    const sent = recordRequests();
    expect((screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('Price changed since'), '2026-11-20');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await screen.findByText('The prices changed since Nov 20, 2026: 1 added, 1 already in the list.');
    expect(sent.find('GET', '/api/labels/price-changes')?.search.get('since')).toBe('2026-11-20');
    expect(screen.getAllByTestId(/^line-\d+$/).map((row) => row.dataset.testid)).toEqual(['line-22', 'line-41']);
    expect(lineOf(41).getByText('$1.00')).toBeTruthy();
    expect(quantityOf(41, 'Water')).toBe('1');
    await user.selectOptions(screen.getByLabelText('Quantity:'), 'Stock on hand');
    expect(quantityOf(41, 'Water')).toBe('9');

    await user.clear(screen.getByLabelText('Price changed since'));
    await user.type(screen.getByLabelText('Price changed since'), '2026-11-25');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('The prices changed since Nov 25, 2026: nothing to label.')).toBeTruthy();
  });

  it('adds a whole category, one line per variant, and takes the stock on hand as the quantity when chosen', async () => {
    const { user } = await renderPage();
    await user.selectOptions(await screen.findByLabelText('Category'), 'Drinks');
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    await screen.findByText('The products of Drinks: 3 added.');
    expect(screen.getAllByTestId(/^line-\d+$/).map((row) => row.dataset.testid)).toEqual(['line-21', 'line-22', 'line-41']);
    expect(quantityOf(21, 'Tea · Green')).toBe('1');
    expect(screen.getByTestId('label-count').textContent).toBe('3 labels on 1 sheet');

    await user.selectOptions(screen.getByLabelText('Quantity:'), 'Stock on hand');
    expect([quantityOf(21, 'Tea · Green'), quantityOf(22, 'Tea · Black'), quantityOf(41, 'Water')]).toEqual(['6', '2', '9']);
    expect(screen.getByTestId('label-count').textContent).toBe('17 labels on 1 sheet');

    await user.clear(lineOf(41).getByLabelText('Labels for Water'));
    await user.type(lineOf(41).getByLabelText('Labels for Water'), '20');
    expect(screen.getByTestId('label-count').textContent).toBe('28 labels on 2 sheets');
  });

  it('adds the low-stock variants and the received items of a goods order with their received quantity', async () => {
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Add low-stock items' }));
    await screen.findByText('The low-stock items: 1 added.');
    expect(screen.getAllByTestId(/^line-\d+$/).map((row) => row.dataset.testid)).toEqual(['line-22']);

    await user.selectOptions(await screen.findByLabelText('Received goods order'), 'PO-000042 · Fresh Farm Ltd');
    await user.click(screen.getByRole('button', { name: 'Add received items' }));
    await screen.findByText('What PO-000042 received: 2 added.');
    expect(quantityOf(71, 'Oat Milk 1L')).toBe('12');
    expect(quantityOf(81, 'Espresso beans · 1kg')).toBe('3');
    expect(lineOf(81).getByText('$24.00')).toBeTruthy();
  });

  it('draws the sheet with the positions before the start left empty, and counts the sheets from there', async () => {
    const { user } = await renderPage();
    await user.selectOptions(await screen.findByLabelText('Category'), 'Drinks');
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    await screen.findByTestId('line-41');
    await user.clear(lineOf(41).getByLabelText('Labels for Water'));
    await user.type(lineOf(41).getByLabelText('Labels for Water'), '18');
    expect(screen.getByTestId('label-count').textContent).toBe('20 labels on 1 sheet');

    await user.selectOptions(screen.getByLabelText('Start at position'), '5');
    expect(screen.getByTestId('label-count').textContent).toBe('20 labels on 1 sheet');
    const preview = screen.getByRole('img', { name: 'Preview of A4 sheet, 3 × 8 (70 × 37 mm)' });
    const states = [...preview.querySelectorAll('[data-testid^="position-"]')].map((g) => g.getAttribute('data-state'));
    expect(states).toEqual([...Array(4).fill('skipped'), ...Array(20).fill('filled')]);
    expect(within(screen.getByTestId('position-5')).getByText('Tea')).toBeTruthy();
    expect(within(screen.getByTestId('position-5')).getByText('$3.00')).toBeTruthy();
    // Tea · Green's EAN-13, drawn by bwip-js once it has loaded.
    expect(screen.getByTestId('position-5').querySelector('title')?.textContent).toBe('Barcode 5012345678900');
    await waitFor(() => expect(screen.getByTestId('position-5').querySelector('image')?.getAttribute('href')).toMatch(/^data:image\/svg\+xml/));

    await user.selectOptions(screen.getByLabelText('Start at position'), '6');
    expect(screen.getByTestId('label-count').textContent).toBe('20 labels on 2 sheets');

    await user.selectOptions(screen.getByLabelText('Layout'), 'A4 sheet, 4 × 10 (52.5 × 29.7 mm)');
    expect(screen.getByRole('img', { name: 'Preview of A4 sheet, 4 × 10 (52.5 × 29.7 mm)' }).querySelectorAll('[data-testid^="position-"]')).toHaveLength(40);
    expect(screen.getByTestId('label-count').textContent).toBe('20 labels on 1 sheet');

    await user.selectOptions(screen.getByLabelText('Layout'), 'Thermal roll, 57 × 32 mm');
    expect(screen.queryByLabelText('Start at position')).toBeNull();
    expect(screen.getByTestId('label-count').textContent).toBe('20 labels on the roll');
    expect(screen.getByRole('button', { name: 'Download ZPL' })).toBeTruthy();
  });

  it('shows the server’s 422 on the line it names, and its other messages above the buttons', async () => {
    const { user } = await renderPage();
    await user.selectOptions(await screen.findByLabelText('Category'), 'Drinks');
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    await screen.findByTestId('line-41');
    server.use(rest.post('/api/labels/create', () => invalid({ 'items.1.variantId': ['Tea · Black has an invalid EAN-13.'], layout: ['The layout is retired.'] })));
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(await lineOf(22).findByText('Tea · Black has an invalid EAN-13.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('The layout is retired.');
    expect(lineOf(21).queryByText(/invalid/)).toBeNull();
  });

  it('refuses a quantity that is not a whole number above zero on its line before sending', async () => {
    const { user } = await renderPage();
    await user.type(screen.getByRole('searchbox', { name: 'Add a product' }), `${cola.barcode}{Enter}`);
    await screen.findByTestId('line-11');
    await user.clear(lineOf(11).getByLabelText('Labels for Cola · 330ml'));
    await user.type(lineOf(11).getByLabelText('Labels for Cola · 330ml'), '0');
    const sent = recordRequests();
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(lineOf(11).getByText(/quantity/i)).toBeTruthy();
    expect(sent.filter('POST', '/api/labels/create')).toHaveLength(0);
  });

  it('prints through the browser: the button reads Processing… until the PDF arrives, which then opens to print', async () => {
    const { user } = await renderPage();
    await user.type(screen.getByRole('searchbox', { name: 'Add a product' }), `${cola.barcode}{Enter}`);
    await screen.findByTestId('line-11');
    let release: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sent = recordRequests();
    server.use(
      rest.post('/api/labels/create', async () => {
        await arrived;
        return new HttpResponse('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } });
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(await screen.findByRole('button', { name: 'Processing…' })).toBeTruthy();
    release();
    expect(await screen.findByTitle('Labels to print')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
    expect(sent.find('POST', '/api/labels/create')?.body).toMatchObject({ format: 'pdf', items: [{ variantId: 11, quantity: 1 }] });
    const [file] = vi.mocked(URL.createObjectURL).mock.calls[0] ?? [];
    expect((file as Blob).type).toBe('application/pdf');
  });

  it('opens with the layout and fields this user printed with last, as the server remembers them', async () => {
    const fields = { shopName: true, title: true, variant: false, price: true, barcode: false, qr: true, sku: false };
    mockLabelGets();
    server.use(answerGet('/api/labels/preferences', { data: { layout: 'roll-50x25', fields } }));
    renderScreen(<LabelsPage />, { path: '/printing-labels', signedInAs: administrator });
    await screen.findByRole('heading', { name: 'Printing labels' });
    expect((screen.getByLabelText('Layout') as HTMLSelectElement).value).toBe('roll-50x25');
    expect((screen.getByLabelText('Shop name') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('QR code instead of barcode') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Variant') as HTMLInputElement).checked).toBe(false);
  });
});
