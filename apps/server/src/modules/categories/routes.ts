import {
  categoryBulkInput,
  categoryBulkResult,
  categoryDeleteQuery,
  categoryInput,
  categoryListQuery,
  categoryOptionsQuery,
  categoryOptionsResult,
  categoryPage,
  categoryResult,
  categoryUploadQuery,
  categoryUploadResult,
  countResult,
  idParams,
  userTypes,
} from '@tillbook/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkUpdateCategories } from './bulk.ts';
import { readCsvUpload } from '../../lib/csv.ts';
import { importCategories } from './import.ts';
import {
  countCategories,
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
  listCategoryOptions,
  updateCategory,
} from './service.ts';

const tags = ['categories'];

/** Categories (a tree): administrators manage them; everyone may read the compact list (pickers, sell screen). */
export const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/api/categories',
    { schema: { tags, summary: 'List categories (tree order by default)', querystring: categoryListQuery, response: { 200: categoryPage } } },
    async (request) => listCategories(db, request.query),
  );

  app.get(
    '/api/categories/count',
    { schema: { tags, summary: 'Count categories with the list filters', querystring: categoryListQuery, response: { 200: countResult } } },
    async (request) => ({ data: { count: await countCategories(db, request.query) } }),
  );

  app.get(
    '/api/categories/list',
    {
      config: { access: userTypes },
      schema: {
        tags,
        summary: 'Every category in tree order as {id, name, parentId, depth, colour, active}; active=1 leaves out inactive branches',
        querystring: categoryOptionsQuery,
        response: { 200: categoryOptionsResult },
      },
    },
    async (request) => ({ data: await listCategoryOptions(db, request.query.active ?? false) }),
  );

  app.post(
    '/api/categories/create',
    { schema: { tags, summary: 'Create a category', body: categoryInput, response: { 201: categoryResult } } },
    async (request, reply) => reply.code(201).send({ data: await createCategory(db, request.body) }),
  );

  app.get(
    '/api/categories/:id/edit',
    { schema: { tags, summary: 'One category, for its form', params: idParams, response: { 200: categoryResult } } },
    async (request) => ({ data: await getCategory(db, request.params.id) }),
  );

  app.put(
    '/api/categories/:id/edit',
    { schema: { tags, summary: 'Update a category', params: idParams, body: categoryInput, response: { 200: categoryResult } } },
    async (request) => ({ data: await updateCategory(db, request.params.id, request.body) }),
  );

  app.delete(
    '/api/categories/:id',
    {
      schema: {
        tags,
        summary: 'Delete a category; 409 while products or subcategories use it, unless moveTo (products there, subcategories up) or moveChildren=1',
        params: idParams,
        querystring: categoryDeleteQuery,
      },
    },
    async (request, reply) => {
      await deleteCategory(db, request.params.id, request.query);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/categories/update',
    { schema: { tags, summary: 'Bulk: activate, deactivate, delete or setParent', body: categoryBulkInput, response: { 200: categoryBulkResult } } },
    async (request) => ({ data: await bulkUpdateCategories(db, request.body) }),
  );

  app.post(
    '/api/categories/upload',
    {
      config: { upload: 'file' },
      schema: {
        tags,
        summary: 'Import categories from CSV (multipart `file`: name, parent, colour, position, active); dryRun=1 previews',
        querystring: categoryUploadQuery,
        response: { 200: categoryUploadResult },
      },
    },
    async (request) => ({ data: await importCategories(db, await readCsvUpload(request), { dryRun: request.query.dryRun ?? false }) }),
  );
};
