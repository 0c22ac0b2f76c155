import { approverList, userTypes } from '@tillbook/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listApprovers } from './service.ts';

const tags = ['approvals'];

/** Who can approve what a cashier may not do alone (issue 16): read by the till's approval dialog. */
export const approvalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.get(
    '/api/approvals/approvers',
    { config: { access: userTypes }, schema: { tags, summary: 'Administrators who can approve at the till', response: { 200: approverList } } },
    async () => ({ data: await listApprovers(db) }),
  );
};
