import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';
import { migrationsAreCurrent } from '../../db/migrate.ts';

const health = z.object({ status: z.enum(['ok', 'unavailable']), database: z.string() });
const readiness = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.string(),
  /** The database answered `select 1`. */
  databaseAnswers: z.boolean(),
  /** The database holds every migration this server was built with. */
  migrated: z.boolean(),
});

/**
 * /healthz: 200 when the database answers, 503 when it does not (the process check).
 * /readyz: 200 once the database answers and holds this build's migrations, else 503 — a load
 * balancer sends a server traffic only when it is ready (docs/operations.md, Several servers).
 */
export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (app, { database }) => {
  app.get(
    '/healthz',
    { schema: { tags: ['health'], summary: 'Liveness and database check', response: { 200: health, 503: health } } },
    async (request, reply) => {
      try {
        await database.ping();
        return { status: 'ok' as const, database: database.driver };
      } catch (err) {
        request.log.error({ err }, 'health check: database did not answer');
        return reply.code(503).send({ status: 'unavailable' as const, database: database.driver });
      }
    },
  );

  // Once the migrations are seen in place they stay: later checks only ask the database to answer.
  let migrated = false;
  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers and holds the migrations of this version (503 otherwise)',
        response: { 200: readiness, 503: readiness },
      },
    },
    async (request, reply) => {
      let databaseAnswers = true;
      try {
        await database.ping();
        migrated ||= await migrationsAreCurrent(database.db);
      } catch (err) {
        databaseAnswers = false;
        request.log.warn({ err }, 'readiness check: database did not answer');
      }
      const ready = databaseAnswers && migrated;
      return reply
        .code(ready ? 200 : 503)
        .send({ status: ready ? ('ready' as const) : ('unavailable' as const), database: database.driver, databaseAnswers, migrated });
    },
  );
};
