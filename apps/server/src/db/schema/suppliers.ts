import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { productVariants } from './products.ts';

export const suppliers = pgTable(
  'suppliers',
  {
    id: serial('id').primaryKey(),
    companyName: varchar('company_name', { length: 160 }).notNull(),
    contactPerson: varchar('contact_person', { length: 120 }),
    email: varchar('email', { length: 255 }),
    phone: varchar('phone', { length: 40 }),
    address: varchar('address', { length: 500 }),
    taxNumber: varchar('tax_number', { length: 60 }),
    /** e.g. "Net 30", "Cash on delivery". */
    paymentTerms: varchar('payment_terms', { length: 120 }),
    notes: text('notes'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('suppliers_company_name_unique').on(sql`lower(${t.companyName})`)],
);

/** What a supplier supplies, per variant, with the supplier's own SKU and cost. */
export const supplierProducts = pgTable(
  'supplier_products',
  {
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    supplierSku: varchar('supplier_sku', { length: 64 }),
    cost: bigint('cost', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.supplierId, t.variantId] }), index('supplier_products_variant_idx').on(t.variantId)],
);

export type SupplierRow = typeof suppliers.$inferSelect;
