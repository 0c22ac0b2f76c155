import {
  additionalChargeInput,
  additionalChargeListQuery,
  additionalChargeListResult,
  additionalChargePage,
  additionalChargeResult,
  idParams,
  userTypes,
} from '@tillbook/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createAdditionalCharge,
  deleteAdditionalCharge,
  getAdditionalCharge,
  listActiveAdditionalCharges,
  listAdditionalCharges,
  updateAdditionalCharge,
} from './service.ts';

const tags = ['additional charges'];

/**
 * Additional charges (SPEC.md §7 /api/products/charges): bottle deposits, packaging fees, service
 * charges. Administrators manage them; registers read the active ones to price sales.
 */
export const additionalChargesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/api/products/charges',
    {
      schema: {
        tags,
        summary: 'List additional charges, each with the number of products carrying it',
        querystring: additionalChargeListQuery,
        response: { 200: additionalChargePage },
      },
    },
    async (request) => listAdditionalCharges(db, request.query),
  );

  app.get(
    '/api/products/charges/list',
    {
      config: { access: userTypes },
      schema: { tags, summary: "Active charges in the pricing engine's shape", response: { 200: additionalChargeListResult } },
    },
    async () => ({ data: await listActiveAdditionalCharges(db) }),
  );

  app.post(
    '/api/products/charges/create',
    {
      schema: {
        tags,
        summary: 'Create a charge: fixed `amount` in minor units, or percentage `rate` as decimal text',
        body: additionalChargeInput,
        response: { 201: additionalChargeResult },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createAdditionalCharge(db, request.body) }),
  );

  app.get(
    '/api/products/charges/:id/edit',
    { schema: { tags, summary: 'One additional charge, for its form', params: idParams, response: { 200: additionalChargeResult } } },
    async (request) => ({ data: await getAdditionalCharge(db, request.params.id) }),
  );

  app.put(
    '/api/products/charges/:id/edit',
    {
      schema: { tags, summary: 'Update an additional charge', params: idParams, body: additionalChargeInput, response: { 200: additionalChargeResult } },
    },
    async (request) => ({ data: await updateAdditionalCharge(db, request.params.id, request.body) }),
  );

  app.delete(
    '/api/products/charges/:id',
    { schema: { tags, summary: 'Delete a charge no product carries (409 otherwise)', params: idParams } },
    async (request, reply) => {
      await deleteAdditionalCharge(db, request.params.id);
      return reply.code(204).send();
    },
  );
};
