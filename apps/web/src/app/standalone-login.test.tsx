import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageLocation } from '../lib/page-location.ts';
import { cashier, signIn } from '../testing/fixtures.ts';
import { StandaloneLogin } from './standalone-login.tsx';

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('StandaloneLogin (/login opened directly, without the router)', () => {
  it('shows the login screen', () => {
    window.history.replaceState(null, '', '/login');
    render(<StandaloneLogin onEnterApp={vi.fn()} />);
    expect(screen.getByRole('heading', { name: 'Welcome back!' })).toBeTruthy();
  });

  it('enters the app at the home of a user who is already signed in', async () => {
    signIn(cashier);
    window.history.replaceState(null, '', '/login');
    const onEnterApp = vi.fn();
    render(<StandaloneLogin onEnterApp={onEnterApp} />);
    await waitFor(() => expect(onEnterApp).toHaveBeenCalledWith('/registers'));
  });

  it('reads redirect_to from the address', async () => {
    signIn(cashier);
    window.history.replaceState(null, '', '/login?redirect_to=%2Fcustomers%2F3%2Fedit');
    const assign = vi.spyOn(pageLocation, 'assign').mockImplementation(() => {});
    render(<StandaloneLogin onEnterApp={vi.fn()} />);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/customers/3/edit'));
  });
});
