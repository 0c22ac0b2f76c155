import { defaultShopSettings, type ReceiptTemplate } from '@tillbook/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http.ts';
import { httpError } from '../../testing/fixtures.ts';
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

function renderForm(entry = '/receipts/new') {
  vi.spyOn(http, 'get').mockImplementation((url: string) => {
    if (url === '/api/settings') return Promise.resolve({ data: { data: { ...defaultShopSettings, businessName: 'Corner Shop' } } });
    if (url === '/api/receipts/list') return Promise.resolve({ data: { data: [{ id: 1, name: 'Standard 80 mm', paperWidth: 80 }, { id: 2, name: 'Compact 58 mm', paperWidth: 58 }] } });
    if (url === '/api/receipts/2') return Promise.resolve({ data: { data: compact } });
    return Promise.reject(new Error(`unexpected GET ${url}`));
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/receipts/new', Component: ReceiptFormPage },
      { path: '/receipts', element: <h1>Receipts list</h1> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
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
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { data: { ...compact, id: 3, name: 'Compact with points', basedOnId: 2 } } });
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
    expect(post).toHaveBeenCalledWith('/api/receipts/create', expect.objectContaining({ name: 'Compact with points', paperWidth: 58, basedOnId: 2, showLoyaltyPoints: true, header: 'Harbour Road 4' }));
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
    vi.spyOn(http, 'post').mockRejectedValue(httpError(422, { message: 'The footer may not be longer than 1000 characters.', errors: { footer: ['The footer may not be longer than 1000 characters.'] } }));
    await userEvent.type(screen.getByLabelText('Name'), 'Seasonal');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('The footer may not be longer than 1000 characters.')).length).toBeGreaterThan(0);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Seasonal');
  });
});
