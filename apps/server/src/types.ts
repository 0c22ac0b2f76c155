import type { Db } from './db/client.ts';
import type { Mailer } from './lib/mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database (PGlite or PostgreSQL) every module queries through. */
    db: Db;
    /** Where reports and their exports read: the read replica of REPORTS_DATABASE_URL, else `db`. */
    reportsDb: Db;
    /** DATA_DIR: uploaded media and, with PGlite, the database. */
    dataDir: string;
    /** Sends e-mail through SMTP_URL; null when the server has none. */
    mailer: Mailer | null;
  }
}
