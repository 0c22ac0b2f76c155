import {
  idParams,
  stockCountApplyInput,
  stockCountCreateInput,
  stockCountEditInput,
  stockCountEntryInput,
  stockCountLinePage,
  stockCountLineResult,
  stockCountLinesQuery,
  stockCountListQuery,
  stockCountPage,
  stockCountResult,
} from '@tillbook/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActorOf } from '../audit/service.ts';
import { applyStockCount, countLine, createStockCount, editStockCount, getStockCount, listCountLines, listStockCounts } from './service.ts';

const tags = ['stock-counts'];

/** Stock counts of an outlet's shelves: administrators only (no `access` config). */
export const stockCountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/api/stock-counts',
    { schema: { tags, summary: 'List stock counts, newest first (filter status, outlet, dates; search by number)', querystring: stockCountListQuery, response: { 200: stockCountPage } } },
    async (request) => listStockCounts(db, request.query),
  );

  app.post(
    '/api/stock-counts/create',
    {
      schema: {
        tags,
        summary: "Start a count of an outlet (all products, a category or a list): the sheet freezes each line's expected quantity and cost",
        body: stockCountCreateInput,
        response: { 201: stockCountResult },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createStockCount(db, request.body, request.currentUser) }),
  );

  app.get(
    '/api/stock-counts/:id/edit',
    { schema: { tags, summary: 'One count with its review totals (variances in units and at cost)', params: idParams, response: { 200: stockCountResult } } },
    async (request) => ({ data: await getStockCount(db, request.params.id) }),
  );

  app.put(
    '/api/stock-counts/:id/edit',
    { schema: { tags, summary: 'Change the note of a count, or cancel it (status "cancelled")', params: idParams, body: stockCountEditInput, response: { 200: stockCountResult } } },
    async (request) => ({ data: await editStockCount(db, request.params.id, request.body) }),
  );

  app.get(
    '/api/stock-counts/:id/lines',
    {
      schema: {
        tags,
        summary: 'A page of the count sheet (search title, SKU or barcode; filter uncounted, counted or variance)',
        params: idParams,
        querystring: stockCountLinesQuery,
        response: { 200: stockCountLinePage },
      },
    },
    async (request) => listCountLines(db, request.params.id, request.query),
  );

  app.post(
    '/api/stock-counts/:id/lines',
    {
      schema: {
        tags,
        summary: 'Count a product: "add" adds to what was counted (a scan adds 1), "set" types the total',
        params: idParams,
        body: stockCountEntryInput,
        response: { 200: stockCountLineResult },
      },
    },
    async (request) => ({ data: await countLine(db, request.params.id, request.body, request.currentUser) }),
  );

  app.post(
    '/api/stock-counts/:id/apply',
    {
      schema: {
        tags,
        summary: 'Post one stock adjustment (reason "count") per variance; uncounted lines are skipped or counted as zero',
        params: idParams,
        body: stockCountApplyInput,
        response: { 200: stockCountResult },
      },
    },
    async (request) => ({ data: await applyStockCount(db, request.params.id, request.body, request.currentUser, auditActorOf(request)) }),
  );
};
