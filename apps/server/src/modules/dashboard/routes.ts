import { dashboardQuery, dashboardResult } from '@tillbook/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getDashboard } from './service.ts';

const tags = ['dashboard'];

/** The owner's morning screen (issue 12): administrators only, like the reports. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  // Reads only: from the read replica when REPORTS_DATABASE_URL is set (docs/operations.md).
  const db = app.reportsDb;

  app.get(
    '/api/dashboard',
    {
      config: { access: ['administrator'] },
      schema: {
        tags,
        summary: "Today's figures (the shop's local day) beside the same weekday last week, sales by hour, top products and categories, low stock, open drawers and the last orders",
        querystring: dashboardQuery,
        response: { 200: dashboardResult },
      },
    },
    async (request) => ({ data: await getDashboard(db, request.query.outlet) }),
  );
};
