import { pointsQuery, pointsSummaryResult, redeemInput, redeemResult, userTypes } from '@tillbook/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import { getCustomer } from '../customers/service.ts';
import { priceSaleFromDb } from '../orders/service.ts';
import { getPointsSummary } from './service.ts';

const tags = ['rewards'];

/**
 * Loyalty at the till (cashiers too): a customer's points and the rewards within reach, and the
 * check of a redemption for a cart. The sale itself redeems and earns in POST /api/orders/create,
 * in the sale's own transaction.
 */
export const rewardsTillRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/api/rewards/points',
    {
      config: { access: userTypes },
      schema: { tags, summary: "A customer's points balance, what it is worth, and the rewards it reaches", querystring: pointsQuery, response: { 200: pointsSummaryResult } },
    },
    async (request) => {
      const customer = await getCustomer(db, request.query.customer).catch((error: unknown) => {
        if (error instanceof AppError && error.statusCode === 404) throw AppError.validation({ customer: ['The chosen customer does not exist.'] });
        throw error;
      });
      return { data: await getPointsSummary(db, customer) };
    },
  );

  app.post(
    '/api/rewards/redeem',
    {
      config: { access: userTypes },
      schema: {
        tags,
        summary: 'Check a redemption (a reward, points as a tender) for a cart: what it takes off, what is left to pay and what the sale earns; nothing is stored',
        body: redeemInput,
        response: { 200: redeemResult },
      },
    },
    async (request) => {
      const { priced, customer } = await priceSaleFromDb(db, request.body);
      const loyalty = priced.loyalty;
      if (!customer || !loyalty) throw AppError.validation({ customerId: ['The chosen customer does not exist.'] });
      return {
        data: {
          total: priced.cart.total,
          rewardDiscount: loyalty.rewardDiscount,
          pointsPaid: loyalty.pointsPaid,
          pointsRedeemed: loyalty.pointsRedeemed,
          pointsEarned: loyalty.pointsEarned,
          due: loyalty.due,
          balance: customer.pointsBalance,
          balanceAfter: loyalty.balanceAfter,
        },
      };
    },
  );
};
