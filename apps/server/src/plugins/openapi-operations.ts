import { STATUS_CODES } from 'node:http';
import { errorBody, errorMessages, validationErrorBody } from '@tillbook/contract';
import { z } from 'zod';
import type { RouteAccess } from './session.ts';

/**
 * Completes each operation of the generated OpenAPI document from what the server does for every
 * route alike, so the document is true without each route repeating it (docs/architecture.md, API
 * document): who may call it (security), the errors the shared plugins answer (401, 403, 419, 404,
 * 413, 415, 422) and the bodies zod cannot describe (multipart uploads, CSV and PDF downloads).
 */
export type RouteFacts = { access: RouteAccess; upload?: string };

type Json = Record<string, unknown>;
type Operation = Json & {
  operationId?: string;
  parameters?: Array<{ in: string; name: string; schema?: Json }>;
  requestBody?: Json;
  responses?: Record<string, Json>;
  security?: Array<Record<string, string[]>>;
};

const SAFE_METHODS = new Set(['get', 'head', 'options']);
const OPERATION_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function schemaOf(schema: z.ZodType): Json {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema) as Json;
  return json;
}

/** Shared schemas the error answers point at. */
export const errorSchemas = { Error: schemaOf(errorBody), ValidationError: schemaOf(validationErrorBody) };

export const securitySchemes = {
  metricsToken: {
    type: 'http' as const,
    scheme: 'bearer',
    description: 'METRICS_TOKEN of the server, for GET /metrics (Prometheus scrapers).',
  },
  session: {
    type: 'apiKey' as const,
    in: 'cookie',
    name: 'tillbook_session',
    description: 'The session cookie of a signed-in user (GET /sanctum/csrf-cookie, then POST /api/login).',
  },
  xsrf: {
    type: 'apiKey' as const,
    in: 'header',
    name: 'X-XSRF-TOKEN',
    description:
      'The value of the XSRF-TOKEN cookie that GET /sanctum/csrf-cookie sets with its session cookie; every call that changes state sends it.',
  },
};

function errorAnswer(description: string, schema: keyof typeof errorSchemas = 'Error'): Json {
  return { description, content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } } };
}

/** "get /api/products/{id}/edit" → "getProductsByIdEdit": stable, unique per method and path. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter((segment) => segment && segment !== 'api')
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      return param ? ['by', param[1] ?? ''] : segment.split(/[^a-zA-Z0-9]+/);
    })
    .filter(Boolean);
  return [method, ...words].map((word, i) => (i === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join('');
}

function uploadBody(field: string): Json {
  const isImage = field !== 'file';
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: [field],
          properties: {
            [field]: {
              type: 'string',
              format: 'binary',
              description: isImage ? 'A PNG, JPEG, WebP or GIF image (at most 5 MB, 8000 × 8000 pixels, 40 megapixels).' : 'A CSV file (UTF-8 or Windows-1252).',
            },
          },
        },
        encoding: { [field]: { contentType: isImage ? 'image/png, image/jpeg, image/webp, image/gif' : 'text/csv' } },
      },
    },
  };
}

/** Fills in what the route's own schema left out; what a route declares itself is kept. */
export function completeOperation(method: string, path: string, operation: Operation, facts: RouteFacts | undefined): void {
  const access = facts?.access ?? 'public';
  const changesState = !SAFE_METHODS.has(method);
  operation.operationId ??= operationIdOf(method, path);

  // A route that declares its own security keeps it (GET /metrics: the METRICS_TOKEN bearer).
  if (operation.security) {
    // as declared
  } else if (access === 'public') operation.security = changesState ? [{ xsrf: [] }] : [];
  else operation.security = changesState ? [{ session: [], xsrf: [] }] : [{ session: [] }];

  if (facts?.upload) operation.requestBody = uploadBody(facts.upload);

  const responses = (operation.responses ??= {});
  const ok = responses['200'];
  if (method === 'get' && ok && !ok.content && path.endsWith('/export')) {
    ok.description = 'A CSV file (UTF-8, comma-separated, first row the column names), sent as a download.';
    ok.content = { 'text/csv': { schema: { type: 'string' } } };
  }
  const format = operation.parameters?.find((p) => p.in === 'query' && p.name === 'format');
  if (ok && Array.isArray(format?.schema?.enum) && format.schema.enum.includes('pdf')) {
    ok.description = 'JSON, or with format=pdf the PDF document as a download.';
    ok.content = {
      ...((ok.content as Json | undefined) ?? { 'application/json': { schema: { type: 'object' } } }),
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
    };
  }

  // A route that declares no answer sends none (DESIGN.md §3: a delete is a 204); a body it
  // sends must have its schema declared. A delete that may also answer with a body declares that.
  if (ok && !ok.content && ok.description === 'Default Response') {
    delete responses['200'];
    responses['204'] = { description: 'Done; no body.' };
  } else if (method === 'delete' && !responses['204']) {
    responses['204'] = { description: 'Deleted; no body.' };
  }
  for (const [status, answer] of Object.entries(responses)) {
    if (answer.description === 'Default Response') answer.description = `${STATUS_CODES[status] ?? status}.`;
  }

  const add = (status: string, answer: Json) => {
    responses[status] ??= answer;
  };
  if (access !== 'public') {
    add('401', errorAnswer(`${errorMessages.unauthenticated} No signed-in session.`));
    add('403', errorAnswer(`${errorMessages.forbidden} The signed-in user's type or outlet may not do this.`));
  }
  if (/\{[^}]+\}/.test(path)) add('404', errorAnswer(`${errorMessages.notFound} Nothing has this id.`));
  if (changesState) {
    if (operation.requestBody && !facts?.upload) add('413', errorAnswer(errorMessages.payloadTooLarge));
    add('415', errorAnswer(`${errorMessages.unsupportedMediaType} ${facts?.upload ? 'Send multipart/form-data.' : 'Send application/json.'}`));
    add('419', errorAnswer(`${errorMessages.csrfMismatch} The X-XSRF-TOKEN header is missing or does not match the session.`));
  }
  if (operation.requestBody || (operation.parameters?.length ?? 0) > 0) {
    add('422', errorAnswer('Invalid input: `errors` names each field with its messages.', 'ValidationError'));
  }
}

/** Walks every operation of the document; `factsOf` knows each route's access and upload field. */
export function completeDocument<T extends object>(document: T, factsOf: (method: string, path: string) => RouteFacts | undefined): T {
  const paths = ((document as { paths?: unknown }).paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const method of OPERATION_METHODS) {
      const operation = item[method];
      if (operation) completeOperation(method, path, operation, factsOf(method, path));
    }
  }
  return document;
}
