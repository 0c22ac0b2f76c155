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
