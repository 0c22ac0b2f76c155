import {
  affectedResult,
  barcodeResult,
  bulkInput,
  productCountResult,
  dataOf,
  historyPage,
  idParams,
  listQuery,
  MAX_ID,
  productBulkActions,
  productBulkValues,
  productImage,
  productInput,
  productListQuery,
  productPage,
  productResult,
  stockAdjustmentInput,
  userTypes,
  variantLookupQuery,
  variantLookupResult,
} from '@tillbook/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { saveImage } from '../../lib/media.ts';
import { canSeeCosts, outletOfViewer } from '../../lib/viewer.ts';
import { auditActorOf } from '../audit/service.ts';
import { readColumns } from '../../db/execute.ts';
import { getShopSettings, shopSettingsColumn, shopSettingsOf } from '../settings/service.ts';
import { adjustStock } from './adjustments.ts';
import { createInStoreBarcode } from './barcodes.ts';
import { bulkUpdateProducts } from './bulk.ts';
import { getProduct } from './detail.ts';
import { listHistory } from './history.ts';
import { addImage, arrangeImages, deleteImage } from './images.ts';
import { countProducts, listProducts } from './list.ts';
import { firstPageAsk, searchFirstColumn } from './search.ts';
import { firstFrom } from './search-terms.ts';
import { createProduct, deleteProduct, updateProduct } from './service.ts';
import { findVariantsByCode } from './variant-lookup.ts';

const tags = ['products'];
const pageQuery = listQuery.pick({ page: true, perPage: true });

/** Products: cashiers read them (they sell them); administrators change them. */
export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, dataDir } = app;

  app.get(
    '/api/products',
    {
      // The session, the shop's settings and a search's terms are one statement, the list's first
      // (docs/decisions/034-the-product-list-reads-its-session-first.md): nothing is acted on before it is settled.
      config: { access: userTypes, sessionReadByHandler: true },
      schema: { tags, summary: 'List products', querystring: productListQuery, response: { 200: productPage } },
    },
    async (request) => {
      const { search } = request.query;
      // The commonest searches' page and rows come in it too, at the outlet asked for (search_first).
      const ask = search ? firstPageAsk(request.query, request.query.outletId ?? 0) : null;
      const first = await readColumns(db, {
        session: request.sessionReadColumn() ?? undefined,
        shop: shopSettingsColumn(),
        terms: search ? searchFirstColumn(search, ask) : undefined,
      });
      await request.settleSession(first.session);
      return listProducts(
        db,
        { ...request.query, outletId: outletOfViewer(request.currentUser, request.query.outletId) },
        shopSettingsOf(first.shop).defaultLowStockThreshold,
        { withCost: canSeeCosts(request.currentUser), ...(search && { terms: firstFrom(search, first.terms, ask) }) },
      );
    },
  );

  app.get(
    '/api/products/count',
    { config: { access: userTypes }, schema: { tags, summary: "Count products with the list's filters", querystring: productListQuery, response: { 200: productCountResult } } },
    async (request) => {
      const filters = { ...request.query, outletId: outletOfViewer(request.currentUser, request.query.outletId) };
      const { count, capped } = await countProducts(db, filters, (await getShopSettings(db)).defaultLowStockThreshold);
      return { data: { count, ...(capped && { capped }) } };
    },
  );

  app.post(
    '/api/products/create',
    { schema: { tags, summary: 'Create a product with its variants and opening stock', body: productInput, response: { 201: productResult } } },
    async (request, reply) => reply.code(201).send({ data: await createProduct(db, request.body, { userId: request.currentUser.id, audit: auditActorOf(request) }) }),
  );

  app.get(
    '/api/products/:id/edit',
    { config: { access: userTypes }, schema: { tags, summary: 'One product, whole', params: idParams, response: { 200: productResult } } },
    // A cashier reads what the sell screen needs: no cost, and only their own outlet's stock.
    async (request) => ({ data: await getProduct(db, request.params.id, { withCost: canSeeCosts(request.currentUser), outletId: canSeeCosts(request.currentUser) ? undefined : outletOfViewer(request.currentUser, undefined) }) }),
  );

  app.put(
    '/api/products/:id/edit',
    { schema: { tags, summary: 'Update a product (stock changes through /stock)', params: idParams, body: productInput, response: { 200: productResult } } },
    async (request) => ({ data: await updateProduct(db, request.params.id, request.body, { userId: request.currentUser.id, audit: auditActorOf(request) }) }),
  );

  app.delete(
    '/api/products/:id',
    {
      schema: {
        tags,
        summary: 'Delete a product; one that sales refer to is archived instead (200 with archived: true)',
        params: idParams,
        response: { 200: dataOf(z.object({ archived: z.literal(true) })), 204: z.null().describe('Deleted; no body.') },
      },
    },
    async (request, reply) => {
      const outcome = await deleteProduct(db, request.params.id, { userId: request.currentUser.id, audit: auditActorOf(request) });
      return outcome === 'deleted' ? reply.code(204).send(null) : reply.code(200).send({ data: { archived: true } });
    },
  );

  app.post(
    '/api/products/update',
    {
      schema: {
        tags,
        summary: 'Bulk: archive, activate, delete, setCategory, changePrice',
        body: bulkInput(productBulkActions, productBulkValues),
        response: { 200: affectedResult },
      },
    },
    async (request) => ({ data: { affected: await bulkUpdateProducts(db, request.body, { userId: request.currentUser.id, audit: auditActorOf(request) }) } }),
  );

  app.get(
    '/api/products/:id/history',
    { schema: { tags, summary: 'Every change: who, when, before → after', params: idParams, querystring: pageQuery, response: { 200: historyPage } } },
    async (request) => listHistory(db, request.params.id, request.query),
  );

  app.get(
    '/api/products/variants',
    {
      schema: {
        tags,
        summary: 'The variants whose barcode or SKU is exactly the code (a scan on a back-office screen)',
        querystring: variantLookupQuery,
        response: { 200: variantLookupResult },
      },
    },
    async (request) => ({ data: await findVariantsByCode(db, request.query.code) }),
  );

  app.post(
    '/api/products/barcode/create',
    { schema: { tags, summary: 'A new unique in-store EAN-13', response: { 200: barcodeResult } } },
    async () => ({ data: { barcode: await createInStoreBarcode(db) } }),
  );

  app.post(
    '/api/products/:id/images',
    { config: { upload: 'image' }, schema: { tags, summary: 'Upload an image (multipart field `image`)', params: idParams, response: { 201: dataOf(productImage) } } },
    async (request, reply) => {
      const saved = await saveImage(dataDir, await request.file(), 'image');
      return reply.code(201).send({ data: await addImage(db, request.params.id, saved.fileName) });
    },
  );

  app.put(
    '/api/products/:id/images',
    {
      schema: {
        tags,
        summary: 'Order the images and choose the main one',
        params: idParams,
        body: z.object({ order: z.array(z.number().int().positive().max(MAX_ID)).max(50), mainId: z.number().int().positive().max(MAX_ID) }),
        response: { 200: dataOf(z.array(productImage)) },
      },
    },
    async (request) => ({ data: await arrangeImages(db, request.params.id, request.body.order, request.body.mainId) }),
  );

  app.delete(
    '/api/products/images/:id',
    { schema: { tags, summary: 'Delete an image', params: idParams } },
    async (request, reply) => {
      await deleteImage(db, dataDir, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/products/:id/stock',
    {
      schema: {
        tags,
        summary: 'Adjust stock (add, remove or set a counted quantity) with a reason',
        params: idParams,
        body: stockAdjustmentInput,
        response: { 200: dataOf(z.object({ variantId: z.number().int(), outletId: z.number().int(), quantity: z.number().int() })) },
      },
    },
    async (request) => ({ data: await adjustStock(db, request.params.id, request.body, auditActorOf(request)) }),
  );
};
