-- Sealed periods of the reports' summaries (issue 12, decision 020 "Sealed periods"): finished weeks,
-- months, quarters and years of sales_by_variant and finished days of stock_moves_by_day without the
-- variant, written by seal_summaries(); the windows the server writes after each seal; each stock
-- level's last sale (move_stock). The function texts
-- are those of apps/server/src/db/functions/*.sql.
CREATE TABLE "sales_by_variant_period" (
	"kind" char(1) NOT NULL,
	"start" date NOT NULL,
	"outlet_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"discounts" bigint DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"costed_net" bigint DEFAULT 0 NOT NULL,
	"uncosted_units" bigint DEFAULT 0 NOT NULL,
	"refund_units" bigint DEFAULT 0 NOT NULL,
	"refund_net" bigint DEFAULT 0 NOT NULL,
	"refund_tax" bigint DEFAULT 0 NOT NULL,
	"refund_total" bigint DEFAULT 0 NOT NULL,
	"refund_cost" bigint DEFAULT 0 NOT NULL,
	"refund_costed_net" bigint DEFAULT 0 NOT NULL,
	"restocked_units" bigint DEFAULT 0 NOT NULL,
	"damaged_units" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_by_variant_period_kind_start_outlet_id_variant_id_pk" PRIMARY KEY("kind","start","outlet_id","variant_id")
);
--> statement-breakpoint
CREATE TABLE "sales_by_variant_window" (
	"start" date NOT NULL,
	"outlet_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"discounts" bigint DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"costed_net" bigint DEFAULT 0 NOT NULL,
	"uncosted_units" bigint DEFAULT 0 NOT NULL,
	"refund_units" bigint DEFAULT 0 NOT NULL,
	"refund_net" bigint DEFAULT 0 NOT NULL,
	"refund_tax" bigint DEFAULT 0 NOT NULL,
	"refund_total" bigint DEFAULT 0 NOT NULL,
	"refund_cost" bigint DEFAULT 0 NOT NULL,
	"refund_costed_net" bigint DEFAULT 0 NOT NULL,
	"restocked_units" bigint DEFAULT 0 NOT NULL,
	"damaged_units" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_by_variant_window_start_outlet_id_variant_id_pk" PRIMARY KEY("start","outlet_id","variant_id")
);
--> statement-breakpoint
CREATE TABLE "stock_moves_by_reason" (
	"day" date NOT NULL,
	"outlet_id" integer NOT NULL,
	"reason" varchar(20) NOT NULL,
	"moves" bigint DEFAULT 0 NOT NULL,
	"units_in" bigint DEFAULT 0 NOT NULL,
	"units_out" bigint DEFAULT 0 NOT NULL,
	"value_in" bigint DEFAULT 0 NOT NULL,
	"value_out" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_moves_by_reason_day_outlet_id_reason_pk" PRIMARY KEY("day","outlet_id","reason")
);
--> statement-breakpoint
CREATE TABLE "summary_seal" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"sealed_through" date,
	"windows_through" date,
	"window_starts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "summary_seal_one_row" CHECK ("summary_seal"."id")
);
--> statement-breakpoint
ALTER TABLE "stock_levels" ADD COLUMN "last_sold_at" timestamp with time zone;
--> statement-breakpoint
INSERT INTO "summary_seal" ("id") VALUES (true);
--> statement-breakpoint
UPDATE "stock_levels" l SET "last_sold_at" = m.at
FROM (SELECT outlet_id, variant_id, max(created_at) AS at FROM stock_movements WHERE reason = 'sale' GROUP BY 1, 2) m
WHERE l.outlet_id = m.outlet_id AND l.variant_id = m.variant_id;
--> statement-breakpoint
-- Rolls finished periods of the per-day summaries into the sealed tables (decision 020, "Sealed
-- periods"), so a long range reads a few rows per variant instead of one per day. Every sale, refund
-- and stock move is dated by the database's clock when it is written, so a local day before
-- yesterday never changes again (the day before is kept open a whole day for a write that started
-- before midnight); only rebuild_summaries rewrites the past, and it empties these tables and seals
-- again. Sealed here, up to the day before yesterday:
--   sales_by_variant_period: each ISO week (W, Monday to Sunday), month (M), quarter (Q) and year (Y)
--     that ended, per outlet and variant and for all outlets (outlet 0);
--   stock_moves_by_reason: each day, per outlet and reason (the stock report without a product filter).
-- summary_seal holds the last sealed day; the reports read sealed rows up to it and day rows after it.
-- The windows (sales_by_variant_window) are written after it by the server (modules/analytics/sealing.ts).
-- Concurrent calls (several servers, the hourly timer) queue on the seal's row; each period is sealed once.
CREATE OR REPLACE FUNCTION seal_summaries() RETURNS date LANGUAGE plpgsql AS $$
DECLARE
  horizon date := (now() AT TIME ZONE shop_time_zone())::date - 2;
  sealed date;
  lo date;
BEGIN
  INSERT INTO summary_seal (id) VALUES (true) ON CONFLICT (id) DO NOTHING;
  SELECT s.sealed_through INTO sealed FROM summary_seal s WHERE s.id FOR UPDATE;
  IF sealed >= horizon THEN
    RETURN sealed;
  END IF;
  -- Periods that end after the last seal and by the horizon; on the first seal, from the first day summarised.
  lo := coalesce(sealed + 1, least((SELECT min(day) FROM sales_by_variant), (SELECT min(day) FROM stock_moves_by_day)), horizon + 1);

  INSERT INTO sales_by_variant_period (kind, start, outlet_id, variant_id, product_id, units, gross, discounts, net, tax, total, cost, costed_net,
    uncosted_units, refund_units, refund_net, refund_tax, refund_total, refund_cost, refund_costed_net, restocked_units, damaged_units)
  SELECT p.kind, p.start, CASE WHEN grouping(s.outlet_id) = 1 THEN 0 ELSE s.outlet_id END, s.variant_id, max(s.product_id),
    sum(s.units), sum(s.gross), sum(s.discounts), sum(s.net), sum(s.tax), sum(s.total), sum(s.cost), sum(s.costed_net), sum(s.uncosted_units),
    sum(s.refund_units), sum(s.refund_net), sum(s.refund_tax), sum(s.refund_total), sum(s.refund_cost), sum(s.refund_costed_net),
    sum(s.restocked_units), sum(s.damaged_units)
  FROM (
    SELECT 'W'::char AS kind, date_trunc('week', lo)::date AS first, (date_trunc('week', horizon + 1)::date - 1) AS last
    UNION ALL
    SELECT 'M', date_trunc('month', lo)::date, (date_trunc('month', horizon + 1)::date - 1)
  ) r
  JOIN sales_by_variant s ON s.day BETWEEN r.first AND r.last
  CROSS JOIN LATERAL (SELECT r.kind, (CASE r.kind WHEN 'W' THEN date_trunc('week', s.day) ELSE date_trunc('month', s.day) END)::date AS start) p
  GROUP BY GROUPING SETS ((p.kind, p.start, s.outlet_id, s.variant_id), (p.kind, p.start, s.variant_id))
  ORDER BY 1, 2, 3, 4;

  -- Quarters and years from their sealed months.
  INSERT INTO sales_by_variant_period (kind, start, outlet_id, variant_id, product_id, units, gross, discounts, net, tax, total, cost, costed_net,
    uncosted_units, refund_units, refund_net, refund_tax, refund_total, refund_cost, refund_costed_net, restocked_units, damaged_units)
  SELECT r.kind, (CASE r.kind WHEN 'Q' THEN date_trunc('quarter', m.start) ELSE date_trunc('year', m.start) END)::date, m.outlet_id, m.variant_id,
    max(m.product_id), sum(m.units), sum(m.gross), sum(m.discounts), sum(m.net), sum(m.tax), sum(m.total), sum(m.cost), sum(m.costed_net),
    sum(m.uncosted_units), sum(m.refund_units), sum(m.refund_net), sum(m.refund_tax), sum(m.refund_total), sum(m.refund_cost),
    sum(m.refund_costed_net), sum(m.restocked_units), sum(m.damaged_units)
  FROM (
    SELECT 'Q'::char AS kind, date_trunc('quarter', lo)::date AS first, (date_trunc('quarter', horizon + 1)::date - 1) AS last
    UNION ALL
    SELECT 'Y', date_trunc('year', lo)::date, (date_trunc('year', horizon + 1)::date - 1)
  ) r
  JOIN sales_by_variant_period m ON m.kind = 'M' AND m.start BETWEEN r.first AND r.last
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4;

  INSERT INTO stock_moves_by_reason (day, outlet_id, reason, moves, units_in, units_out, value_in, value_out)
  SELECT m.day, m.outlet_id, m.reason, sum(m.moves), sum(m.units_in), sum(m.units_out), sum(m.value_in), sum(m.value_out)
  FROM stock_moves_by_day m
  WHERE m.day BETWEEN lo AND horizon
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3;

  UPDATE summary_seal SET sealed_through = horizon WHERE id;
  RETURN horizon;
END
$$;
--> statement-breakpoint
-- Recomputes the reports' summaries from the documents (orders, refunds, the stock ledger) with the
-- same functions that keep them as sales, refunds and stock moves happen: after a change of the
-- shop's time zone, or by `npm run summaries:rebuild` (decision 020). The tables are locked for the
-- rebuild: a sale made meanwhile waits for it, then adds itself to the new figures. Documents are
-- read in id ranges of 50,000 so the work stays in memory on a small machine. Then each stock level's
-- last sale is read again from the ledger, and the finished periods are sealed anew (seal_summaries);
-- the server then writes the windows again (modules/analytics/sealing.ts).
CREATE OR REPLACE FUNCTION rebuild_summaries() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  step constant bigint := 50000;
  top bigint;
  low bigint;
BEGIN
  TRUNCATE sales_by_hour, sales_by_variant, sales_by_tax, stock_moves_by_day, sales_by_variant_period, stock_moves_by_reason, sales_by_variant_window;
  UPDATE summary_seal SET sealed_through = NULL, windows_through = NULL, window_starts = '[]' WHERE id;
  SELECT coalesce(max(id), 0) INTO top FROM orders;
  low := 0;
  WHILE low < top LOOP
    PERFORM summarise_orders(array(SELECT id FROM orders WHERE id > low AND id <= low + step));
    low := low + step;
  END LOOP;
  SELECT coalesce(max(id), 0) INTO top FROM refunds;
  low := 0;
  WHILE low < top LOOP
    PERFORM summarise_refunds(array(SELECT id FROM refunds WHERE id > low AND id <= low + step));
    low := low + step;
  END LOOP;
  SELECT coalesce(max(id), 0) INTO top FROM stock_movements;
  low := 0;
  WHILE low < top LOOP
    PERFORM summarise_stock_moves(array(SELECT id FROM stock_movements WHERE id > low AND id <= low + step));
    low := low + step;
  END LOOP;
  UPDATE stock_levels l SET last_sold_at = m.at
  FROM (SELECT outlet_id, variant_id, max(created_at) AS at FROM stock_movements WHERE reason = 'sale' GROUP BY 1, 2) m
  WHERE l.outlet_id = m.outlet_id AND l.variant_id = m.variant_id AND l.last_sold_at IS DISTINCT FROM m.at;
  PERFORM seal_summaries();
END
$$;
--> statement-breakpoint
-- The stock ledger's one write (DESIGN.md §4, §6), for a sale (sell_order) and for every other
-- change the server makes (modules/stock/service.ts: adjustments, counts, refunds, imports):
-- each level moves by `quantity = quantity + delta` in SQL, never read-modify-write, locked in
-- variant order so two writers never deadlock; each move gets its ledger row with the reason, note,
-- document and user; and register sync learns of the change (product_stock_stamps: migration 0008).
-- `changes` is [{"variant_id", "delta"}], a variant at most once. Whether a level may go below zero
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
    SELECT m.variant_id, m.delta FROM jsonb_to_recordset(move_stock.changes) AS m(variant_id int, delta bigint)
  ), levels AS (
    INSERT INTO stock_levels (outlet_id, variant_id, quantity, last_sold_at)
    SELECT move_stock.outlet_id, m.variant_id, m.delta, CASE WHEN move_stock.reason = 'sale' THEN now() END FROM moves m ORDER BY m.variant_id
    ON CONFLICT (outlet_id, variant_id) DO UPDATE SET quantity = stock_levels.quantity + excluded.quantity, updated_at = now(),
      last_sold_at = coalesce(excluded.last_sold_at, stock_levels.last_sold_at)
    RETURNING variant_id, quantity
  ), ledger AS (
    INSERT INTO stock_movements (outlet_id, variant_id, delta, quantity_after, unit_cost, reason, note, document_type, document_id, user_id)
    SELECT move_stock.outlet_id, l.variant_id, m.delta, l.quantity, v.cost, move_stock.reason, move_stock.note,
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
--> statement-breakpoint
SELECT seal_summaries();
