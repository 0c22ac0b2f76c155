import { idParams, registerInput, registerListQuery, registerPage, registerResult, userTypes } from '@tillbook/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createRegister, deleteRegister, getRegister, listRegisters, toRegister, updateRegister } from './service.ts';

const tags = ['registers'];

/** Registers (tills): administrators manage them; a cashier lists the active ones of their own outlet. */
export const registersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/api/registers',
    {
      config: { access: userTypes },
      schema: { tags, summary: 'List registers (a cashier: the active ones of their outlet)', querystring: registerListQuery, response: { 200: registerPage } },
    },
    async (request) => listRegisters(db, request.query, request.currentUser),
  );

  app.post(
    '/api/registers/create',
    { schema: { tags, summary: 'Create a register', body: registerInput, response: { 201: registerResult } } },
    async (request, reply) => reply.code(201).send({ data: toRegister(await createRegister(db, request.body)) }),
  );

  app.get(
    '/api/registers/:id/edit',
    { schema: { tags, summary: 'One register, for its form', params: idParams, response: { 200: registerResult } } },
    async (request) => ({ data: toRegister(await getRegister(db, request.params.id)) }),
  );

  app.put(
    '/api/registers/:id/edit',
    { schema: { tags, summary: 'Update a register', params: idParams, body: registerInput, response: { 200: registerResult } } },
    async (request) => ({ data: toRegister(await updateRegister(db, request.params.id, request.body)) }),
  );

  app.delete(
    '/api/registers/:id',
    { schema: { tags, summary: 'Delete a register nothing refers to (409 otherwise)', params: idParams } },
    async (request, reply) => {
      await deleteRegister(db, request.params.id);
      return reply.code(204).send();
    },
  );
};
