import { xsrfCookieName, xsrfHeaderName } from '@tillbook/contract';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Plays the part of the browser's axios: keeps cookies, copies XSRF-TOKEN into X-XSRF-TOKEN on
 * every request, and can leave the header out to test the CSRF check.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  sendXsrf = true;
  /** The address the server sees this client come from. */
  remoteAddress = '127.0.0.1';

  constructor(private readonly app: App) {}

  async request(method: Method, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const xsrf = this.cookies.get(xsrfCookieName);
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: this.remoteAddress,
      headers: {
        accept: 'application/json',
        ...(xsrf && this.sendXsrf ? { [xsrfHeaderName]: xsrf } : {}),
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    this.storeCookies(res);
    return res;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request('GET', url, undefined, headers);
  }
  post(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', url, body, headers);
  }
  put(url: string, body?: unknown) {
    return this.request('PUT', url, body);
  }
  delete(url: string) {
    return this.request('DELETE', url);
  }

  /** The SPA's sign-in: csrf-cookie first, then the login POST (SPEC.md §7). */
  async login(email: string, password: string) {
    await this.get('/sanctum/csrf-cookie');
    return this.post('/api/login', { email, password });
  }

  private storeCookies(res: LightMyRequestResponse) {
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const isCleared = c.value === '' || c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now());
      if (isCleared) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }
}
