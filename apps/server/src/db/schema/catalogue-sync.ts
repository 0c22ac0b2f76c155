import { sql } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';

/**
 * A transaction id (PostgreSQL xid8) stamped on every catalogue change. Registers sync with a
 * cursor over it and only ever read changes older than the oldest transaction still running
 * (pg_snapshot_xmin), so a change that commits late can never fall behind a cursor.
 */
export const xid8 = customType<{ data: string; driverData: string }>({
  dataType: () => 'xid8',
});

export const currentXid = sql`pg_current_xact_id()`;
