import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { userTypes } from '@tillbook/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

const DOCS_PREFIX = '/api/docs';

/** OpenAPI generated from the routes' zod schemas: /api/openapi.json and a docs page at /api/docs. */
export const openapiPlugin = fp(
  async (app: FastifyInstance, { version }: { version: string }) => {
    // Like every /api path, the docs are for signed-in staff only.
    app.addHook('onRoute', (route) => {
      if (route.url.startsWith(DOCS_PREFIX)) route.config = { ...route.config, access: userTypes };
    });
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Tillbook API',
          description:
            'Retail back office and point of sale. Sign in with GET /sanctum/csrf-cookie then POST /api/login; ' +
            'send the XSRF-TOKEN cookie back in the X-XSRF-TOKEN header on every call that changes state.',
          version,
        },
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: 'tillbook_session' },
            xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
          },
        },
        security: [{ session: [], xsrf: [] }],
      },
      transform: jsonSchemaTransform,
      hideUntagged: false,
    });
    await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true });
    app.get('/api/openapi.json', { config: { access: userTypes }, schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
