import { errorBody, loginInput, user, userTypes, validationErrorBody } from '@tillbook/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { toUser } from '../users/service.ts';
import { auditActorOf } from '../audit/service.ts';
import { login, logout } from './service.ts';
import { createSession, type SessionKeys } from './sessions.ts';

function clientOf(request: { ip: string; headers: Record<string, unknown> }) {
  const agent = request.headers['user-agent'];
  return { ipAddress: request.ip, userAgent: typeof agent === 'string' ? agent : null };
}

/** Sign-in, sign-out and the signed-in user (SPEC.md §7 "Session"; DESIGN.md §3). */
export const authRoutes: FastifyPluginAsyncZod<{ db: Db; keys: SessionKeys }> = async (app, { db, keys }) => {
  app.get(
    '/sanctum/csrf-cookie',
    { config: { access: 'public' }, schema: { tags: ['session'], summary: 'Start a session and get the XSRF-TOKEN cookie' } },
    async (request, reply) => {
      let session = request.session;
      if (!session) {
        const created = await createSession(db, keys, null, clientOf(request));
        session = created.session;
        reply.setSessionCookies(created.token, session.csrfToken);
      } else {
        // The session cookie is already there; hand its token out again in case the cookie was lost.
        reply.setXsrfCookie(session.csrfToken);
      }
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['session'],
        summary: 'Sign in; `email` carries the username or e-mail address',
        body: loginInput,
        response: { 200: user, 422: validationErrorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const result = await login(db, keys, request.body, clientOf(request), request.session?.id ?? null);
      reply.setSessionCookies(result.token, result.csrfToken);
      return toUser(result.user);
    },
  );

  app.post(
    '/api/logout',
    { config: { access: userTypes }, schema: { tags: ['session'], summary: 'Sign out and end the session' } },
    async (request, reply) => {
      if (request.session) await logout(db, request.session.id, auditActorOf(request));
      reply.clearSessionCookies();
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/user',
    {
      config: { access: userTypes },
      schema: { tags: ['session'], summary: 'The signed-in user', response: { 200: user, 401: errorBody } },
    },
    async (request) => toUser(request.currentUser),
  );
};

