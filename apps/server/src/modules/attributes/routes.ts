import {
  attributeInput,
  attributeListQuery,
  attributeOptionCreateInput,
  attributeOptionResult,
  attributeOptionUpdateInput,
  attributePage,
  attributeResult,
  idParams,
  userTypes,
} from '@tillbook/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createOption, deleteOption, getOption, updateOption } from './option-service.ts';
import { createAttribute, deleteAttribute, getAttribute, listAttributes, updateAttribute } from './service.ts';

const tags = ['attributes'];

/**
 * Attributes (Size, Colour) and their options. Everyone may read the list — the sell screen
 * names variants with it; administrators manage them.
 */
export const attributesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/api/attributes',
    {
      config: { access: userTypes },
      schema: { tags, summary: 'List attributes with their options and product counts', querystring: attributeListQuery, response: { 200: attributePage } },
    },
    async (request) => listAttributes(db, request.query),
  );

  app.post(
    '/api/attributes/create',
    { schema: { tags, summary: 'Create an attribute with its options', body: attributeInput, response: { 201: attributeResult } } },
    async (request, reply) => reply.code(201).send({ data: await createAttribute(db, request.body) }),
  );

  app.get(
    '/api/attributes/:id/edit',
    { schema: { tags, summary: 'One attribute, for its form', params: idParams, response: { 200: attributeResult } } },
    async (request) => ({ data: await getAttribute(db, request.params.id) }),
  );

  app.put(
    '/api/attributes/:id/edit',
    {
      schema: {
        tags,
        summary: 'Replace the name and the option list (kept ids stay, new entries are added, left-out options removed)',
        params: idParams,
        body: attributeInput,
        response: { 200: attributeResult },
      },
    },
    async (request) => ({ data: await updateAttribute(db, request.params.id, request.body) }),
  );

  app.delete(
    '/api/attributes/:id',
    { schema: { tags, summary: 'Delete an attribute no product uses (409 otherwise)', params: idParams } },
    async (request, reply) => {
      await deleteAttribute(db, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/attributes/options/create',
    { schema: { tags, summary: 'Add one option to an attribute', body: attributeOptionCreateInput, response: { 201: attributeOptionResult } } },
    async (request, reply) => reply.code(201).send({ data: await createOption(db, request.body) }),
  );

  app.get(
    '/api/attributes/options/:id/edit',
    { schema: { tags, summary: 'One option', params: idParams, response: { 200: attributeOptionResult } } },
    async (request) => ({ data: await getOption(db, request.params.id) }),
  );

  app.put(
    '/api/attributes/options/:id/edit',
    {
      schema: { tags, summary: 'Rename and/or move an option', params: idParams, body: attributeOptionUpdateInput, response: { 200: attributeOptionResult } },
    },
    async (request) => ({ data: await updateOption(db, request.params.id, request.body) }),
  );

  app.delete(
    '/api/attributes/options/:id',
    { schema: { tags, summary: 'Delete an option no variant uses (409 otherwise)', params: idParams } },
    async (request, reply) => {
      await deleteOption(db, request.params.id);
      return reply.code(204).send();
    },
  );
};
