import { idParams, rewardInput, rewardListQuery, rewardPage, rewardResult, rewardSettingsInput, rewardSettingsResult, userTypes } from '@tillbook/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createReward, deleteReward, getReward, listRewards, setRewardArchivedState, updateReward } from './catalogue.ts';
import { auditActorOf } from '../audit/service.ts';
import { getRewardSettingsView, saveRewardSettings } from './settings.ts';

const tags = ['rewards'];

/**
 * Loyalty in the back office (SPEC.md §7): the earning and redemption rules and the rewards
 * customers take for points. Everyone signed in reads them (the till shows them); administrators change them.
 */
export const rewardsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/api/settings/rewards',
    {
      config: { access: userTypes },
      schema: {
        tags,
        summary: 'The loyalty rules: earning, paying with points, expiry; excluded categories and products by name',
        response: { 200: rewardSettingsResult },
      },
    },
    async () => ({ data: await getRewardSettingsView(db) }),
  );

  app.put(
    '/api/settings/rewards',
    {
      schema: {
        tags,
        summary: 'Change the loyalty rules (largest share as decimal text: "50"; amounts in minor units)',
        body: rewardSettingsInput,
        response: { 200: rewardSettingsResult },
      },
    },
    async (request) => ({ data: await saveRewardSettings(db, request.body, auditActorOf(request)) }),
  );

  app.get(
    '/api/rewards',
    {
      config: { access: userTypes },
      schema: {
        tags,
        summary: 'List rewards with their state and uses (archived ones only with state=archived)',
        querystring: rewardListQuery,
        response: { 200: rewardPage },
      },
    },
    async (request) => listRewards(db, request.query),
  );

  app.post(
    '/api/rewards/create',
    {
      schema: {
        tags,
        summary: 'Create a reward: an amount off (minor units), a percentage off (decimal text: "10") or a product free',
        body: rewardInput,
        response: { 201: rewardResult },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createReward(db, request.body) }),
  );

  app.get(
    '/api/rewards/:id/edit',
    { schema: { tags, summary: 'One reward, for its form', params: idParams, response: { 200: rewardResult } } },
    async (request) => ({ data: await getReward(db, request.params.id) }),
  );

  app.put(
    '/api/rewards/:id/edit',
    { schema: { tags, summary: 'Update a reward (sales that took it keep its name and points as they were)', params: idParams, body: rewardInput, response: { 200: rewardResult } } },
    async (request) => ({ data: await updateReward(db, request.params.id, request.body) }),
  );

  app.post(
    '/api/rewards/:id/archive',
    { schema: { tags, summary: 'Archive a reward: off the till and out of the list, its history kept', params: idParams, response: { 200: rewardResult } } },
    async (request) => ({ data: await setRewardArchivedState(db, request.params.id, true) }),
  );

  app.post(
    '/api/rewards/:id/restore',
    { schema: { tags, summary: 'Bring an archived reward back', params: idParams, response: { 200: rewardResult } } },
    async (request) => ({ data: await setRewardArchivedState(db, request.params.id, false) }),
  );

  app.delete(
    '/api/rewards/:id',
    { schema: { tags, summary: 'Delete a reward no sale took (409 otherwise: archive it instead)', params: idParams } },
    async (request, reply) => {
      await deleteReward(db, request.params.id);
      return reply.code(204).send();
    },
  );
};
