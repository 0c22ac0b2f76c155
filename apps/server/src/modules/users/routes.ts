import { userTypeList, userTypes } from '@tillbook/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listUserTypes } from './service.ts';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/types',
    {
      config: { access: userTypes },
      schema: { tags: ['users'], summary: 'The user types (roles) staff can have', response: { 200: userTypeList } },
    },
    async () => ({ data: listUserTypes() }),
  );
};
