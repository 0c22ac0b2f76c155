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

// Tests are configured by the root vitest.config.ts ("web" project), not here.
export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
