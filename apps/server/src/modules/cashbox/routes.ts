import {
  cashboxCloseInput,
  cashboxListQuery,
  cashboxOpenInput,
  cashboxPage,
  cashboxReportResult,
  cashboxSlugParams,
  cashboxStatusQuery,
  cashboxStatusResult,
  cashMovement,
  cashMovementInput,
  dataOf,
  drawerOpening,
  idParams,
  noSaleInput,
  userTypes,
} from '@tillbook/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActorOf } from '../audit/service.ts';
import { closeDrawer } from './close.ts';
import { recordNoSale } from './no-sale.ts';
import { getDrawerStatus, listRegisterMovements, openDrawer, recordMovement } from './service.ts';
import { getReport, listSessions } from './sessions.ts';

const tags = ['cashbox'];
const access = { access: userTypes };

/** The cash drawer of each register (SPEC.md §7 /api/cashbox): cashiers and administrators alike; the service checks outlet and holder. */
export const cashboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/api/cashbox',
    { config: access, schema: { tags, summary: 'Drawer sessions with their figures (a cashier: their own)', querystring: cashboxListQuery, response: { 200: cashboxPage } } },
    async (request) => listSessions(db, request.currentUser, request.query),
  );

  app.get(
    '/api/cashbox/status',
    { config: access, schema: { tags, summary: "Whether a register's drawer is open (register: id or slug)", querystring: cashboxStatusQuery, response: { 200: cashboxStatusResult } } },
    async (request) => ({ data: await getDrawerStatus(db, request.currentUser, request.query.register) }),
  );

  app.post(
    '/api/cashbox/status',
    { config: access, schema: { tags, summary: "Open a register's drawer with a counted float", body: cashboxOpenInput, response: { 201: cashboxStatusResult } } },
    async (request, reply) => reply.code(201).send({ data: await openDrawer(db, request.currentUser, auditActorOf(request), request.body) }),
  );

  app.get(
    '/api/cashbox/:slug/movements',
    { config: access, schema: { tags, summary: 'Cash in and out of the open drawer', params: cashboxSlugParams, response: { 200: dataOf(z.array(cashMovement)) } } },
    async (request) => ({ data: await listRegisterMovements(db, request.currentUser, request.params.slug) }),
  );

  app.post(
    '/api/cashbox/:slug/movements',
    { config: access, schema: { tags, summary: 'Put cash in or take cash out of the open drawer', params: cashboxSlugParams, body: cashMovementInput, response: { 201: dataOf(cashMovement) } } },
    async (request, reply) => reply.code(201).send({ data: await recordMovement(db, request.currentUser, auditActorOf(request), request.params.slug, request.body) }),
  );

  app.post(
    '/api/cashbox/:slug/close',
    { config: access, schema: { tags, summary: 'Close the drawer with the count per tender; answers the Z report', params: cashboxSlugParams, body: cashboxCloseInput, response: { 200: cashboxReportResult } } },
    async (request) => ({ data: await closeDrawer(db, request.currentUser, auditActorOf(request), request.params.slug, request.body) }),
  );

  app.post(
    '/api/cashbox/:slug/no-sale',
    { config: access, schema: { tags, summary: 'Open the drawer without a sale ("No sale"), with a reason; a cashier may need an approval', params: cashboxSlugParams, body: noSaleInput, response: { 201: dataOf(drawerOpening) } } },
    async (request, reply) => reply.code(201).send({ data: await recordNoSale(db, request.currentUser, auditActorOf(request), request.params.slug, request.body) }),
  );

  app.get(
    '/api/cashbox/:id/report',
    { config: access, schema: { tags, summary: 'The Z report of a closed session, or the running X report of an open one', params: idParams, response: { 200: cashboxReportResult } } },
    async (request) => ({ data: await getReport(db, request.currentUser, request.params.id) }),
  );
};
