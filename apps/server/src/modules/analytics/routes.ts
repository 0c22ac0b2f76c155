import { analyticsQuery, analyticsReportResult, analyticsStatsQuery, analyticsStatsResult } from '@tillbook/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '../../lib/csv-write.ts';
import { analyticsCsv, analyticsCsvFileName, analyticsReport, analyticsStats } from './report.ts';

const tags = ['analytics'];

/** The reports (administrators only: routes without `access` are theirs). */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Reads only: from the read replica when REPORTS_DATABASE_URL is set (docs/operations.md).
  const db = app.reportsDb;

  app.get(
    '/api/analytics',
    {
      schema: {
        tags,
        summary: "One of the eight reports for a range of the shop's days: table, totals, chart and notes (?format=csv downloads the whole table)",
        querystring: analyticsQuery,
        // The CSV is a stream, which the response schema leaves alone.
        response: { 200: analyticsReportResult },
      },
    },
    async (request, reply) => {
      if (request.query.format === 'csv') return sendCsv(reply, analyticsCsvFileName(request.query), analyticsCsv(db, request.query));
      return { data: await analyticsReport(db, request.query) };
    },
  );

  app.get(
    '/api/analytics/stats',
    {
      schema: {
        tags,
        summary: "A report's headline figures for the range, beside the previous period's with compare=previous",
        querystring: analyticsStatsQuery,
        response: { 200: analyticsStatsResult },
      },
    },
    async (request) => ({ data: await analyticsStats(db, request.query) }),
  );
};
