import { datedCsvFileName, sendCsv } from '../../lib/csv-write.ts';
import {
  affectedResult,
  applyCouponInput,
  applyCouponResult,
  countResult,
  idParams,
  orderCreateInput,
  orderListQuery,
  orderNotifyInput,
  orderBulkInput,
  orderEditInput,
  orderNotifyResult,
  orderPage,
  orderReceiptQuery,
  type orderReceiptResult,
  orderResult,
  orderTimelineResult,
  userTypes,
} from '@tillbook/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { sendPdf } from '../../lib/pdf.ts';
import { createOrder, saleSourceOf } from './create.ts';
import { auditActorOf } from '../audit/service.ts';
import { bulkUpdateOrders, editOrder } from './edit.ts';
import { ordersCsv } from './export.ts';
import { getShopTimeZone } from '../settings/service.ts';
import { outletScopeOf } from '../../lib/viewer.ts';
import { orderSort, orderWhere } from './list-filters.ts';
import { notifyOrder } from './notify.ts';
import { priceSaleFromDb } from './pricing.ts';
import { countOrders, getOrder, listOrders } from './read.ts';
import { orderReceipt, orderReceiptPdf } from './receipt.ts';
import { orderTimeline } from './timeline.ts';

const tags = ['orders'];

/** Sales: cashiers and administrators ring them up; a cashier reads only their own outlet's. */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.post(
    '/api/orders/create',
    {
      // The session is read in the sale's first statement (docs/decisions/032-session-read-with-the-sale.md).
      config: { access: userTypes, sessionReadByHandler: true },
      schema: {
        tags,
        summary: 'Complete a sale (the same uuid with the same sale answers the first order with 200; with a different sale, 409)',
        body: orderCreateInput,
        response: { 200: orderResult, 201: orderResult },
      },
    },
    async (request, reply) => {
      const source = await saleSourceOf(db, request.body, request.sessionReadColumn());
      await request.settleSession(source.session);
      const { order, created } = await createOrder(db, request.body, request.currentUser, auditActorOf(request), source);
      return reply.code(created ? 201 : 200).send({ data: order });
    },
  );

  app.post(
    '/api/orders/apply-coupon',
    {
      config: { access: userTypes },
      schema: { tags, summary: 'Whether a coupon applies to a cart, and what it takes off', body: applyCouponInput, response: { 200: applyCouponResult } },
    },
    async (request) => {
      const { priced, coupon } = await priceSaleFromDb(db, request.body);
      if (!coupon || !priced.coupon?.ok) throw AppError.validation({ couponCode: ['No coupon has this code.'] });
      return { data: { couponId: coupon.id, code: coupon.code, name: coupon.name, discount: priced.coupon.discount, lineIndexes: priced.coupon.lineIndexes } };
    },
  );

  app.get(
    '/api/orders',
    {
      config: { access: userTypes },
      schema: { tags, summary: "List sales (newest first by default) with the filtered set's totals", querystring: orderListQuery, response: { 200: orderPage } },
    },
    async (request) => listOrders(db, request.query, outletScopeOf(request.currentUser)),
  );

  app.get(
    '/api/orders/tally',
    { config: { access: userTypes }, schema: { tags, summary: 'How many sales match the filters', querystring: orderListQuery, response: { 200: countResult } } },
    async (request) => {
      return { data: { count: await countOrders(db, request.query, outletScopeOf(request.currentUser)) } };
    },
  );

  app.get(
    '/api/orders/export',
    { schema: { tags, summary: "Every sale matching the list's filters as CSV (administrators)", querystring: orderListQuery } },
    async (request, reply) => {
      const scope = outletScopeOf(request.currentUser);
      // Bad filters or sort answer 422 before the download starts.
      const timeZone = await getShopTimeZone(db);
      orderWhere(request.query, scope, timeZone);
      orderSort(request.query.sort);
      return sendCsv(reply, datedCsvFileName('orders', timeZone), ordersCsv(db, request.query, scope, auditActorOf(request)));
    },
  );

  app.get(
    '/api/orders/:id',
    { config: { access: userTypes }, schema: { tags, summary: 'One sale with its lines, payments, taxes and the stock movements it caused', params: idParams, response: { 200: orderResult } } },
    async (request) => ({ data: await getOrder(db, { id: request.params.id }, outletScopeOf(request.currentUser), { withStockMovements: true, withRefunds: true, withApproval: true }) }),
  );

  app.post(
    '/api/orders/:id/notify',
    {
      config: { access: userTypes },
      schema: {
        tags,
        summary: "E-mail a sale's receipt (HTML and PDF) to the address given or the order's customer",
        params: idParams,
        body: orderNotifyInput,
        response: { 200: orderNotifyResult },
      },
    },
    async (request) => {
      const user = request.currentUser;
      return { data: await notifyOrder(db, app.mailer, request.params.id, request.body, outletScopeOf(user), user.id) };
    },
  );

  app.get(
    '/api/orders/:id/receipt',
    {
      config: { access: userTypes },
      schema: {
        tags,
        summary: "A sale's receipt again, with the template it was printed with, marked as a copy (?format=pdf downloads it)",
        params: idParams,
        querystring: orderReceiptQuery,
        // No response schema: the same route answers JSON or a PDF's bytes.
      },
    },
    async (request, reply) => {
      const user = request.currentUser;
      const scope = outletScopeOf(user);
      if (request.query.format !== 'pdf') return { data: await orderReceipt(db, request.params.id, scope, user.id) } satisfies z.input<typeof orderReceiptResult>;
      return sendPdf(reply, await orderReceiptPdf(db, request.params.id, scope, user.id));
    },
  );

  app.get(
    '/api/orders/:id/timeline',
    { config: { access: userTypes }, schema: { tags, summary: "A sale's timeline, oldest first: created, printed, e-mailed, edited, refunded", params: idParams, response: { 200: orderTimelineResult } } },
    async (request) => ({ data: await orderTimeline(db, request.params.id, outletScopeOf(request.currentUser)) }),
  );

  app.put(
    '/api/orders/:id/edit',
    { schema: { tags, summary: "Change a sale's note, customer or tags (administrators); amounts are never edited", params: idParams, body: orderEditInput, response: { 200: orderResult } } },
    async (request) => ({ data: await editOrder(db, request.params.id, request.body, request.currentUser.id) }),
  );

  app.post(
    '/api/orders/update',
    { schema: { tags, summary: 'Tag or untag the chosen sales (administrators)', body: orderBulkInput, response: { 200: affectedResult } } },
    async (request) => ({ data: await bulkUpdateOrders(db, request.body, request.currentUser.id) }),
  );
};
