import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { pageLocation } from '../../lib/page-location.ts';
import { administrator, cashier, deferred, signIn } from '../../testing/fixtures.ts';
import { HttpResponse, recordRequests, rest, server } from '../../testing/server.ts';
import { LoginPage } from './login-page.tsx';
import { LoginRoute } from './login-route.tsx';

const credentialsMessage = 'The provided credentials do not match our records.';

function renderLogin(entry = '/login') {
  const router = createMemoryRouter(
    [
      { path: '/login', Component: LoginRoute },
      { path: '/dashboard', element: <h1>Dashboard screen</h1> },
      { path: '/registers', element: <h1>Registers screen</h1> },
      { path: '/orders', element: <h1>Orders screen</h1> },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** Answers the CSRF call, and the login call with what `answer` returns; gives the requests sent. */
function mockLogin(answer: () => Response | Promise<Response>) {
  const sent = recordRequests();
  server.use(
    rest.get('/sanctum/csrf-cookie', () => new HttpResponse(null, { status: 204 })),
    rest.post('/api/login', answer),
  );
  return sent;
}

const signsIn = (user: typeof administrator) => () => HttpResponse.json(user);
const fails = (status: number, body: object = { message: 'Error' }) => () => HttpResponse.json(body, { status });

async function submit(username = 'ada', password = 'secret') {
  await userEvent.type(screen.getByLabelText('Username'), username);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginPage', () => {
  it('greets the user and offers the username and password fields and the Login button', () => {
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Welcome back!' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Tillbook logo' })).toBeTruthy();
    const username = screen.getByLabelText('Username') as HTMLInputElement;
    expect(username.autocomplete).toBe('username');
    expect(document.activeElement).toBe(username);
    expect((screen.getByLabelText('Password') as HTMLInputElement).type).toBe('password');
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
  });

  it('makes no client-side checks (SPEC §5)', async () => {
    const sent = mockLogin(fails(422, { message: credentialsMessage, errors: {} }));
    renderLogin();
    expect((screen.getByLabelText('Username') as HTMLInputElement).required).toBe(false);
    expect((screen.getByLabelText('Password') as HTMLInputElement).required).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(sent.find('POST', '/api/login')?.body).toEqual({ email: '', password: '' }));
  });

  it('shows "Processing", disables the button and covers the screen while the request runs', async () => {
    const answer = deferred<void>();
    mockLogin(async () => {
      await answer.promise;
      return HttpResponse.json(administrator);
    });
    renderLogin();
    await submit();

    const button = screen.getByRole('button', { name: 'Processing' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();

    answer.resolve();
    expect(await screen.findByRole('heading', { name: 'Dashboard screen' })).toBeTruthy();
  });

  it('fetches the CSRF cookie, then sends the username as email with the password', async () => {
    const sent = mockLogin(signsIn(administrator));
    renderLogin();
    await submit('ada', 'correct horse');
    await screen.findByRole('heading', { name: 'Dashboard screen' });

    const csrf = sent.all.findIndex((r) => r.method === 'GET' && r.path === '/sanctum/csrf-cookie');
    const login = sent.all.findIndex((r) => r.method === 'POST' && r.path === '/api/login');
    expect(csrf).toBeGreaterThanOrEqual(0);
    expect(login).toBeGreaterThan(csrf);
    await waitFor(() => expect(sent.all[login]?.body).toEqual({ email: 'ada', password: 'correct horse' }));
  });

  it('stores the user and sends an administrator to /dashboard with history replaced', async () => {
    mockLogin(signsIn(administrator));
    const router = renderLogin();
    await submit();
    await screen.findByRole('heading', { name: 'Dashboard screen' });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(JSON.parse(window.localStorage.getItem('user') ?? 'null')).toEqual(administrator);
  });

  it('sends a cashier to /registers after login', async () => {
    mockLogin(signsIn(cashier));
    const router = renderLogin();
    await submit('carl', 'secret');
    await screen.findByRole('heading', { name: 'Registers screen' });
    expect(router.state.location.pathname).toBe('/registers');
  });

  it('goes to redirect_to with a full page load', async () => {
    mockLogin(signsIn(cashier));
    const assign = vi.spyOn(pageLocation, 'assign').mockImplementation(() => {});
    const router = renderLogin('/login?redirect_to=%2Fcustomers%3Fpage%3D2');
    await submit();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/customers?page=2'));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('ignores a redirect_to that leaves the site', async () => {
    mockLogin(signsIn(administrator));
    const assign = vi.spyOn(pageLocation, 'assign').mockImplementation(() => {});
    renderLogin('/login?redirect_to=%2F%2Fevil.example');
    await submit();
    await screen.findByRole('heading', { name: 'Dashboard screen' });
    expect(assign).not.toHaveBeenCalled();
  });

  it('explains a 422 and lets the user try again, keeping what was typed', async () => {
    mockLogin(fails(422, { message: credentialsMessage, errors: {} }));
    renderLogin();
    await submit('ada', 'wrong');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(credentialsMessage);
    expect(alert.className).toContain('text-red-700');
    const button = screen.getByRole('button', { name: 'Login' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(screen.queryByRole('status')).toBeNull();
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('ada');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('wrong');
    expect(window.localStorage.getItem('user')).toBeNull();
  });

  it.each([
    ['a server error', fails(500)],
    ['throttling', fails(429)],
    ['a network failure', () => HttpResponse.error()],
  ])('clears the busy state without a message after %s', async (_case, failure) => {
    mockLogin(failure);
    renderLogin();
    await submit();

    const button = await screen.findByRole('button', { name: 'Login' });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('sends a signed-in administrator on to /dashboard at once', async () => {
    signIn(administrator);
    const router = renderLogin();
    await screen.findByRole('heading', { name: 'Dashboard screen' });
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByRole('heading', { name: 'Welcome back!' })).toBeNull();
  });

  it('sends a signed-in cashier on to /registers at once', async () => {
    signIn(cashier);
    renderLogin();
    expect(await screen.findByRole('heading', { name: 'Registers screen' })).toBeTruthy();
  });

  it('sends a signed-in user to a valid redirect_to', async () => {
    signIn(administrator);
    const assign = vi.spyOn(pageLocation, 'assign').mockImplementation(() => {});
    renderLogin('/login?redirect_to=%2Forders');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/orders'));
  });

  it('works without a router, as the standalone /login screen', async () => {
    mockLogin(signsIn(cashier));
    const onNavigate = vi.fn();
    const onLoginStart = vi.fn();
    render(<LoginPage redirectTo={null} onNavigate={onNavigate} onLoginStart={onLoginStart} />);
    await submit();
    await waitFor(() => expect(onNavigate).toHaveBeenCalledWith('/registers'));
    expect(onLoginStart).toHaveBeenCalledTimes(1);
  });
});
