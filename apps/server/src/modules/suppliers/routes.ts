import { affectedResult, idParams, supplierBulkInput, supplierInput, supplierListQuery, supplierNames, supplierPage, supplierResult } from '@tillbook/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkUpdateSuppliers, createSupplier, deleteSupplier, getSupplier, listSupplierNames, listSuppliers, updateSupplier } from './service.ts';

const tags = ['suppliers'];

/** Suppliers and the products they supply: administrators only (no `access` config). */
export const suppliersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/api/suppliers',
    {
      schema: {
        tags,
        summary: 'List suppliers (search company, contact, e-mail; filter active or by a variant they supply)',
        querystring: supplierListQuery,
        response: { 200: supplierPage },
      },
    },
    async (request) => listSuppliers(db, request.query),
  );

  app.get(
    '/api/suppliers/list',
    { schema: { tags, summary: 'Active suppliers as {id, name} for pickers', response: { 200: supplierNames } } },
    async () => ({ data: await listSupplierNames(db) }),
  );

  app.post(
    '/api/suppliers/create',
    { schema: { tags, summary: 'Create a supplier with the products it supplies', body: supplierInput, response: { 201: supplierResult } } },
    async (request, reply) => reply.code(201).send({ data: await createSupplier(db, request.body) }),
  );

  app.get(
    '/api/suppliers/:id/edit',
    { schema: { tags, summary: 'One supplier with its products, for its form', params: idParams, response: { 200: supplierResult } } },
    async (request) => ({ data: await getSupplier(db, request.params.id) }),
  );

  app.put(
    '/api/suppliers/:id/edit',
    {
      schema: {
        tags,
        summary: 'Update a supplier and replace its product list',
        params: idParams,
        body: supplierInput,
        response: { 200: supplierResult },
      },
    },
    async (request) => ({ data: await updateSupplier(db, request.params.id, request.body) }),
  );

  app.delete(
    '/api/suppliers/:id',
    { schema: { tags, summary: 'Delete a supplier and its product links', params: idParams } },
    async (request, reply) => {
      await deleteSupplier(db, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/suppliers/update',
    { schema: { tags, summary: 'Activate, deactivate or delete several suppliers', body: supplierBulkInput, response: { 200: affectedResult } } },
    async (request) => ({ data: { affected: await bulkUpdateSuppliers(db, request.body) } }),
  );
};
