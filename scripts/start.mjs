// `npm start`: builds the web app when no build exists, then runs the server (TypeScript via tsx).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { register } from 'tsx/esm/api';

const root = path.resolve(import.meta.dirname, '..');
const webIndex = path.join(process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, 'apps/web/dist'), 'index.html');

if (!fs.existsSync(webIndex)) {
  console.log('No web build found: building the web app (once)…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The web app did not build; see the messages above.');
    process.exit(build.status ?? 1);
  }
}

register();
await import(path.join(root, 'apps/server/src/main.ts'));
