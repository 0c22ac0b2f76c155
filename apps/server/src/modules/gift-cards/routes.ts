import {
  giftCardAdjustInput,
  giftCardDetailResult,
  giftCardListQuery,
  giftCardLookupQuery,
  giftCardPage,
  giftCardResult,
  idParams,
  userTypes,
} from '@tillbook/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActorOf } from '../audit/service.ts';
import { adjustGiftCard } from './adjust.ts';
import { findGiftCardByCode, getGiftCard, listGiftCards } from './read.ts';

const tags = ['gift-cards'];

/** Gift cards (issue 16, decision 024): every till looks a card up by code; administrators list, read and adjust them. */
export const giftCardsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/api/gift-cards/lookup',
    {
      config: { access: userTypes },
      schema: {
        tags,
        summary: 'The gift card with this code (typed with or without spaces and dashes, or scanned), with its balance and status; 404 when none has it',
        querystring: giftCardLookupQuery,
        response: { 200: giftCardResult },
      },
    },
    async (request) => ({ data: await findGiftCardByCode(db, request.query.code) }),
  );

  app.get(
    '/api/gift-cards',
    {
      schema: {
        tags,
        summary: 'List gift cards with the filtered set’s count, outstanding balance and money loaded',
        querystring: giftCardListQuery,
        response: { 200: giftCardPage },
      },
    },
    async (request) => listGiftCards(db, request.query),
  );

  app.get(
    '/api/gift-cards/:id',
    { schema: { tags, summary: 'One gift card with its ledger, newest first', params: idParams, response: { 200: giftCardDetailResult } } },
    async (request) => ({ data: await getGiftCard(db, request.params.id) }),
  );

  app.post(
    '/api/gift-cards/:id/adjust',
    {
      schema: {
        tags,
        summary: 'Correct a gift card’s balance (a positive or negative amount) with a reason; it never goes below zero',
        params: idParams,
        body: giftCardAdjustInput,
        response: { 200: giftCardDetailResult },
      },
    },
    async (request) => ({ data: await adjustGiftCard(db, request.params.id, request.body, auditActorOf(request)) }),
  );
};
