// `npm run lint:openapi` (first half): writes the OpenAPI document the server serves at
// /api/openapi.json to the file named on the command line, from the app built on an in-memory
// PGlite, so `redocly lint` checks exactly what clients get.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { openPglite } from '../apps/server/src/db/client.ts';

const out = path.resolve(process.argv[2] ?? 'dist/openapi.json');
const database = await openPglite(null);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tillbook-openapi-'));
const app = await buildApp({
  database,
  sessionKeys: { secret: 'openapi-document-secret-long-enough-for-hmac', lifetimeMs: 60_000 },
  secureCookies: false,
  webDistDir: path.join(dataDir, 'no-web-build'),
  dataDir,
});
await app.ready();
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(`OpenAPI document written to ${path.relative(process.cwd(), out)}`);
