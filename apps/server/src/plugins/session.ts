import { sessionCookieName, userTypes, xsrfCookieName, xsrfHeaderName, type UserType } from '@tillbook/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import type { SessionRow, UserRow } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import { findSession, tokensMatch, touchSession, type SessionKeys } from '../modules/auth/sessions.ts';

/**
 * Who may call a route. `public`: anyone; otherwise the user types allowed. A route that says
 * nothing is for administrators only: every new route is locked down until it opens itself up.
 */
export type RouteAccess = 'public' | readonly UserType[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
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

    app.addHook('onRequest', async (request) => {
      if (!isSessionPath(request.url)) return;
      const token = request.cookies[sessionCookieName];
      if (token) {
        const loaded = await findSession(db, keys, token);
        if (loaded) {
          request.session = loaded.session;
          request.user = loaded.user;
          await touchSession(db, keys, loaded.session);
        }
      }

      const access = isApiPath(request.url) ? routeAccess(request) : 'public';
      if (access !== 'public' && !request.user) throw AppError.unauthenticated();

      if (!SAFE_METHODS.has(request.method)) {
        const header = request.headers[xsrfHeaderName.toLowerCase()];
        const given = Array.isArray(header) ? header[0] : header;
        if (!request.session || !tokensMatch(request.session.csrfToken, given)) throw AppError.csrfMismatch();
      }

      if (access !== 'public' && request.user && !access.includes(request.user.type)) throw AppError.forbidden();
    });
  },
  { name: 'session', dependencies: ['@fastify/cookie'] },
);
