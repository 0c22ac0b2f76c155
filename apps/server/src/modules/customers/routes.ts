import {
  affectedResult,
  customerBulkInput,
  customerCommentList,
  customerEditInput,
  customerInput,
  customerListQuery,
  customerNoteInput,
  customerNoteList,
  customerNoteParams,
  customerNoteReceiptInput,
  customerNoteResult,
  customerOrderPage,
  customerPage,
  customerResult,
  customerRewardPage,
  idParams,
  pageQuery,
  pointsAdjustInput,
  pointsAdjustResult,
  pointsPage,
  userTypes,
} from '@tillbook/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { datedCsvFileName, sendCsv } from '../../lib/csv-write.ts';
import { outletScopeOf } from '../../lib/viewer.ts';
import { auditActorOf } from '../audit/service.ts';
import { customersCsv } from './csv-export.ts';
import { getShopTimeZone } from '../settings/service.ts';
import {
  addNote,
  adjustPointsByHand,
  bulkUpdateCustomers,
  createCustomer,
  deleteCustomer,
  deleteNote,
  getCustomer,
  listCustomerComments,
  listCustomerOrders,
  listCustomerRewards,
  listCustomers,
  listNotes,
  listPoints,
  setNoteReceipt,
  toCustomer,
  updateCustomer,
} from './service.ts';

const tags = ['customers'];
/** Cashiers look after customers at the till (DESIGN.md §3 Roles): read, create, edit, notes. */
const staff = { access: userTypes };

export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/api/customers',
    { config: staff, schema: { tags, summary: 'List customers', querystring: customerListQuery, response: { 200: customerPage } } },
    async (request) => listCustomers(db, request.query),
  );

  app.get(
    '/api/customers/export',
    { schema: { tags, summary: "Every customer matching the list's filters as CSV", querystring: customerListQuery } },
    async (request, reply) => sendCsv(reply, datedCsvFileName('customers', await getShopTimeZone(db)), customersCsv(db, request.query, auditActorOf(request))),
  );

  app.post(
    '/api/customers/create',
    { config: staff, schema: { tags, summary: 'Create a customer', body: customerInput, response: { 201: customerResult } } },
    async (request, reply) => reply.code(201).send({ data: toCustomer(await createCustomer(db, request.body)) }),
  );

  app.put(
    '/api/customers/edit',
    { config: staff, schema: { tags, summary: 'Update a customer named by the id in the body', body: customerEditInput, response: { 200: customerResult } } },
    async (request) => {
      const { id, ...values } = request.body;
      return { data: toCustomer(await updateCustomer(db, id, values)) };
    },
  );

  app.get(
    '/api/customers/:id/edit',
    { config: staff, schema: { tags, summary: 'One customer, for its form', params: idParams, response: { 200: customerResult } } },
    async (request) => ({ data: toCustomer(await getCustomer(db, request.params.id)) }),
  );

  app.put(
    '/api/customers/:id/edit',
    { config: staff, schema: { tags, summary: 'Update a customer', params: idParams, body: customerInput, response: { 200: customerResult } } },
    async (request) => ({ data: toCustomer(await updateCustomer(db, request.params.id, request.body)) }),
  );

  app.delete(
    '/api/customers/:id',
    { schema: { tags, summary: 'Delete a customer (administrators)', params: idParams } },
    async (request, reply) => {
      await deleteCustomer(db, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/customers/update',
    {
      config: staff,
      schema: { tags, summary: 'Bulk: delete (administrators) or set marketing consent', body: customerBulkInput, response: { 200: affectedResult } },
    },
    async (request) => ({ data: { affected: await bulkUpdateCustomers(db, request.body, request.currentUser) } }),
  );

  app.get(
    '/api/customers/:id/orders',
    {
      config: staff,
      schema: {
        tags,
        summary: "A customer's orders, newest first (a cashier: their outlet's)",
        params: idParams,
        querystring: pageQuery,
        response: { 200: customerOrderPage },
      },
    },
    async (request) => listCustomerOrders(db, request.params.id, request.query, outletScopeOf(request.currentUser)),
  );

  app.get(
    '/api/customers/:id/comments',
    {
      config: staff,
      schema: {
        tags,
        summary: "Comments from a customer's order notes, newest first (a cashier: their outlet's)",
        params: idParams,
        response: { 200: customerCommentList },
      },
    },
    async (request) => ({ data: await listCustomerComments(db, request.params.id, outletScopeOf(request.currentUser)) }),
  );

  app.get(
    '/api/customers/:id/notes',
    { config: staff, schema: { tags, summary: "A customer's notes, newest first", params: idParams, response: { 200: customerNoteList } } },
    async (request) => ({ data: await listNotes(db, request.params.id) }),
  );

  app.post(
    '/api/customers/:id/notes',
    {
      config: staff,
      schema: { tags, summary: 'Add a note to a customer', params: idParams, body: customerNoteInput, response: { 201: customerNoteResult } },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await addNote(db, request.params.id, request.currentUser.id, request.body) }),
  );

  app.put(
    '/api/customers/:id/notes/:note/receipt',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Print a note on the customer’s receipts, or stop printing it (cashiers: only their own notes)',
        params: customerNoteParams,
        body: customerNoteReceiptInput,
        response: { 200: customerNoteResult },
      },
    },
    async (request) => ({ data: await setNoteReceipt(db, request.params.id, request.params.note, request.body.printOnReceipt, request.currentUser) }),
  );

  app.delete(
    '/api/customers/:id/notes/:note',
    { config: staff, schema: { tags, summary: 'Delete a note (cashiers: only their own)', params: customerNoteParams } },
    async (request, reply) => {
      await deleteNote(db, request.params.id, request.params.note, request.currentUser);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/customers/:id/points',
    {
      config: staff,
      schema: { tags, summary: "A customer's points ledger, newest first", params: idParams, querystring: pageQuery, response: { 200: pointsPage } },
    },
    async (request) => listPoints(db, request.params.id, request.query),
  );

  app.get(
    '/api/customers/:id/rewards',
    {
      config: staff,
      schema: {
        tags,
        summary: "A customer's sales that took a reward, newest first (a cashier: their outlet's)",
        params: idParams,
        querystring: pageQuery,
        response: { 200: customerRewardPage },
      },
    },
    async (request) => listCustomerRewards(db, request.params.id, request.query, outletScopeOf(request.currentUser)),
  );

  app.post(
    '/api/customers/:id/points',
    {
      schema: {
        tags,
        summary: 'Adjust points by hand with a reason (administrators)',
        params: idParams,
        body: pointsAdjustInput,
        response: { 200: pointsAdjustResult },
      },
    },
    async (request) => ({ data: await adjustPointsByHand(db, request.params.id, request.body, request.currentUser) }),
  );
};
