import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../lib/query-client.ts';
import { cashier, signIn } from '../testing/fixtures.ts';
import { HttpResponse, rest, server } from '../testing/server.ts';
import { administratorNavigation, cashierNavigation } from './navigation-items.ts';
import { routes, screens } from './router.tsx';
import { canOpenScreen } from './screen-access.ts';

const pathsOf = (items: typeof administratorNavigation) =>
  items.flatMap((item) => (item.kind === 'link' ? [item.to] : item.items.map((sub) => sub.to))).map((to) => to.split('?')[0] ?? to);

describe('which screens a user type may open', () => {
  it('lets a cashier open their menu’s screens and the ones beneath them', () => {
    for (const path of [
      '/',
      ...pathsOf(cashierNavigation),
      '/registers/4/drawer',
      '/registers/4/drawer/sessions/9',
      '/registers/4/sell',
      '/customers/new',
      '/customers/7/edit',
      '/customers/7/orders',
      '/orders',
      '/orders/41',
    ]) {
      expect(canOpenScreen('cashier', path), path).toBe(true);
    }
  });

  it('keeps a cashier out of every administrator menu entry, their forms and anything else', () => {
    const cashierPaths = new Set(pathsOf(cashierNavigation));
    const administratorsOnly = pathsOf(administratorNavigation).filter((path) => !cashierPaths.has(path) && path !== '/orders');
    expect(administratorsOnly).toEqual(expect.arrayContaining(['/dashboard', '/products', '/registers/new', '/users', '/settings/rewards']));
    for (const path of [...administratorsOnly, '/registers/4/edit', '/products/7/edit', '/users/1/edit', '/settings/general', '/settings/products', '/analytics']) {
      expect(canOpenScreen('cashier', path), path).toBe(false);
    }
  });

  it('lets an administrator open every screen', () => {
    for (const [path] of screens) expect(canOpenScreen('administrator', `/${path.replace(':id', '7')}`), path).toBe(true);
  });
});

describe('a cashier opening an administrator’s screen by its address', () => {
  beforeEach(() => {
    signIn(cashier);
    server.use(
      rest.get('/api/user', () => HttpResponse.json(cashier)),
      // The shell's other data requests are not under test here: they simply fail.
      rest.get('/api/*', () => HttpResponse.error()),
    );
  });
  afterEach(() => {
    queryClient.clear();
  });

  it.each(['/products/new', '/registers/2/edit', '/users', '/settings/general'])('sees “not allowed” at %s, with the way back to /registers', async (path) => {
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    render(<RouterProvider router={router} />);
    const content = document.getElementById('content') ?? (await screen.findByRole('main'));
    expect(await within(content).findByRole('heading', { level: 1, name: 'You are not allowed to open this page' })).toBeTruthy();
    expect(within(content).getByRole('link', { name: 'Back to the registers' }).getAttribute('href')).toBe('/registers');
    // The form is not there: nothing to type into, nothing to save.
    expect(within(content).queryByRole('button', { name: /save/i })).toBeNull();
    expect(within(content).queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
  });
});
