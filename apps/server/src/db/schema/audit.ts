import { bigint, index, integer, jsonb, pgSequence, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { outlets } from './outlets.ts';
import { registers } from './registers.ts';
import { users } from './users.ts';

/** Numbers the audit log in chain order: the chain trigger takes the next value under its lock. */
export const auditLogSeq = pgSequence('audit_log_seq');

/**
 * The audit trail (issue 16): who did what, when, where, before → after, and who approved it.
 * Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE, and another numbers each row and
 * stores the hash of the previous row with its own (db/functions/audit_log_chain.sql), so an
 * edited or removed row breaks the chain that `npm run audit:verify` walks. No foreign keys: a
 * row outlives the user, register or outlet it names, and nothing may cascade into it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    /** Set by the chain trigger (audit_log_seq under its lock); the default is never kept. */
    id: bigint('id', { mode: 'number' }).primaryKey().default(0),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    /** The user's name then (a username for a failed sign-in). */
    userName: varchar('user_name', { length: 120 }),
    outletId: integer('outlet_id'),
    registerId: integer('register_id'),
    /** What happened, as `area.verb`: auth.sign_in, refund.create, cashbox.no_sale … */
    action: varchar('action', { length: 60 }).notNull(),
    subjectType: varchar('subject_type', { length: 40 }),
    subjectId: varchar('subject_id', { length: 60 }),
    /** One readable line: "Refund MAIN-000012-R1 of $4.50". */
    summary: varchar('summary', { length: 500 }).notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    approvedById: integer('approved_by_id'),
    approvedByName: varchar('approved_by_name', { length: 120 }),
    ip: varchar('ip', { length: 64 }),
    prevHash: varchar('prev_hash', { length: 64 }).notNull().default(''),
    hash: varchar('hash', { length: 64 }).notNull().default(''),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_user_idx').on(t.userId, t.at),
    index('audit_log_action_idx').on(t.action, t.at),
    index('audit_log_register_idx').on(t.registerId, t.at),
  ],
);

/**
 * An administrator's approval of what a cashier may not do alone (issue 16): asked on the same
 * screen with the approver's PIN or password, stored with the action it allowed.
 */
export const approvals = pgTable(
  'approvals',
  {
    id: serial('id').primaryKey(),
    /** refund, return_without_receipt, discount, price_override, no_sale, drawer_difference. */
    action: varchar('action', { length: 40 }).notNull(),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    approvedBy: integer('approved_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** How the approver proved it: pin or password. */
    method: varchar('method', { length: 10 }).notNull().$type<'pin' | 'password'>(),
    outletId: integer('outlet_id').references(() => outlets.id, { onDelete: 'set null' }),
    registerId: integer('register_id').references(() => registers.id, { onDelete: 'set null' }),
    /** What was beyond the cashier's right: an amount or a percentage (basis points × 100). */
    amount: bigint('amount', { mode: 'number' }),
    detail: varchar('detail', { length: 300 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('approvals_approver_idx').on(t.approvedBy, t.createdAt)],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
export type ApprovalRow = typeof approvals.$inferSelect;
