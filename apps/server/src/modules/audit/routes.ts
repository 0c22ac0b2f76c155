import { auditListQuery, auditPage } from '@tillbook/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { datedCsvFileName, sendCsv } from '../../lib/csv-write.ts';
import { getShopTimeZone } from '../settings/service.ts';
import { auditActorOf, auditCsv, auditWhereOf, describeAuditFilters, listAudit, newestAuditId, recordAudit } from './service.ts';

const tags = ['audit'];

/** The audit trail (issue 16): administrators only (no `access` config). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/api/audit',
    {
      schema: {
        tags,
        summary: 'The audit log, newest first (filter user, action or area, register, dates, search in the summary)',
        querystring: auditListQuery,
        response: { 200: auditPage },
      },
    },
    async (request) => listAudit(db, request.query, await getShopTimeZone(db)),
  );

  app.get(
    '/api/audit/export',
    { schema: { tags, summary: "Every audit log entry matching the list's filters as CSV (the export is itself recorded)", querystring: auditListQuery } },
    async (request, reply) => {
      const filters = request.query;
      const timeZone = await getShopTimeZone(db);
      // Bad filters answer 422 before the download starts, and before the export is recorded.
      const where = auditWhereOf(filters, timeZone);
      // The file holds the log as it was when asked for: not this export's own entry, nor later ones.
      const upTo = await newestAuditId(db);
      await recordAudit(db, auditActorOf(request), {
        action: 'audit.export',
        summary: `Exported the audit log (${describeAuditFilters(filters)})`,
      });
      return sendCsv(reply, datedCsvFileName('audit-log', timeZone), auditCsv(db, where, upTo));
    },
  );
};
