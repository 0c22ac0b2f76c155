import { boolean, index, integer, pgTable, serial, text, timestamp, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A receipt layout. Immutable once created (no update): a change is a new template, registers
 * point at one, and an order keeps the id it was printed with, so a reprint looks as it did.
 */
export const receiptTemplates = pgTable(
  'receipt_templates',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    paperWidth: integer('paper_width').notNull().$type<58 | 80>(),
    header: text('header'),
    footer: text('footer'),
    showLogo: boolean('show_logo').notNull().default(true),
    showCashier: boolean('show_cashier').notNull().default(true),
    showCustomer: boolean('show_customer').notNull().default(true),
    showTaxBreakdown: boolean('show_tax_breakdown').notNull().default(true),
    showOrderBarcode: boolean('show_order_barcode').notNull().default(true),
    showLoyaltyPoints: boolean('show_loyalty_points').notNull().default(false),
    showNote: boolean('show_note').notNull().default(true),
    /** The template this one was copied from ("new from a copy"). */
    basedOnId: integer('based_on_id').references((): AnyPgColumn => receiptTemplates.id, { onDelete: 'set null' }),
    /** Hidden from pickers; kept for the orders printed with it. */
    archived: boolean('archived').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('receipt_templates_name_idx').on(t.name)],
);

export type ReceiptTemplateRow = typeof receiptTemplates.$inferSelect;
