import {
  affectedResult,
  couponBulkInput,
  couponInput,
  couponListQuery,
  couponLookupQuery,
  couponPage,
  couponResult,
  idParams,
  userTypes,
} from '@tillbook/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkUpdateCoupons, createCoupon, deleteCoupon, findCouponByCode, getCoupon, listCoupons, updateCoupon } from './service.ts';

const tags = ['coupons'];

/** Coupons (SPEC.md §7): administrators manage them; the sell screen looks a typed code up. */
export const couponsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/api/coupons',
    {
      schema: {
        tags,
        summary: 'List coupons with their state, uses and eligible categories and products',
        querystring: couponListQuery,
        response: { 200: couponPage },
      },
    },
    async (request) => listCoupons(db, request.query),
  );

  app.get(
    '/api/coupons/lookup',
    {
      config: { access: userTypes },
      schema: { tags, summary: 'The coupon with this code (case-insensitive), with its rule and eligibility', querystring: couponLookupQuery, response: { 200: couponResult } },
    },
    async (request) => ({ data: await findCouponByCode(db, request.query.code) }),
  );

  app.post(
    '/api/coupons/create',
    { schema: { tags, summary: 'Create a coupon (rate as decimal text: "10"; amounts in minor units)', body: couponInput, response: { 201: couponResult } } },
    async (request, reply) => reply.code(201).send({ data: await createCoupon(db, request.body) }),
  );

  app.get(
    '/api/coupons/:id/edit',
    { schema: { tags, summary: 'One coupon, for its form', params: idParams, response: { 200: couponResult } } },
    async (request) => ({ data: await getCoupon(db, request.params.id) }),
  );

  app.put(
    '/api/coupons/:id/edit',
    { schema: { tags, summary: 'Update a coupon', params: idParams, body: couponInput, response: { 200: couponResult } } },
    async (request) => ({ data: await updateCoupon(db, request.params.id, request.body) }),
  );

  app.delete(
    '/api/coupons/:id',
    { schema: { tags, summary: 'Delete a coupon no order used (409 otherwise)', params: idParams } },
    async (request, reply) => {
      await deleteCoupon(db, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/coupons/update',
    { schema: { tags, summary: 'Activate, deactivate or delete several coupons (all or none)', body: couponBulkInput, response: { 200: affectedResult } } },
    async (request) => ({ data: { affected: await bulkUpdateCoupons(db, request.body) } }),
  );
};
