import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress.ts';

/** Everything the SPA does not own is answered by the API server (apps/server) on port 3000. */
const apiServer = 'http://localhost:3000';
const proxy = {
  '/api': apiServer,
  '/sanctum': apiServer,
  '/runtime-config.js': apiServer,
  '/healthz': apiServer,
};

/** The headers the server sends (plugins/security.ts) that make the page cross-origin isolated: the register's shared answers need them. */
const isolated = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

// Tests are configured by the root vitest.config.ts ("web" project), not here.
export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: { port: 5173, strictPort: true, proxy, headers: isolated },
  preview: { port: 4173, proxy, headers: isolated },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
