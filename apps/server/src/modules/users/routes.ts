import {
  idParams,
  profileInput,
  profileResult,
  staffCreateInput,
  staffListQuery,
  staffPage,
  staffResult,
  staffUpdateInput,
  userTypeList,
  userTypes,
} from '@tillbook/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActorOf } from '../audit/service.ts';
import {
  createStaffUser,
  deleteStaffUser,
  getStaffUser,
  listStaff,
  listUserTypes,
  toStaffUser,
  toUser,
  updateOwnProfile,
  updateStaffUser,
} from './service.ts';

const tags = ['users'];

/** Staff users: administrators manage them; everyone may read the types and edit their own profile. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/api/users/types',
    {
      config: { access: userTypes },
      schema: { tags, summary: 'The user types (roles) staff can have', response: { 200: userTypeList } },
    },
    async () => ({ data: listUserTypes() }),
  );

  app.get(
    '/api/users',
    { schema: { tags, summary: 'List staff users', querystring: staffListQuery, response: { 200: staffPage } } },
    async (request) => listStaff(db, request.query),
  );

  app.post(
    '/api/users/create',
    { schema: { tags, summary: 'Create a staff user', body: staffCreateInput, response: { 201: staffResult } } },
    async (request, reply) => reply.code(201).send({ data: toStaffUser(await createStaffUser(db, request.body, auditActorOf(request))) }),
  );

  app.get(
    '/api/users/edit',
    { config: { access: userTypes }, schema: { tags, summary: 'The signed-in user’s own profile', response: { 200: profileResult } } },
    async (request) => ({ data: toUser(await getStaffUser(db, request.currentUser.id)) }),
  );

  app.put(
    '/api/users/edit',
    {
      config: { access: userTypes },
      schema: {
        tags,
        summary: 'Update the signed-in user’s own name, e-mail and password (a new password needs the current one)',
        body: profileInput,
        response: { 200: profileResult },
      },
    },
    async (request) => ({ data: toUser(await updateOwnProfile(db, request.currentUser.id, request.body, request.session?.id ?? null, auditActorOf(request))) }),
  );

  app.get(
    '/api/users/:id/edit',
    { schema: { tags, summary: 'One staff user, for its form', params: idParams, response: { 200: staffResult } } },
    async (request) => ({ data: toStaffUser(await getStaffUser(db, request.params.id)) }),
  );

  app.put(
    '/api/users/:id/edit',
    {
      schema: {
        tags,
        summary: 'Update a staff user (a new password resets it; an empty one keeps it; pin null clears the PIN)',
        params: idParams,
        body: staffUpdateInput,
        response: { 200: staffResult },
      },
    },
    async (request) => ({
      data: toStaffUser(await updateStaffUser(db, request.params.id, request.body, { id: request.currentUser.id, sessionId: request.session?.id ?? null, audit: auditActorOf(request) })),
    }),
  );

  app.delete(
    '/api/users/:id',
    { schema: { tags, summary: 'Delete a staff user (not yourself: 422; not the last administrator: 409)', params: idParams } },
    async (request, reply) => {
      await deleteStaffUser(db, request.params.id, request.currentUser.id, auditActorOf(request));
      return reply.code(204).send();
    },
  );
};
