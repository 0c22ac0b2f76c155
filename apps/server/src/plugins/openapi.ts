import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { userTypes } from '@tillbook/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { completeDocument, errorSchemas, securitySchemes, type RouteFacts } from './openapi-operations.ts';
import { accessOfRoute } from './session.ts';

const DOCS_PREFIX = '/api/docs';

/** "/api/products/:id/edit" → "/api/products/{id}/edit", as the document writes paths. */
function openapiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/**
 * OpenAPI generated from the routes' zod schemas: /api/openapi.json and a docs page at /api/docs.
 * Security, the shared error answers and upload/download bodies come from each route's config
 * (openapi-operations.ts); `npm run lint:openapi` checks the result with Redocly.
 */
export const openapiPlugin = fp(
  async (app: FastifyInstance, { version }: { version: string }) => {
    const routeFacts = new Map<string, RouteFacts>();
    app.addHook('onRoute', (route) => {
      // Like every /api path, the docs are for signed-in staff only.
      if (route.url.startsWith(DOCS_PREFIX)) route.config = { ...route.config, access: userTypes };
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        routeFacts.set(`${method.toLowerCase()} ${openapiPath(route.url)}`, {
          access: accessOfRoute(route.url, route.config),
          upload: route.config?.upload,
        });
      }
    });
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Tillbook API',
          description:
            'Retail back office and point of sale. Sign in with GET /sanctum/csrf-cookie then POST /api/login; ' +
            'send the XSRF-TOKEN cookie back in the X-XSRF-TOKEN header on every call that changes state. ' +
            'Errors answer `{message}`, invalid input `{message, errors: {field: [messages]}}` (422).',
          version,
        },
        servers: [{ url: '/', description: 'The server that serves this document' }],
        components: { securitySchemes, schemas: errorSchemas },
      },
      transform: jsonSchemaTransform,
      transformObject: (documentObject) =>
        'openapiObject' in documentObject
          ? completeDocument(documentObject.openapiObject, (method, path) => routeFacts.get(`${method} ${path}`) ?? { access: accessOfRoute(path, undefined) })
          : documentObject.swaggerObject,
      hideUntagged: false,
    });
    await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true });
    app.get('/api/openapi.json', { config: { access: userTypes }, schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
