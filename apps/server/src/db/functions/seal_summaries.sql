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
