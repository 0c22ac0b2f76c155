import { errorMessages } from '@tillbook/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route reads one file from a multipart/form-data body, in this field (`request.file()`):
     * it accepts multipart only, and the OpenAPI document describes the field (plugins/openapi.ts).
     */
    upload?: string;
  }
}

const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** "multipart/form-data; boundary=…" → "multipart/form-data". */
function mediaTypeOf(request: FastifyRequest): string | null {
  const header = request.headers['content-type'];
  return header ? (header.split(';')[0] ?? '').trim().toLowerCase() : null;
}

/** What a route accepts as its body: one file as multipart, or JSON. */
export function acceptedMediaType(config: { upload?: string }): 'multipart/form-data' | 'application/json' {
  return config.upload ? 'multipart/form-data' : 'application/json';
}

/**
 * A body of a type the route does not read is a 415, for every route alike (DESIGN.md §3): JSON to
 * an upload, a form or plain text to a JSON route. Checked before the body is parsed, after the
 * session checks (a stranger still gets 401, a missing CSRF token 419).
 */
export const contentTypesPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preParsing', async (request) => {
      if (BODYLESS_METHODS.has(request.method) || request.is404) return;
      const given = mediaTypeOf(request);
      if (given && given !== acceptedMediaType(request.routeOptions.config)) {
        throw new AppError(415, errorMessages.unsupportedMediaType);
      }
    });
  },
  { name: 'content-types' },
);
