import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { errorMessages, runtimeConfigGlobal, thumbnailStemOf, userTypes, type RuntimeConfig } from '@tillbook/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { ensureThumbnail } from '../lib/media.ts';

export type WebOptions = {
  distDir: string;
  /** Uploaded images, served publicly at /media/ (the logo shows on the login screen). */
  mediaDir: string;
  runtimeConfig: () => Promise<RuntimeConfig>;
};

const NOT_BUILT_PAGE =
  '<!doctype html><meta charset="utf-8"><title>Tillbook</title>' +
  '<p>The web app has not been built. Run <code>npm run build</code> (or <code>npm start</code>, which builds it).</p>';

function wantsPage(url: string): boolean {
  return !url.startsWith('/api') && !url.startsWith('/sanctum/') && !/\.[a-z0-9]+($|\?)/i.test(url.split('?')[0] ?? '');
}

/** Serves the built SPA: hashed assets cached for a year, index.html for every client route. */
export const webPlugin = fp<WebOptions>(
  async (app: FastifyInstance, { distDir, mediaDir, runtimeConfig }) => {
    const indexFile = path.join(distDir, 'index.html');
    const isBuilt = fs.existsSync(indexFile);
    if (!isBuilt) app.log.warn(`web app not built: ${indexFile} is missing`);

    app.get('/runtime-config.js', { schema: { hide: true } }, async (_request, reply) => {
      // JSON inside a script: escape "<" so a business name can never close the tag.
      const json = JSON.stringify(await runtimeConfig()).replace(/</g, '\\u003c');
      return reply
        .header('cache-control', 'no-store')
        .type('application/javascript; charset=utf-8')
        .send(`window.${runtimeConfigGlobal} = ${json};\n`);
    });

    fs.mkdirSync(mediaDir, { recursive: true });
    await app.register(async (media) => {
      // Images stored before thumbnails existed get theirs made on first request (lib/media.ts).
      media.addHook('onRequest', async (request) => {
        let name: string;
        try {
          name = decodeURIComponent(request.url.split('?')[0] ?? '').slice('/media/'.length);
        } catch {
          return;
        }
        if (thumbnailStemOf(name)) await ensureThumbnail(mediaDir, name);
      });
      await media.register(fastifyStatic, {
        root: mediaDir,
        prefix: '/media/',
        decorateReply: false,
        index: false,
        setHeaders(res) {
          // Media names are unique per upload: a new image gets a new name.
          res.header('cache-control', 'public, max-age=31536000, immutable');
          res.header('x-content-type-options', 'nosniff');
        },
      });
    });

    if (isBuilt) {
      // The static wildcard also matches /api/* paths that have no route: those still need a
      // signed-in user (then answer 404), like every other /api path.
      app.addHook('onRoute', (route) => {
        if (route.url === '/*') route.config = { ...route.config, access: userTypes };
      });
      await app.register(fastifyStatic, {
        root: distDir,
        index: false,
        wildcard: true,
        // x.js.br / x.js.gz made by the build (apps/web/vite-precompress.ts), chosen by
        // Accept-Encoding, with Vary: Accept-Encoding.
        preCompressed: true,
        setHeaders(res, filePath) {
          const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }

    const sendPage = (reply: FastifyReply) => {
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      return isBuilt ? reply.sendFile('index.html') : reply.send(NOT_BUILT_PAGE);
    };
    app.get('/', { schema: { hide: true } }, async (_request, reply) => sendPage(reply));
    app.setNotFoundHandler(async (request, reply) => {
      if ((request.method === 'GET' || request.method === 'HEAD') && wantsPage(request.url)) return sendPage(reply);
      return reply.code(404).send({ message: errorMessages.notFound });
    });
  },
  { name: 'web' },
);
