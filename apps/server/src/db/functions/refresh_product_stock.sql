-- Recomputes the stock summary (product_stock, migration 0016) of some products from the products,
-- their variants and stock levels: one row per outlet and one for all outlets together (outlet 0).
-- move_stock keeps the quantities as stock moves; everything else that changes what the summary
-- holds — a product's track_stock or status, a level or threshold written outside the ledger, a
-- variant added or deleted, a level created by a move — calls this in the same transaction, after
-- its own writes. The rows are first locked in
-- (product, outlet) order, like move_stock locks them, and only then read again by a second
-- statement, whose snapshot sees every change committed by a writer that held them before.
-- Each row carries the product's title key (lower(title), issue 17), the list's order of "low" and "out".
CREATE OR REPLACE FUNCTION refresh_product_stock(product_ids int[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM product_stock s WHERE s.product_id = ANY(refresh_product_stock.product_ids) ORDER BY s.product_id, s.outlet_id FOR UPDATE;
  INSERT INTO product_stock AS s (product_id, outlet_id, tracked, product_status, title_key, quantity, threshold_sum, default_count)
  WITH p AS (
    SELECT id, track_stock, status, lower(title) AS title_key FROM products WHERE id = ANY(refresh_product_stock.product_ids)
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
  SELECT p.id, 0, p.track_stock, p.status, p.title_key, coalesce(e.quantity, 0), coalesce(e.threshold_sum, 0), coalesce(e.on_default, 0)
  FROM p LEFT JOIN everywhere e ON e.product_id = p.id
  UNION ALL
  SELECT p.id, o.id, p.track_stock, p.status, p.title_key, coalesce(a.quantity, 0), coalesce(a.threshold_sum, 0), coalesce(n.n, 0) - coalesce(a.own, 0)
  FROM p CROSS JOIN outlets o LEFT JOIN at_outlet a ON a.product_id = p.id AND a.outlet_id = o.id LEFT JOIN variants n ON n.product_id = p.id
  ORDER BY 1, 2
  ON CONFLICT (product_id, outlet_id) DO UPDATE SET tracked = excluded.tracked, product_status = excluded.product_status,
    title_key = excluded.title_key, quantity = excluded.quantity, threshold_sum = excluded.threshold_sum, default_count = excluded.default_count
    WHERE (s.tracked, s.product_status, s.title_key, s.quantity, s.threshold_sum, s.default_count)
      IS DISTINCT FROM (excluded.tracked, excluded.product_status, excluded.title_key, excluded.quantity, excluded.threshold_sum, excluded.default_count);
END
$$;
