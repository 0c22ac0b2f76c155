import { idParams, orderNotifyInput, orderNotifyResult, refundReceiptResult, userTypes } from '@tillbook/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendPdf } from '../../lib/pdf.ts';
import { outletScopeOf } from '../../lib/viewer.ts';
import { notifyRefund, refundReceipt, refundReceiptPdf } from './receipt.ts';

const tags = ['refunds'];

/** A refund's receipt on the screen, as a PDF and by e-mail: the till prints them, so cashiers may (their outlet's). */
export const refundReceiptRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/api/refunds/:id/receipt',
    {
      config: { access: userTypes },
      schema: { tags, summary: "A refund's receipt, headed REFUND with the original order's number, laid out as its register prints", params: idParams, response: { 200: refundReceiptResult } },
    },
    async (request) => ({ data: await refundReceipt(db, request.params.id, outletScopeOf(request.currentUser)) }),
  );

  app.get(
    '/api/refunds/:id/receipt.pdf',
    {
      config: { access: userTypes },
      // No response schema: the answer is the PDF's bytes.
      schema: { tags, summary: "A refund's receipt as a PDF at its template's paper width", params: idParams },
    },
    async (request, reply) => sendPdf(reply, await refundReceiptPdf(db, request.params.id, outletScopeOf(request.currentUser))),
  );

  app.post(
    '/api/refunds/:id/notify',
    {
      config: { access: userTypes },
      schema: {
        tags,
        summary: "E-mail a refund's receipt (HTML and PDF) to the address given or the sale's customer",
        params: idParams,
        body: orderNotifyInput,
        response: { 200: orderNotifyResult },
      },
    },
    async (request) => ({ data: await notifyRefund(db, app.mailer, request.params.id, request.body, outletScopeOf(request.currentUser)) }),
  );
};
