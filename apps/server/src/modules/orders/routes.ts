import {
  applyCouponInput,
  applyCouponResult,
  idParams,
  orderCreateInput,
  orderListQuery,
  orderNotifyInput,
  orderNotifyResult,
  orderPage,
  orderResult,
  userTypes,
} from '@tillbook/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { createOrder } from './create.ts';
import { notifyOrder } from './notify.ts';
import { priceSaleFromDb } from './pricing.ts';
import { getOrder, listOrders, type OrderScope } from './read.ts';

const tags = ['orders'];

function signedIn(user: UserRow | null | undefined): UserRow {
  if (!user) throw AppError.unauthenticated();
  return user;
}

function scopeOf(user: UserRow): OrderScope {
  return user.type === 'administrator' ? { kind: 'all' } : { kind: 'outlet', outletId: user.outletId };
}

/** Sales: cashiers and administrators ring them up; a cashier reads only their own outlet's. */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.post(
    '/api/orders/create',
    {
      config: { access: userTypes },
      schema: {
        tags,
        summary: 'Complete a sale (the same uuid again answers the first order with 200)',
        body: orderCreateInput,
        response: { 200: orderResult, 201: orderResult },
      },
    },
    async (request, reply) => {
      const user = signedIn(request.user);
      const { order, created } = await createOrder(db, request.body, { id: user.id, name: user.name, type: user.type, outletId: user.outletId });
      return reply.code(created ? 201 : 200).send({ data: order });
    },
  );

  app.post(
    '/api/orders/apply-coupon',
    {
      config: { access: userTypes },
      schema: { tags, summary: 'Whether a coupon applies to a cart, and what it takes off', body: applyCouponInput, response: { 200: applyCouponResult } },
    },
    async (request) => {
      signedIn(request.user);
      const { priced, coupon } = await priceSaleFromDb(db, request.body);
      if (!coupon || !priced.coupon?.ok) throw AppError.validation({ couponCode: ['No coupon has this code.'] });
      return { data: { couponId: coupon.id, code: coupon.code, name: coupon.name, discount: priced.coupon.discount, lineIndexes: priced.coupon.lineIndexes } };
    },
  );

  app.get(
    '/api/orders',
    { config: { access: userTypes }, schema: { tags, summary: 'List sales, newest first', querystring: orderListQuery, response: { 200: orderPage } } },
    async (request) => listOrders(db, request.query, scopeOf(signedIn(request.user))),
  );

  app.get(
    '/api/orders/:id',
    { config: { access: userTypes }, schema: { tags, summary: 'One sale with its lines, payments and taxes', params: idParams, response: { 200: orderResult } } },
    async (request) => ({ data: await getOrder(db, { id: request.params.id }, scopeOf(signedIn(request.user))) }),
  );

  app.post(
    '/api/orders/:id/notify',
    {
      config: { access: userTypes },
      schema: {
        tags,
        summary: "E-mail a sale's receipt (HTML and PDF) to the address given or the order's customer",
        params: idParams,
        body: orderNotifyInput,
        response: { 200: orderNotifyResult },
      },
    },
    async (request) => ({ data: await notifyOrder(db, app.mailer, request.params.id, request.body, scopeOf(signedIn(request.user))) }),
  );
};
