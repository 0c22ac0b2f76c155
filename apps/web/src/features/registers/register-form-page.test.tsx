import { defaultShopSettings, type Outlet, type Register } from '@tillbook/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { landing, renderScreen } from '../../testing/render.tsx';
import { HttpResponse, invalid, pageOf, recordRequests, rest, server } from '../../testing/server.ts';
import { RegisterFormPage } from './register-form-page.tsx';

function outlet(id: number, name: string, code: string): Outlet {
  return { id, name, code, address: null, phone: null, email: null, taxNumber: null, active: true, createdAt: '', updatedAt: '' };
}

const existing: Register = { id: 7, name: 'Till 1', slug: 'hrb-till-1', outletId: 2, receiptTemplateId: 1, active: true, createdAt: '', updatedAt: '' };

const compact = {
  id: 2, name: 'Compact 58 mm', paperWidth: 58, header: null, footer: 'See you soon', showLogo: false, showCashier: true, showCustomer: false,
  showTaxBreakdown: false, showOrderBarcode: false, showLoyaltyPoints: false, showNote: false, basedOnId: null, archived: false, createdAt: '',
};

function renderForm(path = '/registers/new') {
  server.use(
    rest.get('/api/settings', () => HttpResponse.json({ data: defaultShopSettings })),
    rest.get('/api/outlets', () => HttpResponse.json(pageOf([outlet(1, 'Main store', 'MAIN'), outlet(2, 'Harbour Road', 'HRB')]))),
    rest.get('/api/receipts/list', () => HttpResponse.json({ data: [{ id: 1, name: 'Standard 80 mm', paperWidth: 80 }, { id: 2, name: 'Compact 58 mm', paperWidth: 58 }] })),
    rest.get('/api/receipts/2', () => HttpResponse.json({ data: compact })),
    rest.get('/api/registers/7/edit', () => HttpResponse.json({ data: existing })),
  );
  return renderScreen(<RegisterFormPage />, {
    path,
    pattern: path === '/registers/new' ? path : '/registers/:id/edit',
    routes: [landing('/registers', 'Registers list')],
  });
}

describe('RegisterFormPage', () => {
  it('suggests a slug from the outlet code and the name, and sends ids as numbers', async () => {
    const sent = recordRequests();
    server.use(rest.post('/api/registers/create', () => HttpResponse.json({ data: { ...existing, id: 8, slug: 'hrb-till-2' } })));
    const { user, router } = renderForm();
    await user.type(await screen.findByLabelText('Name'), 'Till 2');
    expect((screen.getByLabelText('Slug') as HTMLInputElement).placeholder).toBe('main-till-2');
    await user.selectOptions(screen.getByLabelText('Outlet'), '2');
    expect((screen.getByLabelText('Slug') as HTMLInputElement).placeholder).toBe('hrb-till-2');
    await user.click(screen.getByRole('button', { name: 'Use “hrb-till-2”' }));
    expect((screen.getByLabelText('Slug') as HTMLInputElement).value).toBe('hrb-till-2');
    await user.selectOptions(screen.getByLabelText('Receipt template'), '2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/registers'));
    expect(sent.find('POST', '/api/registers/create')?.body).toEqual({ name: 'Till 2', slug: 'hrb-till-2', outletId: 2, receiptTemplateId: 2, active: true });
  });

  it('previews the chosen receipt template', async () => {
    const { user } = renderForm();
    await user.selectOptions(await screen.findByLabelText('Receipt template'), '2');
    await user.click(screen.getByRole('button', { name: 'Preview this template' }));
    const preview = await screen.findByTestId('receipt-preview');
    expect(preview.getAttribute('data-width')).toBe('32');
    expect(preview.textContent).toContain('See you soon');
  });

  it('shows required fields and the server’s slug clash on their fields, keeping what was typed', async () => {
    const { user } = renderForm();
    await user.selectOptions(await screen.findByLabelText('Outlet'), '');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The name field is required.')).toBeTruthy();
    expect(screen.getByText('The outlet field is required.')).toBeTruthy();

    server.use(rest.post('/api/registers/create', () => invalid({ slug: ['Another register already has this slug.'] }, 'Another register already has this slug.')));
    await user.selectOptions(screen.getByLabelText('Outlet'), '1');
    await user.type(screen.getByLabelText('Name'), 'Till 3');
    await user.type(screen.getByLabelText('Slug'), 'main-till-1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Another register already has this slug.')).length).toBeGreaterThan(0);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Till 3');
  });

  it('edits a register with its values filled in', async () => {
    const sent = recordRequests();
    server.use(rest.put('/api/registers/7/edit', () => HttpResponse.json({ data: { ...existing, active: false } })));
    const { user } = renderForm('/registers/7/edit');
    expect(await screen.findByRole('heading', { name: 'Edit register' })).toBeTruthy();
    expect((screen.getByLabelText('Slug') as HTMLInputElement).value).toBe('hrb-till-1');
    expect((screen.getByLabelText('Outlet') as HTMLSelectElement).value).toBe('2');
    await user.click(screen.getByRole('checkbox', { name: /Active/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Registers list')).toBeTruthy();
    expect(sent.find('PUT', '/api/registers/7/edit')?.body).toEqual({ name: 'Till 1', slug: 'hrb-till-1', outletId: 2, receiptTemplateId: 1, active: false });
  });
});
