import type { Db } from './db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database (PGlite or PostgreSQL) every module queries through. */
    db: Db;
    /** DATA_DIR: uploaded media and, with PGlite, the database. */
    dataDir: string;
  }
}
