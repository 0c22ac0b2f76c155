import { stockLedgerPage, stockLedgerQuery } from '@tillbook/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { datedCsvFileName, sendCsv } from '../../lib/csv-write.ts';
import { getShopTimeZone } from '../settings/service.ts';
import { ledgerWhereOf, listStockMovements, stockMovementsCsv } from './service.ts';

const tags = ['stock-movements'];

/** The stock ledger (the adjustments screen): administrators only (no `access` config). */
export const stockMovementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/api/stock-movements',
    {
      schema: {
        tags,
        summary: 'Every stock ledger movement, newest first, with its document (filter outlet, reason, product, user, dates)',
        querystring: stockLedgerQuery,
        response: { 200: stockLedgerPage },
      },
    },
    async (request) => listStockMovements(db, request.query),
  );

  app.get(
    '/api/stock-movements/export',
    { schema: { tags, summary: "Every stock movement matching the list's filters as CSV", querystring: stockLedgerQuery } },
    async (request, reply) => {
      // Bad filters answer 422 before the download starts.
      const where = await ledgerWhereOf(db, request.query);
      // The rows come from the read replica when there is one (REPORTS_DATABASE_URL).
      return sendCsv(reply, datedCsvFileName('stock-movements', await getShopTimeZone(db)), stockMovementsCsv(app.reportsDb, where));
    },
  );
};
