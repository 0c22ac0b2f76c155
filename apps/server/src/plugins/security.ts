import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export type SecurityOptions = { secureCookies: boolean; sentryDsn?: string };

/**
 * Helmet's headers on every answer; the page may talk only to us (and Sentry when set). Helmet's
 * middleware is built once and run on each request (the Fastify plugin built it anew for every
 * request, 0.1 ms each, docs/performance.md).
 */
export const securityPlugin = fp<SecurityOptions>(
  async (app: FastifyInstance, { secureCookies, sentryDsn }) => {
    const connectSrc = ["'self'"];
    if (sentryDsn) connectSrc.push(new URL(sentryDsn).origin);
    const headers = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc,
          workerSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(secureCookies ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      // HSTS only makes sense when the shop serves over HTTPS (COOKIE_SECURE says it does).
      strictTransportSecurity: secureCookies ? { maxAge: 15552000, includeSubDomains: true } : false,
      // With COOP same-origin (helmet's default), the page is cross-origin isolated: the register's
      // copy answers a scan through shared memory within the Enter's event (sell/shared-answer.ts).
      // Everything the page loads is our own (the policy above), so nothing needs to opt in.
      crossOriginEmbedderPolicy: { policy: 'require-corp' },
    });
    app.addHook('onRequest', (request, reply, done) => {
      headers(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
    });
  },
  { name: 'security' },
);
