CREATE TABLE "product_stock" (
	"product_id" integer NOT NULL,
	"outlet_id" integer NOT NULL,
	"tracked" boolean DEFAULT true NOT NULL,
	"product_status" varchar(10) DEFAULT 'active' NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"threshold_sum" bigint DEFAULT 0 NOT NULL,
	"default_count" integer DEFAULT 0 NOT NULL,
	"low_key" bigint GENERATED ALWAYS AS (case when default_count > 0 then ceil((quantity - threshold_sum)::numeric / default_count)::bigint
        when quantity <= threshold_sum then quantity - threshold_sum end) STORED,
	CONSTRAINT "product_stock_product_id_outlet_id_pk" PRIMARY KEY("product_id","outlet_id")
);
--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_stock_out_idx" ON "product_stock" USING btree ("outlet_id","quantity","product_status","product_id") WHERE tracked;--> statement-breakpoint
CREATE INDEX "product_stock_low_idx" ON "product_stock" USING btree ("outlet_id","low_key","product_status","product_id") WHERE tracked and quantity > 0;--> statement-breakpoint
-- Recomputes the stock summary (product_stock, migration 0016) of some products from the products,
-- their variants and stock levels: one row per outlet and one for all outlets together (outlet 0).
-- move_stock keeps the quantities as stock moves; everything else that changes what the summary
-- holds — a product's track_stock or status, a level or threshold written outside the ledger, a
-- variant added or deleted, a level created by a move — calls this in the same transaction, after
-- its own writes. The rows are first locked in
-- (product, outlet) order, like move_stock locks them, and only then read again by a second
-- statement, whose snapshot sees every change committed by a writer that held them before.
CREATE OR REPLACE FUNCTION refresh_product_stock(product_ids int[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM product_stock s WHERE s.product_id = ANY(refresh_product_stock.product_ids) ORDER BY s.product_id, s.outlet_id FOR UPDATE;
  INSERT INTO product_stock AS s (product_id, outlet_id, tracked, product_status, quantity, threshold_sum, default_count)
  WITH p AS (
    SELECT id, track_stock, status FROM products WHERE id = ANY(refresh_product_stock.product_ids)
  ), lv AS (
    -- Each variant with each of its levels, or once with none.
    SELECT v.product_id, sl.outlet_id, sl.quantity, sl.low_stock_threshold
    FROM product_variants v LEFT JOIN stock_levels sl ON sl.variant_id = v.id
    WHERE v.product_id = ANY(refresh_product_stock.product_ids)
  ), variants AS (
    SELECT v.product_id, count(*) AS n FROM product_variants v WHERE v.product_id = ANY(refresh_product_stock.product_ids) GROUP BY 1
  ), at_outlet AS (
    SELECT lv.product_id, lv.outlet_id, sum(lv.quantity) AS quantity, sum(lv.low_stock_threshold) AS threshold_sum, count(lv.low_stock_threshold) AS own
    FROM lv WHERE lv.outlet_id IS NOT NULL GROUP BY 1, 2
  ), everywhere AS (
    SELECT lv.product_id, sum(lv.quantity) AS quantity, sum(lv.low_stock_threshold) AS threshold_sum,
      count(*) FILTER (WHERE lv.low_stock_threshold IS NULL) AS on_default
    FROM lv GROUP BY 1
  )
  SELECT p.id, 0, p.track_stock, p.status, coalesce(e.quantity, 0), coalesce(e.threshold_sum, 0), coalesce(e.on_default, 0)
  FROM p LEFT JOIN everywhere e ON e.product_id = p.id
  UNION ALL
  SELECT p.id, o.id, p.track_stock, p.status, coalesce(a.quantity, 0), coalesce(a.threshold_sum, 0), coalesce(n.n, 0) - coalesce(a.own, 0)
  FROM p CROSS JOIN outlets o LEFT JOIN at_outlet a ON a.product_id = p.id AND a.outlet_id = o.id LEFT JOIN variants n ON n.product_id = p.id
  ORDER BY 1, 2
  ON CONFLICT (product_id, outlet_id) DO UPDATE SET tracked = excluded.tracked, product_status = excluded.product_status,
    quantity = excluded.quantity, threshold_sum = excluded.threshold_sum, default_count = excluded.default_count
    WHERE (s.tracked, s.product_status, s.quantity, s.threshold_sum, s.default_count)
      IS DISTINCT FROM (excluded.tracked, excluded.product_status, excluded.quantity, excluded.threshold_sum, excluded.default_count);
END
$$;
--> statement-breakpoint
-- Recomputes the whole stock summary (product_stock) from the variants and stock levels, and drops
-- the rows of outlets that are gone: by `npm run summaries:rebuild`, and once when migration 0016
-- made the table. On PostgreSQL it may run beside sales: each waits for the product's rows, then
-- adds its move to what was recomputed.
CREATE OR REPLACE FUNCTION rebuild_product_stock() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_stock s WHERE s.outlet_id <> 0 AND NOT EXISTS (SELECT 1 FROM outlets o WHERE o.id = s.outlet_id);
  PERFORM refresh_product_stock(array(SELECT id FROM products ORDER BY id));
END
$$;
--> statement-breakpoint
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
-- The same statement adds each product's change to the stock summary (product_stock, migration 0016):
-- its row at the outlet and its row for all outlets (outlet 0), locked in (product, outlet) order
-- after the levels, so two sales never wait for each other in a circle. A move that creates a level
-- (or meets a product without summary rows) changes what the product counts on the shop's default
-- threshold, so those products are then recomputed (refresh_product_stock) in a second statement.
CREATE OR REPLACE FUNCTION move_stock(outlet_id int, changes jsonb, reason text, note text, document_type text, document_id int, user_id int) RETURNS TABLE (variant_id int, delta bigint, quantity_after bigint) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  moved_variants int[];
  moved_deltas bigint[];
  moved_after bigint[];
  recount int[];
BEGIN
  WITH moves AS (
    SELECT m.variant_id, m.delta, m.unit_cost FROM jsonb_to_recordset(move_stock.changes) AS m(variant_id int, delta bigint, unit_cost bigint)
  ), levels AS (
    INSERT INTO stock_levels (outlet_id, variant_id, quantity, last_sold_at)
    SELECT move_stock.outlet_id, m.variant_id, m.delta, CASE WHEN move_stock.reason = 'sale' THEN now() END FROM moves m ORDER BY m.variant_id
    ON CONFLICT (outlet_id, variant_id) DO UPDATE SET quantity = stock_levels.quantity + excluded.quantity, updated_at = now(),
      last_sold_at = coalesce(excluded.last_sold_at, stock_levels.last_sold_at)
    RETURNING variant_id, quantity, xmax = 0 AS created
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
  ), by_product AS (
    -- Grouped, so every level is locked before the first summary row.
    SELECT v.product_id, sum(m.delta) AS delta, bool_or(l.created) AS created
    FROM levels l JOIN moves m ON m.variant_id = l.variant_id JOIN product_variants v ON v.id = l.variant_id GROUP BY v.product_id
  ), stocked AS (
    INSERT INTO product_stock AS ps (product_id, outlet_id, quantity)
    SELECT b.product_id, o.outlet_id, b.delta FROM by_product b CROSS JOIN (VALUES (0), (move_stock.outlet_id)) AS o(outlet_id) ORDER BY 1, 2
    ON CONFLICT (product_id, outlet_id) DO UPDATE SET quantity = ps.quantity + excluded.quantity
    RETURNING product_id, xmax = 0 AS created
  )
  SELECT array_agg(g.variant_id ORDER BY g.variant_id), array_agg(g.delta ORDER BY g.variant_id), array_agg(g.quantity_after ORDER BY g.variant_id),
    array(SELECT b.product_id FROM by_product b WHERE b.created UNION SELECT s.product_id FROM stocked s WHERE s.created)
  INTO moved_variants, moved_deltas, moved_after, recount
  FROM ledger g;
  IF cardinality(recount) > 0 THEN
    PERFORM refresh_product_stock(recount);
  END IF;
  RETURN QUERY SELECT * FROM unnest(moved_variants, moved_deltas, moved_after);
END
$$;
--> statement-breakpoint
-- What PostgreSQL guesses of "out" and "low" at an outlet: every outlet's rows (and the rows
-- of all outlets together, 0) share the table's statistics, so it keeps their combinations.
CREATE STATISTICS product_stock_outlet_quantity (mcv) ON outlet_id, tracked, quantity FROM product_stock;
--> statement-breakpoint
CREATE STATISTICS product_stock_outlet_low (mcv) ON outlet_id, low_key FROM product_stock;
--> statement-breakpoint
ALTER TABLE product_stock ALTER COLUMN quantity SET STATISTICS 1000, ALTER COLUMN low_key SET STATISTICS 1000;
--> statement-breakpoint
-- Every product's stock summary, from the levels as they are now.
SELECT rebuild_product_stock();
--> statement-breakpoint
ANALYZE product_stock;
