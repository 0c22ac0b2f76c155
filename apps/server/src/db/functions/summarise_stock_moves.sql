-- Adds stock ledger rows to the stock report's summary (decision 020): per local day, outlet,
-- variant and reason, the units in and out and their value at the cost the ledger row recorded.
-- What rebuild_summaries runs over every ledger row; move_stock adds the rows it writes the same way in
-- its own statement, and a test holds the two equal.
CREATE OR REPLACE FUNCTION summarise_stock_moves(ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text := shop_time_zone();
BEGIN
  INSERT INTO stock_moves_by_day AS s (day, outlet_id, variant_id, reason, moves, units_in, units_out, value_in, value_out)
  SELECT (m.created_at AT TIME ZONE zone)::date, m.outlet_id, m.variant_id, m.reason, count(*),
    sum(greatest(m.delta, 0)), sum(greatest(-m.delta, 0)), sum(greatest(m.delta, 0) * m.unit_cost), sum(greatest(-m.delta, 0) * m.unit_cost)
  FROM stock_movements m
  WHERE m.id = ANY(ids)
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (day, outlet_id, variant_id, reason) DO UPDATE SET
    moves = s.moves + excluded.moves, units_in = s.units_in + excluded.units_in, units_out = s.units_out + excluded.units_out,
    value_in = s.value_in + excluded.value_in, value_out = s.value_out + excluded.value_out;
END
$$;
