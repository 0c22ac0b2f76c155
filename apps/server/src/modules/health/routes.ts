import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';

const health = z.object({ status: z.enum(['ok', 'unavailable']), database: z.string() });

/** /healthz: 200 when the database answers, 503 when it does not (for load balancers). */
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
};
