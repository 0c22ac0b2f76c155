import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { approvals } from './audit.ts';
import { outlets } from './outlets.ts';
import { registers } from './registers.ts';
import { users } from './users.ts';

export type DenominationCountJson = Array<{ value: number; count: number }>;
export type TenderCountJson = Array<{ tender: 'cash' | 'card' | 'other'; expected: number; counted: number; difference: number }>;

/**
 * A cash drawer session of a register: opened with a counted float, closed with a count per
 * tender. At most one open session per register and per cashier (partial unique indexes).
 */
export const cashboxSessions = pgTable(
  'cashbox_sessions',
  {
    id: serial('id').primaryKey(),
    registerId: integer('register_id')
      .notNull()
      .references(() => registers.id, { onDelete: 'restrict' }),
    outletId: integer('outlet_id')
      .notNull()
      .references(() => outlets.id, { onDelete: 'restrict' }),
    status: varchar('status', { length: 8 }).notNull().default('open').$type<'open' | 'closed'>(),
    openedBy: integer('opened_by').references(() => users.id, { onDelete: 'set null' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    openingFloat: bigint('opening_float', { mode: 'number' }).notNull(),
    openingCount: jsonb('opening_count').$type<DenominationCountJson>(),
    openingNote: varchar('opening_note', { length: 500 }),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closingCount: jsonb('closing_count').$type<DenominationCountJson>(),
    /** Per tender at the close: expected, counted and counted − expected. */
    reconciliation: jsonb('reconciliation').$type<TenderCountJson>(),
    expectedCash: bigint('expected_cash', { mode: 'number' }),
    countedCash: bigint('counted_cash', { mode: 'number' }),
    closingNote: varchar('closing_note', { length: 500 }),
    /** The administrator who approved closing with a difference beyond the cashier's right (issue 16). */
    closeApprovalId: integer('close_approval_id').references(() => approvals.id, { onDelete: 'restrict' }),
  },
  (t) => [
    uniqueIndex('cashbox_sessions_open_register').on(t.registerId).where(sql`${t.status} = 'open'`),
    uniqueIndex('cashbox_sessions_open_user').on(t.openedBy).where(sql`${t.status} = 'open'`),
    index('cashbox_sessions_register_idx').on(t.registerId, t.openedAt),
    check('cashbox_sessions_status_check', sql`${t.status} in ('open', 'closed')`),
  ],
);

/** Cash put into or taken out of an open drawer, with a reason. */
export const cashMovements = pgTable(
  'cash_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => cashboxSessions.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 4 }).notNull().$type<'in' | 'out'>(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: varchar('reason', { length: 200 }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cash_movements_session_idx').on(t.sessionId), check('cash_movements_kind_check', sql`${t.kind} in ('in', 'out')`)],
);

/** "No sale": the drawer opened without a sale, by whom, why, and who approved it (issue 16). */
export const drawerOpenings = pgTable(
  'drawer_openings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => cashboxSessions.id, { onDelete: 'restrict' }),
    registerId: integer('register_id')
      .notNull()
      .references(() => registers.id, { onDelete: 'restrict' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: varchar('reason', { length: 200 }).notNull(),
    approvalId: integer('approval_id').references(() => approvals.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('drawer_openings_session_idx').on(t.sessionId)],
);

export type CashboxSessionRow = typeof cashboxSessions.$inferSelect;
