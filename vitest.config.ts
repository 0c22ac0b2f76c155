import { defineConfig } from 'vitest/config';

const serverProject = (name: string, env: Record<string, string>, exclude: string[] = []) => ({
  test: {
    name,
    include: ['apps/server/src/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...exclude],
    environment: 'node',
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Each server test file starts its own database; these machines have two cores.
    maxWorkers: 2,
    projects: [
      {
        // The pricing properties run thousands of random carts: seconds on a busy two-core machine.
        test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node', testTimeout: 30_000 },
      },
      // *.postgres.test.ts need a second connection, which PGlite (one connection) cannot give.
      serverProject('server', { TEST_DRIVER: 'pglite' }, ['apps/server/src/**/*.postgres.test.ts']),
      // CI sets TEST_DATABASE_URL: the same server tests then run on PostgreSQL as well.
      // *.pglite.test.ts are about PGlite's data directory and gain nothing from a second run.
      ...(process.env.TEST_DATABASE_URL
        ? [serverProject('server-postgres', { TEST_DRIVER: 'postgres' }, ['apps/server/src/**/*.pglite.test.ts'])]
        : []),
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test-setup.ts'],
          // Lazy screens and user-event typing are slow on a loaded two-core CI machine.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
