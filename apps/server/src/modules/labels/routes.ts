import { labelCreateInput, labelLayoutList, labelPreferences, labelPreferencesResult, labelPriceChangeList, labelPriceChangesQuery } from '@tillbook/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getLabelPreferences, saveLabelPreferences } from './preferences.ts';
import { createLabels, listLabelLayouts, listPriceChanges } from './service.ts';

const tags = ['labels'];

/** Printing labels (SPEC.md §7): administrators only. */
export const labelsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/api/labels/layouts',
    { schema: { tags, summary: 'The label layouts (A4 sheets and thermal rolls) with their sizes in millimetres', response: { 200: labelLayoutList } } },
    async () => ({ data: listLabelLayouts() }),
  );

  app.get(
    '/api/labels/price-changes',
    {
      schema: {
        tags,
        summary: "The variants whose price changed on or after a day (the shop's time zone), newest change first, at most 1000",
        querystring: labelPriceChangesQuery,
        response: { 200: labelPriceChangeList },
      },
    },
    async (request) => ({ data: await listPriceChanges(db, request.query) }),
  );

  app.get(
    '/api/labels/preferences',
    { schema: { tags, summary: 'The last layout and fields the signed-in user printed with (null when they never printed)', response: { 200: labelPreferencesResult } } },
    async (request) => ({ data: await getLabelPreferences(db, request.currentUser.id) }),
  );

  app.put(
    '/api/labels/preferences',
    { schema: { tags, summary: 'Remember a layout and fields for the signed-in user', body: labelPreferences, response: { 200: labelPreferencesResult } } },
    async (request) => ({ data: await saveLabelPreferences(db, request.currentUser.id, request.body) }),
  );

  app.post(
    '/api/labels/create',
    // No response schema: the answer is a PDF's bytes or ZPL text.
    {
      schema: {
        tags,
        summary: 'Labels of some variants as a PDF (sheets or rolls) or ZPL for a thermal printer, with prices and names as they are now; remembers the layout and fields for the user',
        body: labelCreateInput,
      },
    },
    async (request, reply) => {
      const { fileName, contentType, body } = await createLabels(db, request.body);
      await saveLabelPreferences(db, request.currentUser.id, { layout: request.body.layout, fields: request.body.fields });
      return reply
        .header('content-type', contentType)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};
