import { afterEach, describe, expect, it, vi } from 'vitest';
import { administrator, httpError, networkError, signIn } from '../testing/fixtures.ts';
import { getHttpStatus, handleResponseError, http, httpDefaults } from './http.ts';
import { pageLocation } from './page-location.ts';

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('http client', () => {
  it('calls the site root with cookies, the XSRF header and no timeout (SPEC §7)', () => {
    expect(httpDefaults.baseURL).toBe('/');
    expect(http.defaults.baseURL).toBe('/');
    expect(http.defaults.withCredentials).toBe(true);
    expect(http.defaults.withXSRFToken).toBe(true);
    expect(http.defaults.xsrfCookieName).toBe('XSRF-TOKEN');
    expect(http.defaults.xsrfHeaderName).toBe('X-XSRF-TOKEN');
    expect(http.defaults.timeout).toBe(0);
    expect(http.defaults.headers.Accept).toBe('application/json');
  });

  it('sends requests with those settings', async () => {
    const adapter = vi.fn(async (config) => ({ data: null, status: 204, statusText: '', headers: {}, config }));
    await http.get('/api/user', { adapter });
    const [config] = adapter.mock.calls[0] ?? [];
    expect(config.url).toBe('/api/user');
    expect(config.withCredentials).toBe(true);
    expect(config.headers.get('Accept')).toBe('application/json');
  });
});

describe('a 401 answer', () => {
  it('clears the stored user and sends the browser to /login, remembering the page', async () => {
    signIn(administrator);
    window.history.replaceState(null, '', '/products?page=2');
    const assign = vi.spyOn(pageLocation, 'assign').mockImplementation(() => {});
    const error = httpError(401, { message: 'Unauthenticated.' });

    await expect(handleResponseError(error)).rejects.toBe(error);

    expect(window.localStorage.getItem('user')).toBe('null');
    expect(assign).toHaveBeenCalledWith('/login?redirect_to=%2Fproducts%3Fpage%3D2');
  });

  it('goes to a plain /login from the home path', async () => {
    signIn(administrator);
    const assign = vi.spyOn(pageLocation, 'assign').mockImplementation(() => {});
    await expect(handleResponseError(httpError(401))).rejects.toBeTruthy();
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it('does not reload /login itself', async () => {
    signIn(administrator);
    window.history.replaceState(null, '', '/login');
    const assign = vi.spyOn(pageLocation, 'assign').mockImplementation(() => {});
    await expect(handleResponseError(httpError(401))).rejects.toBeTruthy();
    expect(window.localStorage.getItem('user')).toBe('null');
    expect(assign).not.toHaveBeenCalled();
  });

  it('leaves the move to the caller when the request asks for it (logout)', async () => {
    signIn(administrator);
    window.history.replaceState(null, '', '/dashboard');
    const assign = vi.spyOn(pageLocation, 'assign').mockImplementation(() => {});
    await expect(handleResponseError(httpError(401, {}, { skipAuthRedirect: true }))).rejects.toBeTruthy();
    expect(window.localStorage.getItem('user')).toBe('null');
    expect(assign).not.toHaveBeenCalled();
  });

  it('is what the interceptor does for every request', async () => {
    signIn(administrator);
    window.history.replaceState(null, '', '/orders');
    const assign = vi.spyOn(pageLocation, 'assign').mockImplementation(() => {});
    const adapter = vi.fn(async () => Promise.reject(httpError(401)));
    await expect(http.get('/api/orders', { adapter })).rejects.toBeTruthy();
    expect(window.localStorage.getItem('user')).toBe('null');
    expect(assign).toHaveBeenCalledWith('/login?redirect_to=%2Forders');
  });
});

describe('other failures', () => {
  it('keep the user signed in', async () => {
    signIn(administrator);
    const assign = vi.spyOn(pageLocation, 'assign').mockImplementation(() => {});
    await expect(handleResponseError(httpError(500))).rejects.toBeTruthy();
    await expect(handleResponseError(networkError())).rejects.toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem('user') ?? 'null')).toEqual(administrator);
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('getHttpStatus', () => {
  it('reads the status of an answered request, and nothing else', () => {
    expect(getHttpStatus(httpError(422))).toBe(422);
    expect(getHttpStatus(networkError())).toBeUndefined();
    expect(getHttpStatus(new Error('boom'))).toBeUndefined();
  });
});
