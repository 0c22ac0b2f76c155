import { defaultShopSettings, type Outlet, type Register } from '@tillbook/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http.ts';
import { httpError } from '../../testing/fixtures.ts';
import { RegisterFormPage } from './register-form-page.tsx';

function outlet(id: number, name: string, code: string): Outlet {
  return { id, name, code, address: null, phone: null, email: null, taxNumber: null, active: true, createdAt: '', updatedAt: '' };
}

const existing: Register = { id: 7, name: 'Till 1', slug: 'hrb-till-1', outletId: 2, receiptTemplateId: 1, active: true, createdAt: '', updatedAt: '' };

function renderForm(entry = '/registers/new') {
  vi.spyOn(http, 'get').mockImplementation((url: string) => {
    if (url === '/api/settings') return Promise.resolve({ data: { data: defaultShopSettings } });
    if (url === '/api/outlets') return Promise.resolve({ data: { data: [outlet(1, 'Main store', 'MAIN'), outlet(2, 'Harbour Road', 'HRB')], meta: {} } });
    if (url === '/api/receipts/list') return Promise.resolve({ data: { data: [{ id: 1, name: 'Standard 80 mm', paperWidth: 80 }, { id: 2, name: 'Compact 58 mm', paperWidth: 58 }] } });
    if (url === '/api/receipts/2') {
      return Promise.resolve({
        data: {
          data: {
            id: 2, name: 'Compact 58 mm', paperWidth: 58, header: null, footer: 'See you soon', showLogo: false, showCashier: true, showCustomer: false,
            showTaxBreakdown: false, showOrderBarcode: false, showLoyaltyPoints: false, showNote: false, basedOnId: null, archived: false, createdAt: '',
          },
        },
      });
    }
    if (url === '/api/registers/7/edit') return Promise.resolve({ data: { data: existing } });
    return Promise.reject(new Error(`unexpected GET ${url}`));
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/registers/new', Component: RegisterFormPage },
      { path: '/registers/:id/edit', Component: RegisterFormPage },
      { path: '/registers', element: <h1>Registers list</h1> },
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

describe('RegisterFormPage', () => {
  it('suggests a slug from the outlet code and the name, and sends ids as numbers', async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { data: { ...existing, id: 8, slug: 'hrb-till-2' } } });
    const router = renderForm();
    await userEvent.type(await screen.findByLabelText('Name'), 'Till 2');
    expect((screen.getByLabelText('Slug') as HTMLInputElement).placeholder).toBe('main-till-2');
    await userEvent.selectOptions(screen.getByLabelText('Outlet'), '2');
    expect((screen.getByLabelText('Slug') as HTMLInputElement).placeholder).toBe('hrb-till-2');
    await userEvent.click(screen.getByRole('button', { name: 'Use “hrb-till-2”' }));
    expect((screen.getByLabelText('Slug') as HTMLInputElement).value).toBe('hrb-till-2');
    await userEvent.selectOptions(screen.getByLabelText('Receipt template'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/registers'));
    expect(post).toHaveBeenCalledWith('/api/registers/create', { name: 'Till 2', slug: 'hrb-till-2', outletId: 2, receiptTemplateId: 2, active: true });
  });

  it('previews the chosen receipt template', async () => {
    renderForm();
    await userEvent.selectOptions(await screen.findByLabelText('Receipt template'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Preview this template' }));
    const preview = await screen.findByTestId('receipt-preview');
    expect(preview.getAttribute('data-width')).toBe('32');
    expect(preview.textContent).toContain('See you soon');
  });

  it('shows required fields and the server’s slug clash on their fields, keeping what was typed', async () => {
    renderForm();
    await userEvent.selectOptions(await screen.findByLabelText('Outlet'), '');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The name field is required.')).toBeTruthy();
    expect(screen.getByText('The outlet field is required.')).toBeTruthy();

    vi.spyOn(http, 'post').mockRejectedValue(httpError(422, { message: 'Another register already has this slug.', errors: { slug: ['Another register already has this slug.'] } }));
    await userEvent.selectOptions(screen.getByLabelText('Outlet'), '1');
    await userEvent.type(screen.getByLabelText('Name'), 'Till 3');
    await userEvent.type(screen.getByLabelText('Slug'), 'main-till-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Another register already has this slug.')).length).toBeGreaterThan(0);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Till 3');
  });

  it('edits a register with its values filled in', async () => {
    const put = vi.spyOn(http, 'put').mockResolvedValue({ data: { data: { ...existing, active: false } } });
    renderForm('/registers/7/edit');
    expect(await screen.findByRole('heading', { name: 'Edit register' })).toBeTruthy();
    expect((screen.getByLabelText('Slug') as HTMLInputElement).value).toBe('hrb-till-1');
    expect((screen.getByLabelText('Outlet') as HTMLSelectElement).value).toBe('2');
    await userEvent.click(screen.getByRole('checkbox', { name: /Active/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(put).toHaveBeenCalledWith('/api/registers/7/edit', { name: 'Till 1', slug: 'hrb-till-1', outletId: 2, receiptTemplateId: 1, active: false }));
  });
});
