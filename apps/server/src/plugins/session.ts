import { sessionCookieName, userTypes, xsrfCookieName, xsrfHeaderName, type UserType } from '@tillbook/contract';
import type { SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import type { SessionRow, UserRow } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import { findSession, sessionOfRead, sessionRead, tokensMatch, touchSession, type LoadedSession, type SessionKeys } from '../modules/auth/sessions.ts';

/**
 * Who may call a route. `public`: anyone; otherwise the user types allowed. A route that says
 * nothing is for administrators only: every new route is locked down until it opens itself up.
 */
export type RouteAccess = 'public' | readonly UserType[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * The handler reads the session in its own first statement (`sessionRead` as a column) and
     * passes it to `request.settleSession` before it acts on anything: one round trip fewer on
     * the busiest route, the sale (docs/decisions/032-session-read-with-the-sale.md). Until it is
     * settled `currentUser` answers 401; an error before the handler settles it first, so a
     * stranger still gets 401 and a missing CSRF token 419 before any 422.
     */
    sessionReadByHandler?: boolean;
  }
  interface FastifyRequest {
    session: SessionRow | null;
    user: UserRow | null;
    /**
     * The signed-in user, never null: the guard below has already answered 401 on every route
     * that is not public, so handlers of signed-in routes read this and nothing else. Read on a
     * public route without a session, it answers 401 rather than handing out null.
     */
    readonly currentUser: UserRow;
    /**
     * On a `sessionReadByHandler` route: the SQL column that reads this request's session, or
     * null when it needs no read (no cookie, or already settled).
     */
    sessionReadColumn(): SQL | null;
    /**
     * Applies the session checks (401, CSRF 419, 403) once on a `sessionReadByHandler` route,
     * from the value the handler read with `sessionReadColumn()`, or reading it now when `read`
     * is undefined. Elsewhere, and when settled already, it does nothing.
     */
    settleSession(read?: unknown): Promise<void>;
  }
  interface FastifyReply {
    setSessionCookies(token: string, csrfToken: string): FastifyReply;
    setXsrfCookie(csrfToken: string): FastifyReply;
    clearSessionCookies(): FastifyReply;
  }
}

export type SessionPluginOptions = { db: Db; keys: SessionKeys; secureCookies: boolean };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const DEFAULT_ACCESS: RouteAccess = ['administrator'];

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

function isSessionPath(url: string): boolean {
  return isApiPath(url) || url.startsWith('/sanctum/');
}

/** Who may call a route, as the guard below decides it; paths outside /api are open (OpenAPI, plugins/openapi.ts). */
export function accessOfRoute(url: string, config: { access?: RouteAccess } | undefined): RouteAccess {
  return isApiPath(url) ? (config?.access ?? DEFAULT_ACCESS) : 'public';
}

function routeAccess(request: FastifyRequest): RouteAccess {
  // An unknown /api path needs a signed-in user, then answers 404 whatever the type.
  if (request.is404) return userTypes;
  return request.routeOptions.config.access ?? DEFAULT_ACCESS;
}

/** Session cookie + CSRF (DESIGN.md §3, Sanctum-compatible) and the role guard for every route. */
export const sessionPlugin = fp<SessionPluginOptions>(
  async (app, { db, keys, secureCookies }) => {
    app.decorateRequest('session', null);
    app.decorateRequest('user', null);
    app.decorateRequest('currentUser', {
      getter(this: FastifyRequest): UserRow {
        if (!this.user) throw AppError.unauthenticated();
        return this.user;
      },
    });

    const cookieBase = { path: '/', sameSite: 'lax' as const, secure: secureCookies };
    const maxAge = Math.floor(keys.lifetimeMs / 1000);
    app.decorateReply('setXsrfCookie', function (this: FastifyReply, csrfToken: string) {
      // Readable by scripts on purpose: axios copies it into the X-XSRF-TOKEN header.
      return this.setCookie(xsrfCookieName, csrfToken, { ...cookieBase, httpOnly: false, maxAge });
    });
    app.decorateReply('setSessionCookies', function (this: FastifyReply, token: string, csrfToken: string) {
      this.setCookie(sessionCookieName, token, { ...cookieBase, httpOnly: true, maxAge });
      return this.setXsrfCookie(csrfToken);
    });
    app.decorateReply('clearSessionCookies', function (this: FastifyReply) {
      this.clearCookie(sessionCookieName, cookieBase);
      this.clearCookie(xsrfCookieName, cookieBase);
      return this;
    });

    /** Who the request is, then its checks in the order a client can act on: 401, CSRF (419), 403. */
    async function admit(request: FastifyRequest, loaded: LoadedSession | null): Promise<void> {
      if (loaded) {
        request.session = loaded.session;
        request.user = loaded.user;
        await touchSession(db, keys, loaded.session);
      }

      const access = isApiPath(request.url) ? routeAccess(request) : 'public';
      if (access !== 'public' && !request.user) throw AppError.unauthenticated();

      if (!SAFE_METHODS.has(request.method)) {
        const header = request.headers[xsrfHeaderName.toLowerCase()];
        const given = Array.isArray(header) ? header[0] : header;
        if (!request.session || !tokensMatch(request.session.csrfToken, given)) throw AppError.csrfMismatch();
      }

      if (access !== 'public' && request.user && !access.includes(request.user.type)) throw AppError.forbidden();
    }

    // The cookie token of a request whose session its handler reads; null once settled.
    const unsettled = new WeakMap<FastifyRequest, string>();
    app.decorateRequest('sessionReadColumn', function (this: FastifyRequest) {
      const token = unsettled.get(this);
      return token === undefined ? null : sessionRead(keys, token);
    });
    app.decorateRequest('settleSession', async function (this: FastifyRequest, read?: unknown) {
      const token = unsettled.get(this);
      if (token === undefined) return;
      unsettled.delete(this);
      const loaded = read === undefined ? await findSession(db, keys, token) : await sessionOfRead(db, read);
      await admit(this, loaded);
    });

    app.addHook('onRequest', async (request) => {
      if (!isSessionPath(request.url)) return;
      const token = request.cookies[sessionCookieName];
      // Without a cookie there is nothing to read: the checks answer at once.
      if (token && !request.is404 && request.routeOptions.config.sessionReadByHandler) {
        unsettled.set(request, token);
        return;
      }
      await admit(request, token ? await findSession(db, keys, token) : null);
    });
  },
  { name: 'session', dependencies: ['@fastify/cookie'] },
);
