import { defaultShopSettings, type ReceiptTemplate } from '@tillbook/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { landing, renderScreen } from '../../testing/render.tsx';
import { HttpResponse, invalid, recordRequests, rest, server } from '../../testing/server.ts';
import { ReceiptFormPage } from './receipt-form-page.tsx';

const compact: ReceiptTemplate = {
  id: 2,
  name: 'Compact 58 mm',
  paperWidth: 58,
  header: 'Harbour Road 4',
  footer: 'See you soon',
  showLogo: false,
  showCashier: true,
  showCustomer: false,
  showTaxBreakdown: false,
  showOrderBarcode: true,
  showLoyaltyPoints: false,
  showNote: false,
  basedOnId: null,
  archived: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

function renderForm(path = '/receipts/new') {
  server.use(
    rest.get('/api/settings', () => HttpResponse.json({ data: { ...defaultShopSettings, businessName: 'Corner Shop' } })),
    rest.get('/api/receipts/list', () => HttpResponse.json({ data: [{ id: 1, name: 'Standard 80 mm', paperWidth: 80 }, { id: 2, name: 'Compact 58 mm', paperWidth: 58 }] })),
    rest.get('/api/receipts/2', () => HttpResponse.json({ data: compact })),
  );
  return renderScreen(<ReceiptFormPage />, { path, routes: [landing('/receipts', 'Receipts list')] }).router;
}

const preview = () => screen.getByTestId('receipt-preview');

describe('ReceiptFormPage', () => {
  it('changes the live preview with the width and the toggles', async () => {
    renderForm();
    await screen.findByText('Corner Shop');
    expect(preview().getAttribute('data-width')).toBe('48');
    await userEvent.click(screen.getByRole('radio', { name: /58 mm/ }));
    expect(preview().getAttribute('data-width')).toBe('32');
    expect(preview().textContent).toContain('Cashier:');
    await userEvent.click(screen.getByRole('checkbox', { name: /Cashier/ }));
    expect(preview().textContent).not.toContain('Cashier:');
    await userEvent.type(screen.getByLabelText('Footer'), 'Returns within 30 days');
    expect(preview().textContent).toContain('Returns within 30 days');
  });

  it('starts from a copy and saves a NEW template that records it', async () => {
    const sent = recordRequests();
    server.use(rest.post('/api/receipts/create', () => HttpResponse.json({ data: { ...compact, id: 3, name: 'Compact with points', basedOnId: 2 } })));
    const router = renderForm();
    await userEvent.type(screen.getByLabelText('Name'), 'Compact with points');
    await userEvent.selectOptions(await screen.findByLabelText('Start from a copy of…'), '2');
    await waitFor(() => expect((screen.getByLabelText('Header') as HTMLTextAreaElement).value).toBe('Harbour Road 4'));
    // What was typed is kept.
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Compact with points');
    expect(preview().getAttribute('data-width')).toBe('32');
    await userEvent.click(screen.getByRole('checkbox', { name: /Loyalty points/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/receipts'));
    await waitFor(() => expect(sent.find('POST', '/api/receipts/create')?.body).toMatchObject({ name: 'Compact with points', paperWidth: 58, basedOnId: 2, showLoyaltyPoints: true, header: 'Harbour Road 4' }));
  });

  it('opens with ?from= already filled from that template', async () => {
    renderForm('/receipts/new?from=2');
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Compact 58 mm (copy)'));
    expect((screen.getByLabelText('Footer') as HTMLTextAreaElement).value).toBe('See you soon');
  });

  it('shows its own and the server’s errors on their fields, keeping what was typed', async () => {
    renderForm();
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The name field is required.')).toBeTruthy();
    server.use(rest.post('/api/receipts/create', () => invalid({ footer: ['The footer may not be longer than 1000 characters.'] }, 'The footer may not be longer than 1000 characters.')));
    await userEvent.type(screen.getByLabelText('Name'), 'Seasonal');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('The footer may not be longer than 1000 characters.')).length).toBeGreaterThan(0);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Seasonal');
  });
});
