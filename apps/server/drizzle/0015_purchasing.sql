CREATE TABLE "goods_order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"goods_order_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"detail" jsonb,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods_order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"goods_order_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"supplier_sku" varchar(64),
	"quantity" bigint NOT NULL,
	"unit_cost" bigint NOT NULL,
	"tax_rate_e4" integer DEFAULT 0 NOT NULL,
	"received_quantity" bigint DEFAULT 0 NOT NULL,
	"cancelled_quantity" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"outlet_id" integer NOT NULL,
	"status" varchar(20) DEFAULT 'draft' NOT NULL,
	"expected_at" date,
	"note" varchar(2000),
	"user_id" integer,
	"ordered_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goods_orders_status_check" CHECK ("goods_orders"."status" in ('draft', 'ordered', 'partially_received', 'received', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "goods_receipt_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"goods_receipt_id" integer NOT NULL,
	"goods_order_item_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"quantity" bigint NOT NULL,
	"unit_cost" bigint NOT NULL,
	"on_hand_before" bigint NOT NULL,
	"cost_before" bigint NOT NULL,
	"cost_after" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"goods_order_id" integer NOT NULL,
	"user_id" integer,
	"note" varchar(2000),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_count_lines" (
	"stock_count_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"expected" bigint NOT NULL,
	"counted" bigint,
	"moved_before_count" bigint DEFAULT 0 NOT NULL,
	"unit_cost" bigint DEFAULT 0 NOT NULL,
	"counted_by" integer,
	"counted_at" timestamp with time zone,
	CONSTRAINT "stock_count_lines_stock_count_id_variant_id_pk" PRIMARY KEY("stock_count_id","variant_id")
);
--> statement-breakpoint
CREATE TABLE "stock_counts" (
	"id" serial PRIMARY KEY NOT NULL,
	"outlet_id" integer NOT NULL,
	"scope" varchar(10) NOT NULL,
	"category_id" integer,
	"status" varchar(20) DEFAULT 'counting' NOT NULL,
	"note" varchar(2000),
	"user_id" integer,
	"applied_by" integer,
	"applied_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_counts_status_check" CHECK ("stock_counts"."status" in ('counting', 'applied', 'cancelled')),
	CONSTRAINT "stock_counts_scope_check" CHECK ("stock_counts"."scope" in ('all', 'category', 'list'))
);
--> statement-breakpoint
CREATE TABLE "stock_transfer_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"stock_transfer_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"quantity" bigint NOT NULL,
	"received_quantity" bigint,
	"unit_cost" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_outlet_id" integer NOT NULL,
	"to_outlet_id" integer NOT NULL,
	"status" varchar(20) DEFAULT 'draft' NOT NULL,
	"note" varchar(2000),
	"user_id" integer,
	"sent_by" integer,
	"received_by" integer,
	"sent_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_transfers_status_check" CHECK ("stock_transfers"."status" in ('draft', 'sent', 'received', 'cancelled')),
	CONSTRAINT "stock_transfers_outlets_check" CHECK ("stock_transfers"."from_outlet_id" <> "stock_transfers"."to_outlet_id")
);
--> statement-breakpoint
ALTER TABLE "goods_order_events" ADD CONSTRAINT "goods_order_events_goods_order_id_goods_orders_id_fk" FOREIGN KEY ("goods_order_id") REFERENCES "public"."goods_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_order_events" ADD CONSTRAINT "goods_order_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_order_items" ADD CONSTRAINT "goods_order_items_goods_order_id_goods_orders_id_fk" FOREIGN KEY ("goods_order_id") REFERENCES "public"."goods_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_order_items" ADD CONSTRAINT "goods_order_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_orders" ADD CONSTRAINT "goods_orders_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_orders" ADD CONSTRAINT "goods_orders_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_orders" ADD CONSTRAINT "goods_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_receipt_lines" ADD CONSTRAINT "goods_receipt_lines_goods_receipt_id_goods_receipts_id_fk" FOREIGN KEY ("goods_receipt_id") REFERENCES "public"."goods_receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_receipt_lines" ADD CONSTRAINT "goods_receipt_lines_goods_order_item_id_goods_order_items_id_fk" FOREIGN KEY ("goods_order_item_id") REFERENCES "public"."goods_order_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_receipt_lines" ADD CONSTRAINT "goods_receipt_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_receipts" ADD CONSTRAINT "goods_receipts_goods_order_id_goods_orders_id_fk" FOREIGN KEY ("goods_order_id") REFERENCES "public"."goods_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_receipts" ADD CONSTRAINT "goods_receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD CONSTRAINT "stock_count_lines_stock_count_id_stock_counts_id_fk" FOREIGN KEY ("stock_count_id") REFERENCES "public"."stock_counts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD CONSTRAINT "stock_count_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD CONSTRAINT "stock_count_lines_counted_by_users_id_fk" FOREIGN KEY ("counted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_items" ADD CONSTRAINT "stock_transfer_items_stock_transfer_id_stock_transfers_id_fk" FOREIGN KEY ("stock_transfer_id") REFERENCES "public"."stock_transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_items" ADD CONSTRAINT "stock_transfer_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_from_outlet_id_outlets_id_fk" FOREIGN KEY ("from_outlet_id") REFERENCES "public"."outlets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_to_outlet_id_outlets_id_fk" FOREIGN KEY ("to_outlet_id") REFERENCES "public"."outlets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goods_order_events_order_idx" ON "goods_order_events" USING btree ("goods_order_id","id");--> statement-breakpoint
CREATE INDEX "goods_order_items_order_idx" ON "goods_order_items" USING btree ("goods_order_id","position");--> statement-breakpoint
CREATE INDEX "goods_order_items_variant_idx" ON "goods_order_items" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "goods_orders_created_idx" ON "goods_orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "goods_orders_supplier_idx" ON "goods_orders" USING btree ("supplier_id","created_at");--> statement-breakpoint
CREATE INDEX "goods_orders_outlet_idx" ON "goods_orders" USING btree ("outlet_id","created_at");--> statement-breakpoint
CREATE INDEX "goods_orders_status_idx" ON "goods_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "goods_receipt_lines_receipt_idx" ON "goods_receipt_lines" USING btree ("goods_receipt_id");--> statement-breakpoint
CREATE INDEX "goods_receipt_lines_item_idx" ON "goods_receipt_lines" USING btree ("goods_order_item_id");--> statement-breakpoint
CREATE INDEX "goods_receipts_order_idx" ON "goods_receipts" USING btree ("goods_order_id","id");--> statement-breakpoint
CREATE INDEX "stock_count_lines_variant_idx" ON "stock_count_lines" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "stock_counts_created_idx" ON "stock_counts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "stock_counts_outlet_idx" ON "stock_counts" USING btree ("outlet_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_transfer_items_transfer_idx" ON "stock_transfer_items" USING btree ("stock_transfer_id","position");--> statement-breakpoint
CREATE INDEX "stock_transfer_items_variant_idx" ON "stock_transfer_items" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "stock_transfers_created_idx" ON "stock_transfers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "stock_transfers_from_idx" ON "stock_transfers" USING btree ("from_outlet_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_transfers_to_idx" ON "stock_transfers" USING btree ("to_outlet_id","created_at");--> statement-breakpoint
-- Goods receipts move stock with the reason "received" (issue 13); no goods receipt was made before,
-- but generated data may hold the old name.
UPDATE stock_movements SET reason = 'received' WHERE reason = 'goods_receipt';--> statement-breakpoint
UPDATE stock_moves_by_day SET reason = 'received' WHERE reason = 'goods_receipt';--> statement-breakpoint
UPDATE stock_moves_by_reason SET reason = 'received' WHERE reason = 'goods_receipt';--> statement-breakpoint
-- The stock ledger's one write (DESIGN.md §4, §6), for a sale (sell_order) and for every other
-- change the server makes (modules/stock/service.ts: adjustments, counts, refunds, imports):
-- each level moves by `quantity = quantity + delta` in SQL, never read-modify-write, locked in
-- variant order so two writers never deadlock; each move gets its ledger row with the reason, note,
-- document and user; and register sync learns of the change (product_stock_stamps: migration 0008).
-- `changes` is [{"variant_id", "delta", "unit_cost"?}], a variant at most once; `unit_cost`, when
-- given, is the move's own cost per unit (a goods receipt's received cost), else the variant's cost. Whether a level may go below zero
-- is the caller's to decide from the answer: the levels after the moves, in variant order.
-- Each ledger row records the variant's cost at that moment (its value at cost) and is added to the
-- stock report's summary in the same statement (decision 020; rebuild_summaries counts stored ledger
-- rows the same way with summarise_stock_moves, and a test holds the two equal). A sale also stamps
-- the level's last_sold_at (the inventory report's last sale and dead stock).
CREATE OR REPLACE FUNCTION move_stock(outlet_id int, changes jsonb, reason text, note text, document_type text, document_id int, user_id int) RETURNS TABLE (variant_id int, delta bigint, quantity_after bigint) LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH moves AS (
    SELECT m.variant_id, m.delta, m.unit_cost FROM jsonb_to_recordset(move_stock.changes) AS m(variant_id int, delta bigint, unit_cost bigint)
  ), levels AS (
    INSERT INTO stock_levels (outlet_id, variant_id, quantity, last_sold_at)
    SELECT move_stock.outlet_id, m.variant_id, m.delta, CASE WHEN move_stock.reason = 'sale' THEN now() END FROM moves m ORDER BY m.variant_id
    ON CONFLICT (outlet_id, variant_id) DO UPDATE SET quantity = stock_levels.quantity + excluded.quantity, updated_at = now(),
      last_sold_at = coalesce(excluded.last_sold_at, stock_levels.last_sold_at)
    RETURNING variant_id, quantity
  ), ledger AS (
    INSERT INTO stock_movements (outlet_id, variant_id, delta, quantity_after, unit_cost, reason, note, document_type, document_id, user_id)
    SELECT move_stock.outlet_id, l.variant_id, m.delta, l.quantity, coalesce(m.unit_cost, v.cost), move_stock.reason, move_stock.note,
      move_stock.document_type, move_stock.document_id, move_stock.user_id
    FROM levels l JOIN moves m ON m.variant_id = l.variant_id JOIN product_variants v ON v.id = l.variant_id
    ORDER BY l.variant_id
    RETURNING variant_id, delta, quantity_after, unit_cost, created_at
  ), touched AS (
    INSERT INTO product_stock_stamps AS st (product_id, change_xid)
    SELECT DISTINCT v.product_id, pg_current_xact_id() FROM product_variants v WHERE v.id IN (SELECT m.variant_id FROM moves m)
    ON CONFLICT (product_id) DO UPDATE SET change_xid = excluded.change_xid
  ), summarised AS (
    INSERT INTO stock_moves_by_day AS s (day, outlet_id, variant_id, reason, moves, units_in, units_out, value_in, value_out)
    SELECT (g.created_at AT TIME ZONE shop_time_zone())::date, move_stock.outlet_id, g.variant_id, move_stock.reason, 1,
      greatest(g.delta, 0), greatest(-g.delta, 0), greatest(g.delta, 0) * g.unit_cost, greatest(-g.delta, 0) * g.unit_cost
    FROM ledger g ORDER BY g.variant_id
    ON CONFLICT (day, outlet_id, variant_id, reason) DO UPDATE SET
      moves = s.moves + excluded.moves, units_in = s.units_in + excluded.units_in, units_out = s.units_out + excluded.units_out,
      value_in = s.value_in + excluded.value_in, value_out = s.value_out + excluded.value_out
  )
  SELECT g.variant_id, g.delta, g.quantity_after FROM ledger g ORDER BY g.variant_id;
END
$$;
