import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { additionalCharges } from './additional-charges.ts';
import { attributeOptions, attributes } from './attributes.ts';
import { categories } from './categories.ts';
import { currentXid, xid8 } from './catalogue-sync.ts';
import { taxes } from './taxes.ts';
import { users } from './users.ts';

/** Numbers for SKUs generated from the shop's pattern (SKU-{seq:6}) and in-store barcodes. */
export const skuSequence = pgSequence('sku_seq', { startWith: 1 });
export const barcodeSequence = pgSequence('barcode_seq', { startWith: 1 });

/**
 * A product. What is sold, stocked and priced is always a variant (DESIGN.md §4): a product
 * without attributes has exactly one, its default variant.
 */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 200 }).notNull(),
    description: text('description'),
    trackStock: boolean('track_stock').notNull().default(true),
    status: varchar('status', { length: 10 }).notNull().default('active').$type<'active' | 'archived'>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last change to the product, its variants, links or stock (see catalogue-sync.ts). */
    changeXid: xid8('change_xid').notNull().default(currentXid),
  },
  (t) => [
    index('products_title_trgm').using('gin', sql`${t.title} gin_trgm_ops`),
    index('products_title_sort').on(sql`lower(${t.title})`, t.id),
    // The products holding several title words at once (the product search's sparse pairs, issue 17).
    index('products_title_words').using('gin', sql`product_title_words(${t.title})`),
    index('products_change_xid').on(t.changeXid, t.id),
    index('products_status').on(t.status),
  ],
);

export const productVariants = pgTable(
  'product_variants',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** "M / Red"; empty for a default variant. */
    name: varchar('name', { length: 200 }).notNull().default(''),
    sku: varchar('sku', { length: 64 }).notNull(),
    barcode: varchar('barcode', { length: 64 }),
    price: bigint('price', { mode: 'number' }).notNull(),
    cost: bigint('cost', { mode: 'number' }).notNull().default(0),
    isDefault: boolean('is_default').notNull().default(false),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_variants_sku_unique').on(sql`lower(${t.sku})`),
    uniqueIndex('product_variants_barcode_unique').on(t.barcode),
    index('product_variants_product_idx').on(t.productId),
    index('product_variants_sku_trgm').using('gin', sql`${t.sku} gin_trgm_ops`),
    index('product_variants_barcode_pattern').on(sql`${t.barcode} text_pattern_ops`),
    // A SKU prefix (the product search, issue 17): a range of this index, in any collation.
    index('product_variants_sku_prefix').on(sql`lower(${t.sku}) text_pattern_ops`),
  ],
);

/**
 * The words of each product's title, for the product search (issue 17, decision 029): one row per
 * distinct word (product_title_words: lower case, split at spaces and punctuation) with the
 * title's sort key (lower(title), as the list sorts) and the product's status. A typed word is a
 * range of `product_words_search` (word text_pattern_ops), and each word's products come out of it
 * already in title order, so a page of a word that thousands of products share reads 25 rows, not
 * thousands. Kept by triggers on products (migration 0023): every writer of a title or a status —
 * the form, CSV, bulk actions, the bench generator, plain SQL — keeps it without knowing of it.
 */
export const productWords = pgTable(
  'product_words',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
    titleKey: text('title_key').notNull(),
    status: varchar('status', { length: 10 }).notNull().$type<'active' | 'archived'>(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.word] }),
    index('product_words_search').on(sql`${t.word} text_pattern_ops`, t.titleKey, t.productId, t.status),
  ],
);

/** The attributes a product's variants are made of, in order. */
export const productAttributes = pgTable(
  'product_attributes',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.attributeId] }), index('product_attributes_attribute_idx').on(t.attributeId)],
);

export const variantOptions = pgTable(
  'variant_options',
  {
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    optionId: integer('option_id')
      .notNull()
      .references(() => attributeOptions.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.variantId, t.optionId] }), index('variant_options_option_idx').on(t.optionId)],
);

export const productCategories = pgTable(
  'product_categories',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.categoryId] }), index('product_categories_category_idx').on(t.categoryId)],
);

export const productTaxes = pgTable(
  'product_taxes',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    taxId: integer('tax_id')
      .notNull()
      .references(() => taxes.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.taxId] }), index('product_taxes_tax_idx').on(t.taxId)],
);

export const productCharges = pgTable(
  'product_charges',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    chargeId: integer('charge_id')
      .notNull()
      .references(() => additionalCharges.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.chargeId] }), index('product_charges_charge_idx').on(t.chargeId)],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    fileName: varchar('file_name', { length: 120 }).notNull(),
    position: integer('position').notNull().default(0),
    isMain: boolean('is_main').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_images_product_idx').on(t.productId)],
);

/** Every change of a product's fields, prices, costs or stock: who, when, before → after. */
export const productHistory = pgTable(
  'product_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 20 }).notNull(),
    changes: jsonb('changes').notNull().$type<Array<{ field: string; before: unknown; after: unknown }>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_history_product_idx').on(t.productId, t.id)],
);

/** Ids deleted from the catalogue, so registers drop them on their next sync. */
export const catalogueDeletions = pgTable(
  'catalogue_deletions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entity: varchar('entity', { length: 20 }).notNull().$type<'product' | 'variant'>(),
    entityId: integer('entity_id').notNull(),
    changeXid: xid8('change_xid').notNull().default(currentXid),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('catalogue_deletions_change_xid').on(t.changeXid, t.id)],
);

/**
 * Stock changes stamp a product here rather than in `products.change_xid`: a sale moves the stock
 * of several products, and rewriting each products row (a new row version in every index of the
 * table, the title's trigram index among them) cost more than the rest of the sale's stock writes.
 * Register sync reads both streams in (xid, id) order (modules/products/sync.ts).
 */
export const productStockStamps = pgTable(
  'product_stock_stamps',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    changeXid: xid8('change_xid').notNull().default(currentXid),
  },
  (t) => [index('product_stock_stamps_change_xid').on(t.changeXid, t.productId)],
);

export type ProductRow = typeof products.$inferSelect;
