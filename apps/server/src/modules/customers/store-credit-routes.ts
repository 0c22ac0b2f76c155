import { idParams, pageQuery, storeCreditAdjustInput, storeCreditAdjustResult, storeCreditPage, userTypes } from '@tillbook/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActorOf } from '../audit/service.ts';
import { adjustStoreCredit } from './store-credit-adjust.ts';
import { listStoreCredit } from './store-credit-read.ts';

const tags = ['customers'];

/** A customer's store credit (issue 16): cashiers read it (the till shows the balance), administrators adjust it. */
export const customerStoreCreditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/api/customers/:id/store-credit',
    {
      config: { access: userTypes },
      schema: { tags, summary: "A customer's store credit ledger, newest first", params: idParams, querystring: pageQuery, response: { 200: storeCreditPage } },
    },
    async (request) => listStoreCredit(db, request.params.id, request.query),
  );

  app.post(
    '/api/customers/:id/store-credit',
    {
      schema: {
        tags,
        summary: 'Add store credit (a positive amount) or take it (a negative one) with a reason (administrators)',
        params: idParams,
        body: storeCreditAdjustInput,
        response: { 200: storeCreditAdjustResult },
      },
    },
    async (request) => ({ data: await adjustStoreCredit(db, request.params.id, request.body, auditActorOf(request)) }),
  );
};
