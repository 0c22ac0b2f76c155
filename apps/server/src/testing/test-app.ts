import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { UserType } from '@tillbook/contract';
import { buildApp, type App } from '../app.ts';
import type { BackupPlan } from '../modules/backups/service.ts';
import { ensureShopBasics } from '../seed/bootstrap.ts';
import type { DatabaseHandle } from '../db/client.ts';
import type { UserRow } from '../db/schema/index.ts';
import { createUser } from '../modules/users/service.ts';
import { TestClient } from './test-client.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export type TestContext = {
  app: App;
  /** DATA_DIR of this test server (a temporary folder). */
  dataDir: string;
  database: TestDatabase;
  /** A client with its own cookie jar, like one browser. */
  client(): TestClient;
  /** Creates a user and returns a client already signed in as them. */
  signIn(type: UserType, overrides?: Partial<{ username: string; password: string; active: boolean }>): Promise<{
    client: TestClient;
    user: UserRow;
  }>;
  createUser(type: UserType, overrides?: Partial<{ username: string; password: string; email: string; active: boolean }>): Promise<UserRow>;
  close(): Promise<void>;
};

let counter = 0;

/** The whole server on a fresh database, driven through app.inject (DESIGN.md §7). */
export async function createTestContext(
  options: {
    webDistDir?: string;
    sentryDsn?: string;
    smtpUrl?: string;
    metricsToken?: string;
    reportsDatabase?: DatabaseHandle;
    extend?: (app: App) => void;
    /** A database and DATA_DIR of the test's own (default: a fresh database and a temporary folder). */
    database?: TestDatabase;
    dataDir?: string;
    backups?: BackupPlan;
  } = {},
): Promise<TestContext> {
  const database = options.database ?? (await createTestDatabase());
  await ensureShopBasics(database.db);
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tillbook-test-data-'));
  const app = await buildApp({
    dataDir,
    database,
    sessionKeys: { secret: 'test-secret-that-is-long-enough-for-hmac-keys', lifetimeMs: 60 * 60 * 1000 },
    secureCookies: false,
    webDistDir: options.webDistDir ?? path.join(import.meta.dirname, 'no-web-build'),
    sentryDsn: options.sentryDsn,
    smtpUrl: options.smtpUrl,
    metricsToken: options.metricsToken,
    reportsDatabase: options.reportsDatabase,
    backups: options.backups,
  });
  options.extend?.(app);
  await app.ready();

  const makeUser: TestContext['createUser'] = (type, overrides = {}) => {
    counter += 1;
    return createUser(database.db, {
      username: overrides.username ?? `${type}${counter}`,
      name: `Test ${type} ${counter}`,
      email: overrides.email ?? null,
      type,
      password: overrides.password ?? 'secret-password',
      active: overrides.active ?? true,
    });
  };

  return {
    app,
    dataDir,
    database,
    client: () => new TestClient(app),
    createUser: makeUser,
    async signIn(type, overrides = {}) {
      const password = overrides.password ?? 'secret-password';
      const user = await makeUser(type, { ...overrides, password });
      const client = new TestClient(app);
      const res = await client.login(user.username, password);
      if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
      return { client, user };
    },
    async close() {
      await app.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
