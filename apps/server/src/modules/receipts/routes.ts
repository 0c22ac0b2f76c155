import {
  idParams,
  receiptTemplateInput,
  receiptTemplateListQuery,
  receiptTemplateOptions,
  receiptTemplatePage,
  receiptTemplateResult,
  userTypes,
} from '@tillbook/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createReceiptTemplate,
  getReceiptTemplate,
  listReceiptTemplateOptions,
  listReceiptTemplates,
  setReceiptTemplateArchived,
  toReceiptTemplate,
} from './service.ts';

const tags = ['receipts'];

/**
 * Receipt templates: immutable layouts (there is no update route; a change is a new template).
 * Administrators manage them; cashiers may read one, since they print with it.
 */
export const receiptsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/api/receipts',
    { schema: { tags, summary: 'List receipt templates', querystring: receiptTemplateListQuery, response: { 200: receiptTemplatePage } } },
    async (request) => listReceiptTemplates(db, request.query),
  );

  app.get(
    '/api/receipts/list',
    {
      config: { access: userTypes },
      schema: { tags, summary: 'Non-archived templates for pickers', response: { 200: receiptTemplateOptions } },
    },
    async () => ({ data: await listReceiptTemplateOptions(db) }),
  );

  app.post(
    '/api/receipts/create',
    { schema: { tags, summary: 'Create a receipt template (optionally from a copy)', body: receiptTemplateInput, response: { 201: receiptTemplateResult } } },
    async (request, reply) => reply.code(201).send({ data: toReceiptTemplate(await createReceiptTemplate(db, request.body)) }),
  );

  app.get(
    '/api/receipts/:id',
    {
      config: { access: userTypes },
      schema: { tags, summary: 'One receipt template, for printing, previews and copies', params: idParams, response: { 200: receiptTemplateResult } },
    },
    async (request) => ({ data: toReceiptTemplate(await getReceiptTemplate(db, request.params.id)) }),
  );

  app.post(
    '/api/receipts/:id/archive',
    { schema: { tags, summary: 'Hide a template from pickers (409 while a register uses it)', params: idParams, response: { 200: receiptTemplateResult } } },
    async (request) => ({ data: toReceiptTemplate(await setReceiptTemplateArchived(db, request.params.id, true)) }),
  );

  app.post(
    '/api/receipts/:id/unarchive',
    { schema: { tags, summary: 'Offer an archived template in pickers again', params: idParams, response: { 200: receiptTemplateResult } } },
    async (request) => ({ data: toReceiptTemplate(await setReceiptTemplateArchived(db, request.params.id, false)) }),
  );
};
