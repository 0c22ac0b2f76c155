import { idParams, noReceiptReturnInput, refundCreateInput, refundList, refundResult, saleForReturnResult, saleLookupQuery, userTypes } from '@tillbook/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActorOf } from '../audit/service.ts';
import { listRefundsOfOrder } from './read.ts';
import { createRefund, findSaleForReturn } from './service.ts';
import { createNoReceiptReturn } from './without-receipt.ts';

const tags = ['refunds'];

/**
 * Refunds of a sale. Cashiers take returns at the till too (issue 16), of a sale of any outlet:
 * the cash comes out of their own drawer, and above the shop's limit an administrator approves.
 */
export const refundsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/api/orders/lookup',
    {
      config: { access: userTypes },
      schema: {
        tags,
        summary: 'A sale to return, by the number on its receipt (typed or scanned), with what is still returnable',
        querystring: saleLookupQuery,
        response: { 200: saleForReturnResult },
      },
    },
    async (request) => ({ data: await findSaleForReturn(db, request.query.number) }),
  );

  app.get(
    '/api/orders/:id/refunds',
    { config: { access: userTypes }, schema: { tags, summary: "An order's refunds, oldest first", params: idParams, response: { 200: refundList } } },
    async (request) => ({ data: await listRefundsOfOrder(db, request.params.id) }),
  );

  app.post(
    '/api/orders/:id/refunds',
    {
      config: { access: userTypes },
      schema: {
        tags,
        summary: 'Refund sold units: restocked or damaged, paid back by tender (by default the sale’s own) or as store credit',
        params: idParams,
        body: refundCreateInput,
        response: { 201: refundResult },
      },
    },
    async (request, reply) => {
      const refund = await createRefund(db, request.params.id, request.body, request.currentUser, { actor: auditActorOf(request), ip: request.ip });
      return reply.code(201).send({ data: refund });
    },
  );

  app.post(
    '/api/refunds/without-receipt',
    {
      config: { access: userTypes },
      schema: {
        tags,
        summary: 'Take goods back without the sale’s receipt, when the shop allows it: valued at today’s prices, as store credit or money up to the shop’s amount',
        body: noReceiptReturnInput,
        response: { 201: refundResult },
      },
    },
    async (request, reply) => {
      const refund = await createNoReceiptReturn(db, request.body, request.currentUser, { actor: auditActorOf(request), ip: request.ip });
      return reply.code(201).send({ data: refund });
    },
  );
};
