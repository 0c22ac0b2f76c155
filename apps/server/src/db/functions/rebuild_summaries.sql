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
