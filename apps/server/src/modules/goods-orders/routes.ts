import {
  goodsOrderAddItemInput,
  goodsOrderCreateInput,
  goodsOrderEmailInput,
  goodsOrderEmailResult,
  goodsOrderItemResult,
  goodsOrderItemsResult,
  goodsOrderListQuery,
  goodsOrderLowStockQuery,
  goodsOrderPage,
  goodsOrderResult,
  goodsOrderTimelineResult,
  goodsOrderUpdateInput,
  goodsReceiptInput,
  goodsReceiptResult,
  idParams,
  lowStockSuggestionsResult,
} from '@tillbook/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { datedCsvFileName, sendCsv } from '../../lib/csv-write.ts';
import { getShopTimeZone } from '../settings/service.ts';
import { emailPurchaseOrder } from './email.ts';
import { goodsOrdersCsv } from './export.ts';
import { goodsOrderSort, goodsOrderWhere, listGoodsOrders } from './list.ts';
import { lowStockSuggestions } from './low-stock.ts';
import { downloadPurchaseOrder } from './purchase-order-document.ts';
import { receiveGoods } from './receive.ts';
import { addGoodsOrderItem, createGoodsOrder, deleteGoodsOrder, getGoodsOrder, listGoodsOrderItems, updateGoodsOrder } from './service.ts';
import { goodsOrderTimeline } from './timeline.ts';

const tags = ['goods-orders'];

/** Goods orders to suppliers and their deliveries into stock (issue 13): administrators only (no `access` config). */
export const goodsOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/api/goods-orders',
    {
      schema: {
        tags,
        summary: 'List goods orders (newest first) with the filtered set’s count and total; search a PO number or a supplier',
        querystring: goodsOrderListQuery,
        response: { 200: goodsOrderPage },
      },
    },
    async (request) => listGoodsOrders(db, request.query),
  );

  app.get(
    '/api/goods-orders/export',
    { schema: { tags, summary: 'Every goods order matching the list’s filters as CSV', querystring: goodsOrderListQuery } },
    async (request, reply) => {
      // Bad filters or sort answer 422 before the download starts.
      const timeZone = await getShopTimeZone(db);
      goodsOrderWhere(request.query, timeZone);
      goodsOrderSort(request.query.sort);
      // The rows come from the read replica when there is one (REPORTS_DATABASE_URL).
      return sendCsv(reply, datedCsvFileName('goods-orders', timeZone), goodsOrdersCsv(app.reportsDb, request.query));
    },
  );

  app.get(
    '/api/goods-orders/low-stock',
    {
      schema: {
        tags,
        summary: 'The supplier’s products that are low at the outlet, with the quantity that reaches each reorder level',
        querystring: goodsOrderLowStockQuery,
        response: { 200: lowStockSuggestionsResult },
      },
    },
    async (request) => ({ data: await lowStockSuggestions(db, request.query.supplierId, request.query.outletId) }),
  );

  app.post(
    '/api/goods-orders/create',
    { schema: { tags, summary: 'Create a draft goods order (supplier SKUs copied from the supplier’s product links)', body: goodsOrderCreateInput, response: { 201: goodsOrderResult } } },
    async (request, reply) => reply.code(201).send({ data: await createGoodsOrder(db, request.body, request.currentUser.id) }),
  );

  app.get(
    '/api/goods-orders/:id/edit',
    { schema: { tags, summary: 'One goods order with its lines, deliveries and figures', params: idParams, response: { 200: goodsOrderResult } } },
    async (request) => ({ data: await getGoodsOrder(db, request.params.id) }),
  );

  app.put(
    '/api/goods-orders/:id/edit',
    {
      schema: {
        tags,
        summary: 'Save a draft (lines replaced), change an open order’s expected date or note, or move it: ordered, cancelled, received (the rest cancelled)',
        params: idParams,
        body: goodsOrderUpdateInput,
        response: { 200: goodsOrderResult },
      },
    },
    async (request) => ({ data: await updateGoodsOrder(db, request.params.id, request.body, request.currentUser.id) }),
  );

  app.delete(
    '/api/goods-orders/:id',
    { schema: { tags, summary: 'Delete a draft goods order (others are cancelled instead, keeping their history)', params: idParams } },
    async (request, reply) => {
      await deleteGoodsOrder(db, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/goods-orders/:id/items',
    { schema: { tags, summary: 'A goods order’s lines', params: idParams, response: { 200: goodsOrderItemsResult } } },
    async (request) => ({ data: await listGoodsOrderItems(db, request.params.id) }),
  );

  app.post(
    '/api/goods-orders/:id/items',
    {
      schema: {
        tags,
        summary: 'Add a line to a draft (the same product again adds to its quantity; the cost defaults to the supplier’s)',
        params: idParams,
        body: goodsOrderAddItemInput,
        response: { 201: goodsOrderItemResult },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await addGoodsOrderItem(db, request.params.id, request.body, request.currentUser.id) }),
  );

  app.post(
    '/api/goods-orders/:id/receive',
    {
      schema: {
        tags,
        summary: 'Receive a delivery into the outlet’s stock (ledger reason "received"); each variant’s cost becomes the weighted average',
        params: idParams,
        body: goodsReceiptInput,
        response: { 201: goodsReceiptResult },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await receiveGoods(db, request.params.id, request.body, request.currentUser.id) }),
  );

  app.get(
    '/api/goods-orders/:id/pdf',
    // No response schema: the answer is a PDF's bytes.
    { schema: { tags, summary: 'The purchase order as a PDF (ordered, partially received or received orders)', params: idParams } },
    async (request, reply) => {
      const { fileName, pdf } = await downloadPurchaseOrder(db, request.params.id, request.currentUser.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.post(
    '/api/goods-orders/:id/email',
    {
      schema: {
        tags,
        summary: 'E-mail the purchase order’s PDF to the supplier (or the address given) through SMTP_URL',
        params: idParams,
        body: goodsOrderEmailInput,
        response: { 200: goodsOrderEmailResult },
      },
    },
    async (request) => ({ data: await emailPurchaseOrder(db, app.mailer, request.params.id, request.body, request.currentUser.id) }),
  );

  app.get(
    '/api/goods-orders/:id/timeline',
    { schema: { tags, summary: 'A goods order’s timeline, oldest first', params: idParams, response: { 200: goodsOrderTimelineResult } } },
    async (request) => ({ data: await goodsOrderTimeline(db, request.params.id) }),
  );
};
