import { labelCreateInput, labelLayoutList } from '@tillbook/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createLabels, listLabelLayouts } from './service.ts';

const tags = ['labels'];

/** Printing labels (SPEC.md §7): administrators only. */
export const labelsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/api/labels/layouts',
    { schema: { tags, summary: 'The label layouts (A4 sheets and thermal rolls) with their sizes in millimetres', response: { 200: labelLayoutList } } },
    async () => ({ data: listLabelLayouts() }),
  );

  app.post(
    '/api/labels/create',
    // No response schema: the answer is a PDF's bytes or ZPL text.
    {
      schema: {
        tags,
        summary: 'Labels of some variants as a PDF (sheets or rolls) or ZPL for a thermal printer, with prices and names as they are now',
        body: labelCreateInput,
      },
    },
    async (request, reply) => {
      const { fileName, contentType, body } = await createLabels(db, request.body);
      return reply
        .header('content-type', contentType)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};
