import type { FastifyInstance } from 'fastify';

/** The part of a JSON schema the tests that walk every operation read. */
export type JsonSchema = {
  type?: string | string[];
  maximum?: number;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

export type OpenApiParameter = { in: string; name: string; schema: JsonSchema };

export type OpenApiOperation = {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

export type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

/**
 * The OpenAPI document the routes' zod schemas make: tests walk every operation from it (input
 * rules, limits, what a cashier reads), so an operation added later is walked too.
 */
export function openApiDocumentOf(app: FastifyInstance): OpenApiDocument {
  return app.swagger() as unknown as OpenApiDocument;
}
