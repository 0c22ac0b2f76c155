import { defineConfig } from 'vitest/config';

const serverProject = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    include: ['apps/server/src/**/*.test.ts'],
    environment: 'node',
    env,
    // Each file starts its own database; PGlite wants memory and a core, so not too many at once.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' } },
      serverProject('server', { TEST_DRIVER: 'pglite' }),
      // CI sets TEST_DATABASE_URL: the same server tests then run on PostgreSQL as well.
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-postgres', { TEST_DRIVER: 'postgres' })] : []),
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test-setup.ts'],
        },
      },
    ],
  },
});
