import { errorMessages, nulMessage } from '@tillbook/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, summarizeFieldErrors } from '../lib/errors.ts';

type ValidationIssue = { instancePath?: string; message?: string; keyword?: string; params?: Record<string, unknown> };

/** "outletId" → "outlet id", as a person reads a field's name in a message. */
function fieldLabel(field: string): string {
  const last = field.split('.').pop() ?? field;
  return last.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/_/g, ' ').toLowerCase();
}

function issueMessage(field: string, issue: ValidationIssue): string {
  const label = fieldLabel(field);
  const text = issue.message ?? 'is invalid';
  if (issue.keyword === 'invalid_type' && /received undefined|received null/.test(text)) {
    return `The ${label} field is required.`;
  }
  // Messages written for people in the contract are sentences (they end with a full stop);
  // zod's own defaults ("Invalid input: expected string…") get the field's name.
  return /[.!?]$/.test(text.trim()) ? text : `The ${label} field is invalid: ${text.charAt(0).toLowerCase()}${text.slice(1)}.`;
}

function fieldErrorsOf(issues: ValidationIssue[], context: string | undefined): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const path = (issue.instancePath ?? '').replace(/^\//, '').split('/').filter(Boolean).join('.');
    const field = path || (context === 'body' ? 'body' : (context ?? 'input'));
    (errors[field] ??= []).push(issueMessage(field, issue));
  }
  return errors;
}

const NUL = '\u0000';

/**
 * The first place in a parsed query, path or JSON body where text holds U+0000 (PostgreSQL
 * refuses it in text), as the field's path ("lines.0.note"), or null. A NUL in a key is the
 * object's own field.
 */
export function nulFieldOf(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes(NUL) ? path : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, inner] of entries) {
    if (key.includes(NUL)) return path;
    const found = nulFieldOf(inner, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** The DESIGN.md §3 error shape for every failure; no stack trace or SQL ever leaves the server. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler(async (thrown: FastifyError | AppError, request, reply) => {
      // A route whose handler reads the session (plugins/session.ts): a body refused before the
      // handler ran is answered after the session's checks, as on every other route.
      const error = await request.settleSession().then(
        () => thrown,
        (sessionError: unknown) => (sessionError instanceof AppError ? sessionError : thrown),
      );
      if (error instanceof AppError) {
        if (error.headers) reply.headers(error.headers);
        return reply
          .code(error.statusCode)
          .send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors = fieldErrorsOf(error.validation as ValidationIssue[], error.validationContext);
        return reply.code(422).send({ message: summarizeFieldErrors(errors), errors });
      }
      switch (error.code) {
        case 'FST_ERR_CTP_INVALID_JSON_BODY':
        case 'FST_ERR_CTP_EMPTY_JSON_BODY':
          return reply.code(422).send({ message: errorMessages.invalidJson, errors: { body: [errorMessages.invalidJson] } });
        case 'FST_ERR_CTP_BODY_TOO_LARGE':
          return reply.code(413).send({ message: errorMessages.payloadTooLarge });
        case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
          return reply.code(415).send({ message: errorMessages.unsupportedMediaType });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Framework 4xx errors (bad cookie, bad URL): a short message, nothing internal.
        const message = status === 404 ? errorMessages.notFound : 'The request could not be understood.';
        return reply.code(status).send({ message });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ message: errorMessages.serverError });
    });

    // Text never holds U+0000 (DESIGN.md §3). The contract's text fields refuse it; this guard
    // refuses it once more for every route, before validation, in the path, the query and any
    // JSON body, so a field without the shared builders (or a password) cannot reach the database.
    app.addHook('preValidation', async (request) => {
      for (const [context, value] of [['params', request.params], ['query', request.query], ['body', request.body]] as const) {
        const path = nulFieldOf(value);
        if (!path) continue;
        const field = path.length ? path.join('.') : context;
        throw AppError.validation({ [field]: [nulMessage(fieldLabel(field))] });
      }
    });

  },
  { name: 'errors' },
);
