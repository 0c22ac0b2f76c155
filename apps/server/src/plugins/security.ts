import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export type SecurityOptions = { secureCookies: boolean; sentryDsn?: string };

/** Helmet-style headers for every answer; the page may talk only to us (and Sentry when set). */
export const securityPlugin = fp<SecurityOptions>(
  async (app: FastifyInstance, { secureCookies, sentryDsn }) => {
    const connectSrc = ["'self'"];
    if (sentryDsn) connectSrc.push(new URL(sentryDsn).origin);
    await app.register(helmet, {
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
  },
  { name: 'security' },
);
