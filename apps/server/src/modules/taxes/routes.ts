import {
  affectedResult,
  idParams,
  taxBulkInput,
  taxInput,
  taxListQuery,
  taxListResult,
  taxPage,
  taxResult,
  userTypes,
} from '@tillbook/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkUpdateTaxes, createTax, deleteTax, getTax, listActiveTaxes, listTaxes, updateTax } from './service.ts';

const tags = ['taxes'];

/** Taxes (SPEC.md §7): administrators manage them; registers read the active ones to price sales. */
export const taxesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/api/taxes',
    { schema: { tags, summary: 'List taxes, each with the number of products carrying it', querystring: taxListQuery, response: { 200: taxPage } } },
    async (request) => listTaxes(db, request.query),
  );

  app.get(
    '/api/taxes/list',
    {
      config: { access: userTypes },
      schema: { tags, summary: 'Active taxes as {id, name, rateE4, isInclusive, isCompound}', response: { 200: taxListResult } },
    },
    async () => ({ data: await listActiveTaxes(db) }),
  );

  app.post(
    '/api/taxes/create',
    { schema: { tags, summary: 'Create a tax (rate as decimal text: "7.5")', body: taxInput, response: { 201: taxResult } } },
    async (request, reply) => reply.code(201).send({ data: await createTax(db, request.body) }),
  );

  app.get(
    '/api/taxes/:id/edit',
    { schema: { tags, summary: 'One tax, for its form', params: idParams, response: { 200: taxResult } } },
    async (request) => ({ data: await getTax(db, request.params.id) }),
  );

  app.put(
    '/api/taxes/:id/edit',
    { schema: { tags, summary: 'Update a tax', params: idParams, body: taxInput, response: { 200: taxResult } } },
    async (request) => ({ data: await updateTax(db, request.params.id, request.body) }),
  );

  app.delete(
    '/api/taxes/:id',
    { schema: { tags, summary: 'Delete a tax no product carries and that is no default tax (409 otherwise)', params: idParams } },
    async (request, reply) => {
      await deleteTax(db, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/taxes/update',
    { schema: { tags, summary: 'Activate, deactivate or delete several taxes (all or none)', body: taxBulkInput, response: { 200: affectedResult } } },
    async (request) => ({ data: { affected: await bulkUpdateTaxes(db, request.body) } }),
  );
};
