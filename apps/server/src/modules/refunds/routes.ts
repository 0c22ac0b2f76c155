import { idParams, refundCreateInput, refundList, refundResult } from '@tillbook/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listRefundsOfOrder } from './read.ts';
import { createRefund } from './service.ts';

const tags = ['refunds'];

/** Refunds of a sale: administrators only for now (a manager override for cashiers comes later). */
export const refundsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/api/orders/:id/refunds',
    { schema: { tags, summary: "An order's refunds, oldest first", params: idParams, response: { 200: refundList } } },
    async (request) => ({ data: await listRefundsOfOrder(db, request.params.id) }),
  );

  app.post(
    '/api/orders/:id/refunds',
    {
      schema: {
        tags,
        summary: 'Refund sold units: restocked or damaged, paid back by tender (by default the sale’s own)',
        params: idParams,
        body: refundCreateInput,
        response: { 201: refundResult },
      },
    },
    async (request, reply) => {
      const refund = await createRefund(db, request.params.id, request.body, request.currentUser);
      return reply.code(201).send({ data: refund });
    },
  );
};
