import {
  idParams,
  stockTransferInput,
  stockTransferListQuery,
  stockTransferOnHandQuery,
  stockTransferOnHandResult,
  stockTransferPage,
  stockTransferReceiveInput,
  stockTransferResult,
  stockTransferUpdateInput,
} from '@tillbook/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createTransfer, deleteTransfer, getTransfer, listTransfers, onHandAt, receiveTransfer, updateTransfer } from './service.ts';

const tags = ['stock-transfers'];

/** Stock transfers between outlets: administrators only (no `access` config). */
export const stockTransfersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/api/stock-transfers',
    {
      schema: {
        tags,
        summary: 'List stock transfers, newest first (status, an outlet on either side, days created, search by number)',
        querystring: stockTransferListQuery,
        response: { 200: stockTransferPage },
      },
    },
    async (request) => listTransfers(db, request.query),
  );

  app.get(
    '/api/stock-transfers/on-hand',
    {
      schema: {
        tags,
        summary: 'What an outlet holds of these variants (a draft being typed shows it beside each line)',
        querystring: stockTransferOnHandQuery,
        response: { 200: stockTransferOnHandResult },
      },
    },
    async (request) => ({ data: await onHandAt(db, request.query.outletId, request.query.variantIds) }),
  );

  app.post(
    '/api/stock-transfers/create',
    {
      schema: {
        tags,
        summary: 'Create a draft transfer (or send it at once with status "sent")',
        body: stockTransferInput,
        response: { 201: stockTransferResult },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createTransfer(db, request.body, request.currentUser.id) }),
  );

  app.get(
    '/api/stock-transfers/:id/edit',
    {
      schema: {
        tags,
        summary: 'One transfer, whole: its lines with what the source and the destination hold now',
        params: idParams,
        response: { 200: stockTransferResult },
      },
    },
    async (request) => ({ data: await getTransfer(db, request.params.id) }),
  );

  app.put(
    '/api/stock-transfers/:id/edit',
    {
      schema: {
        tags,
        summary: 'Change a draft, send it (status "sent": the units leave the source) or cancel it (status "cancelled")',
        params: idParams,
        body: stockTransferUpdateInput,
        response: { 200: stockTransferResult },
      },
    },
    async (request) => ({ data: await updateTransfer(db, request.params.id, request.body, request.currentUser.id) }),
  );

  app.delete(
    '/api/stock-transfers/:id',
    { schema: { tags, summary: 'Delete a draft transfer (any other answers 409)', params: idParams } },
    async (request, reply) => {
      await deleteTransfer(db, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/stock-transfers/:id/receive',
    {
      schema: {
        tags,
        summary: 'Receive a transfer in transit: units that arrived per line (a line left out arrived whole)',
        params: idParams,
        body: stockTransferReceiveInput,
        response: { 200: stockTransferResult },
      },
    },
    async (request) => ({ data: await receiveTransfer(db, request.params.id, request.body, request.currentUser.id) }),
  );
};
