import { idParams, listItem, outletInput, outletListQuery, outletPage, outletResult, userTypes } from '@tillbook/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createOutlet, deleteOutlet, getOutlet, listOutletNames, listOutlets, toOutlet, updateOutlet } from './service.ts';

const tags = ['outlets'];

/** Outlets (stores): administrators manage them; everyone may read the names for pickers. */
export const outletsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/api/outlets',
    { schema: { tags, summary: 'List outlets', querystring: outletListQuery, response: { 200: outletPage } } },
    async (request) => listOutlets(db, request.query),
  );

  app.get(
    '/api/outlets/list',
    {
      config: { access: userTypes },
      schema: { tags, summary: 'Active outlets as {id, name} for pickers', response: { 200: z.object({ data: z.array(listItem) }) } },
    },
    async () => ({ data: await listOutletNames(db) }),
  );

  app.post(
    '/api/outlets/create',
    { schema: { tags, summary: 'Create an outlet', body: outletInput, response: { 201: outletResult } } },
    async (request, reply) => reply.code(201).send({ data: toOutlet(await createOutlet(db, request.body)) }),
  );

  app.get(
    '/api/outlets/:id/edit',
    { schema: { tags, summary: 'One outlet, for its form', params: idParams, response: { 200: outletResult } } },
    async (request) => ({ data: toOutlet(await getOutlet(db, request.params.id)) }),
  );

  app.put(
    '/api/outlets/:id/edit',
    { schema: { tags, summary: 'Update an outlet', params: idParams, body: outletInput, response: { 200: outletResult } } },
    async (request) => ({ data: toOutlet(await updateOutlet(db, request.params.id, request.body)) }),
  );

  app.delete(
    '/api/outlets/:id',
    { schema: { tags, summary: 'Delete an outlet nothing refers to (409 otherwise)', params: idParams } },
    async (request, reply) => {
      await deleteOutlet(db, request.params.id);
      return reply.code(204).send();
    },
  );
};
