import { productExportQuery, productSyncCodeQuery, productSyncCodeResult, productSyncQuery, productSyncResult, productUploadQuery, uploadResult, userTypes } from '@tillbook/contract';
import { datedCsvFileName, sendCsv } from '../../lib/csv-write.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PRODUCT_CSV_MAX_BYTES } from '@tillbook/contract';
import { readCsvUpload } from '../../lib/csv.ts';
import { AppError } from '../../lib/errors.ts';
import { canSeeCosts, outletOfViewer, type Viewer } from '../../lib/viewer.ts';
import { exportProducts } from './csv-export.ts';
import { auditActorOf } from '../audit/service.ts';
import { getShopTimeZone } from '../settings/service.ts';
import { importProducts } from './csv-import.ts';
import { findSyncProducts, resolveOutletId, syncProducts } from './sync.ts';

const tags = ['products'];

/** Register sync (cashiers too: they sell from it) and the products CSV import and export. */
export const productsSyncCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  // A cashier's register syncs its own outlet's stock only; asking for another outlet is refused,
  // and a cashier who works at no outlet has no stock to sync.
  const syncOutletOf = (user: Viewer, asked: number | undefined) => {
    if (canSeeCosts(user)) return resolveOutletId(db, asked, user.outletId);
    if (user.outletId === null) throw new AppError(403, 'You work at no outlet yet: an administrator sets it on your staff record.');
    return resolveOutletId(db, outletOfViewer(user, asked), user.outletId);
  };

  app.get(
    '/api/products/sync',
    {
      config: { access: userTypes },
      schema: {
        tags,
        summary: 'Products changed since a cursor (all without one), deleted ids, taxes, charges and categories, in pages',
        querystring: productSyncQuery,
        response: { 200: productSyncResult },
      },
    },
    async (request) => {
      const outletId = await syncOutletOf(request.currentUser, request.query.outletId);
      const { since, limit } = request.query;
      return { data: await syncProducts(db, { since, limit, outletId, withCost: canSeeCosts(request.currentUser) }) };
    },
  );

  app.get(
    '/api/products/sync/code',
    {
      config: { access: userTypes },
      schema: {
        tags,
        summary: 'The active products whose active variant has this barcode or SKU, as a register copy holds them (a scan while the copy loads)',
        querystring: productSyncCodeQuery,
        response: { 200: productSyncCodeResult },
      },
    },
    async (request) => {
      const outletId = await syncOutletOf(request.currentUser, request.query.outletId);
      return { data: await findSyncProducts(db, request.query.code, { outletId, withCost: canSeeCosts(request.currentUser) }) };
    },
  );

  app.post(
    '/api/products/upload',
    {
      config: { upload: 'file' },
      schema: {
        tags,
        summary:
          'Import products from CSV (multipart `file`; columns title, sku, barcode, price, cost, categories, taxes, description, ' +
          'track_stock, stock, low_stock_threshold, status); dryRun=1 checks every row and writes nothing',
        querystring: productUploadQuery,
        response: { 200: uploadResult },
      },
    },
    async (request) => {
      const outletId = await resolveOutletId(db, request.query.outletId, null);
      const text = await readCsvUpload(request, PRODUCT_CSV_MAX_BYTES);
      const actor = { userId: request.currentUser.id, audit: auditActorOf(request) };
      return { data: await importProducts(db, text, { dryRun: request.query.dryRun ?? false, outletId, actor }) };
    },
  );

  app.get(
    '/api/products/export',
    { schema: { tags, summary: "Every product matching the list's filters as CSV (one row per variant), ready to import again", querystring: productExportQuery } },
    async (request, reply) => {
      const outletId = await resolveOutletId(db, request.query.outletId, null);
      return sendCsv(reply, datedCsvFileName('products', await getShopTimeZone(db)), exportProducts(db, request.query, outletId));
    },
  );
};
