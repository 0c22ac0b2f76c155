import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { UserType } from '@tillbook/contract';
import { Navigation } from './navigation.tsx';

function renderNavigation(userType: UserType, path = '/dashboard') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Navigation userType={userType} />
    </MemoryRouter>,
  );
  return screen.getByRole('navigation', { name: 'Main navigation' });
}

function group(name: string) {
  return screen.getByRole('button', { name });
}

describe('Navigation for an administrator', () => {
  it('lists the menu of SPEC §2 in its order', () => {
    const nav = renderNavigation('administrator');
    const entries = within(nav)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.parentElement === nav)
      .map((item) => item.textContent);
    expect(entries).toEqual([
      'Dashboard',
      'Products',
      'Outlets',
      'Coupons',
      'Receipts',
      'Registers',
      'Taxes',
      'Orders',
      'Customers',
      'Gift cards',
      'Staff',
      'Suppliers',
      'Goods Orders',
      'Labels',
      'Rewards',
      'Settings',
      'Reports',
    ]);
  });

  it('links the top entries to their screens', () => {
    renderNavigation('administrator');
    const links = {
      Dashboard: '/dashboard',
      Orders: '/orders',
      Customers: '/customers',
      'Gift cards': '/gift-cards',
      Staff: '/users',
      Suppliers: '/suppliers',
      'Goods Orders': '/goods-orders',
      Labels: '/printing-labels',
      Rewards: '/rewards',
    };
    for (const [name, href] of Object.entries(links)) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
  });

  it('opens a closed group, closes the others, and closes the open group on a second click', async () => {
    renderNavigation('administrator');
    expect(group('Products').getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'All Products' })).toBeNull();

    await userEvent.click(group('Products'));
    expect(group('Products').getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'All Products' }).getAttribute('href')).toBe('/products');

    await userEvent.click(group('Outlets'));
    expect(group('Outlets').getAttribute('aria-expanded')).toBe('true');
    expect(group('Products').getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'All Products' })).toBeNull();
    expect(screen.getByRole('link', { name: 'All Outlets' })).toBeTruthy();

    await userEvent.click(group('Outlets'));
    expect(group('Outlets').getAttribute('aria-expanded')).toBe('false');
    expect(screen.getAllByRole('button').every((button) => button.getAttribute('aria-expanded') === 'false')).toBe(true);
  });

  it('lists the Products entries', async () => {
    renderNavigation('administrator');
    await userEvent.click(group('Products'));
    const items = {
      'All Products': '/products',
      'Add New': '/products/new',
      Categories: '/categories',
      Attributes: '/products/attributes',
      'Additional charges': '/products/additional-charges',
      'Stock transfers': '/stock-transfers',
      'Stock counts': '/stock-counts',
      'Stock movements': '/stock-movements',
    };
    for (const [name, href] of Object.entries(items)) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
  });

  it('links the reports and the reward settings with their query', async () => {
    renderNavigation('administrator');
    await userEvent.click(group('Reports'));
    const reports = ['Revenue', 'Orders', 'Products', 'Taxes', 'Stock', 'Profits', 'Refunds', 'Inventory'];
    const reportList = screen.getByRole('link', { name: 'Revenue' }).closest('ul') as HTMLElement;
    expect(within(reportList).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(
      reports.map((report) => `/analytics?path=${report.toLowerCase()}`),
    );
    await userEvent.click(group('Settings'));
    const settingsList = screen.getByRole('button', { name: 'Settings' }).nextElementSibling as HTMLElement;
    expect(within(settingsList).getByRole('link', { name: 'Rewards' }).getAttribute('href')).toBe(
      '/settings/rewards?tab=points',
    );
  });

  it('reaches the general, product and reward settings, the audit log and the backups from the Settings group', async () => {
    renderNavigation('administrator');
    await userEvent.click(group('Settings'));
    const settingsList = group('Settings').nextElementSibling as HTMLElement;
    expect(within(settingsList).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['General', '/settings/general'],
      ['Products', '/settings/products'],
      ['Rewards', '/settings/rewards?tab=points'],
      ['Audit log', '/settings/audit'],
      ['Backups', '/settings/backups'],
    ]);
  });

  it('opens the Settings group on a settings screen and marks its entry', () => {
    renderNavigation('administrator', '/settings/products');
    expect(group('Settings').getAttribute('aria-expanded')).toBe('true');
    expect(group('Products').getAttribute('aria-expanded')).toBe('false');
    const settingsList = group('Settings').nextElementSibling as HTMLElement;
    expect(within(settingsList).getByRole('link', { name: 'Products' }).getAttribute('aria-current')).toBe('page');
  });

  it('starts with the group of the current screen open', () => {
    renderNavigation('administrator', '/products/attributes');
    expect(group('Products').getAttribute('aria-expanded')).toBe('true');
    expect(group('Outlets').getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('link', { name: 'Attributes' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'All Products' }).getAttribute('aria-current')).toBeNull();
  });

  it('opens the group of an edit screen', () => {
    renderNavigation('administrator', '/registers/4/edit');
    expect(group('Registers').getAttribute('aria-expanded')).toBe('true');
  });

  it('marks the entry an edit screen belongs to', () => {
    renderNavigation('administrator', '/products/attributes/3/edit');
    expect(screen.getByRole('link', { name: 'Attributes' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'All Products' }).getAttribute('aria-current')).not.toBe('page');
  });

  it('highlights only the open report', () => {
    renderNavigation('administrator', '/analytics?path=stock');
    expect(group('Reports').getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Stock' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Revenue' }).getAttribute('aria-current')).not.toBe('page');
  });

  it('highlights the report named by ?report= as well', () => {
    renderNavigation('administrator', '/analytics?report=taxes&path=stock');
    expect(screen.getByRole('link', { name: 'Taxes' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Stock' }).getAttribute('aria-current')).not.toBe('page');
  });

  it('highlights the current top entry', () => {
    renderNavigation('administrator', '/orders/12');
    expect(screen.getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
  });
});

describe('Navigation for a cashier', () => {
  it('shows only Registers (All Registers) and Customers', async () => {
    const nav = renderNavigation('cashier', '/customers');
    expect(within(nav).getAllByRole('button').map((button) => button.textContent)).toEqual(['Registers']);
    await userEvent.click(group('Registers'));
    const menuLinks = within(nav)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href') !== '/'); // the logo leads home
    expect(menuLinks.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['All Registers', '/registers'],
      ['Customers', '/customers'],
    ]);
    expect(screen.queryByRole('link', { name: 'Add New' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  it('starts with Registers open on the registers screen', () => {
    renderNavigation('cashier', '/registers');
    expect(group('Registers').getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'All Registers' }).getAttribute('aria-current')).toBe('page');
  });
});
