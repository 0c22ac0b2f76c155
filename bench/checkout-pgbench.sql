-- One sale as POST /api/orders/create stores it (apps/server/src/modules/orders/create.ts), for
-- pgbench: an id for the order (read with the register before the sale), then the one call of
-- sell_order (migration 0004_sell_function.sql) with a document like the server's: 5 stock levels
-- with their ledger rows and the sync stamp, the drawer session, the outlet's counter, the order,
-- its 5 lines and its payment.
-- bench/checkout.ts runs it with -D outlet=… -D session=… -D register=… -D cashier=… -D template=… -D code=… -D vmin=… -D vstep=…
-- (each line's variant is drawn from its own fifth of the variant ids, so the five are distinct).
\set v1 random(:vmin, :vmin + :vstep - 1)
\set v2 random(:vmin + :vstep, :vmin + 2 * :vstep - 1)
\set v3 random(:vmin + 2 * :vstep, :vmin + 3 * :vstep - 1)
\set v4 random(:vmin + 3 * :vstep, :vmin + 4 * :vstep - 1)
\set v5 random(:vmin + 4 * :vstep, :vmin + 5 * :vstep - 1)
SELECT nextval(pg_get_serial_sequence('orders', 'id'))::int AS order_id \gset
SELECT sell_order(jsonb_build_object(
  'order_id', :order_id, 'uuid', gen_random_uuid(), 'outlet_id', :outlet, 'outlet_code', ':code', 'register_id', :register,
  'session_id', :session, 'user_id', :cashier, 'customer_id', NULL, 'coupon_id', NULL, 'coupon_code', NULL, 'receipt_template_id', :template,
  'subtotal', 5000, 'line_discount_total', 0, 'order_discount_total', 0, 'charge_total', 0, 'net_total', 4167, 'tax_total', 833,
  'total', 5000, 'paid', 5000, 'change', 0,
  'taxes', '[{"id": 1, "name": "VAT 20%", "rateE4": 200000, "isInclusive": true, "isCompound": false, "base": 4167, "amount": 833}]'::jsonb,
  'note', NULL,
  'stock', jsonb_build_array(
    jsonb_build_object('variant_id', :v1, 'delta', -1), jsonb_build_object('variant_id', :v2, 'delta', -1),
    jsonb_build_object('variant_id', :v3, 'delta', -1), jsonb_build_object('variant_id', :v4, 'delta', -1),
    jsonb_build_object('variant_id', :v5, 'delta', -1)),
  'lines', jsonb_build_array(
    jsonb_build_object('position', 0, 'product_id', (SELECT product_id FROM product_variants WHERE id = :v1), 'variant_id', :v1, 'title', 'Benchmark product', 'variant_name', '', 'sku', 'SKU-' || :v1, 'quantity', 1, 'unit_price', 1000, 'unit_cost', 500, 'gross', 1000, 'discount', 0, 'order_discount', 0, 'net', 833, 'charge_total', 0, 'tax_total', 167, 'total', 1000, 'taxes', '[{"id": 1, "name": "VAT 20%", "rateE4": 200000, "isInclusive": true, "isCompound": false, "base": 833, "amount": 167}]'::jsonb, 'charges', '[]'::jsonb),
    jsonb_build_object('position', 1, 'product_id', (SELECT product_id FROM product_variants WHERE id = :v2), 'variant_id', :v2, 'title', 'Benchmark product', 'variant_name', '', 'sku', 'SKU-' || :v2, 'quantity', 1, 'unit_price', 1000, 'unit_cost', 500, 'gross', 1000, 'discount', 0, 'order_discount', 0, 'net', 833, 'charge_total', 0, 'tax_total', 167, 'total', 1000, 'taxes', '[{"id": 1, "name": "VAT 20%", "rateE4": 200000, "isInclusive": true, "isCompound": false, "base": 833, "amount": 167}]'::jsonb, 'charges', '[]'::jsonb),
    jsonb_build_object('position', 2, 'product_id', (SELECT product_id FROM product_variants WHERE id = :v3), 'variant_id', :v3, 'title', 'Benchmark product', 'variant_name', '', 'sku', 'SKU-' || :v3, 'quantity', 1, 'unit_price', 1000, 'unit_cost', 500, 'gross', 1000, 'discount', 0, 'order_discount', 0, 'net', 833, 'charge_total', 0, 'tax_total', 167, 'total', 1000, 'taxes', '[{"id": 1, "name": "VAT 20%", "rateE4": 200000, "isInclusive": true, "isCompound": false, "base": 833, "amount": 167}]'::jsonb, 'charges', '[]'::jsonb),
    jsonb_build_object('position', 3, 'product_id', (SELECT product_id FROM product_variants WHERE id = :v4), 'variant_id', :v4, 'title', 'Benchmark product', 'variant_name', '', 'sku', 'SKU-' || :v4, 'quantity', 1, 'unit_price', 1000, 'unit_cost', 500, 'gross', 1000, 'discount', 0, 'order_discount', 0, 'net', 833, 'charge_total', 0, 'tax_total', 167, 'total', 1000, 'taxes', '[{"id": 1, "name": "VAT 20%", "rateE4": 200000, "isInclusive": true, "isCompound": false, "base": 833, "amount": 167}]'::jsonb, 'charges', '[]'::jsonb),
    jsonb_build_object('position', 4, 'product_id', (SELECT product_id FROM product_variants WHERE id = :v5), 'variant_id', :v5, 'title', 'Benchmark product', 'variant_name', '', 'sku', 'SKU-' || :v5, 'quantity', 1, 'unit_price', 1000, 'unit_cost', 500, 'gross', 1000, 'discount', 0, 'order_discount', 0, 'net', 834, 'charge_total', 0, 'tax_total', 166, 'total', 1000, 'taxes', '[{"id": 1, "name": "VAT 20%", "rateE4": 200000, "isInclusive": true, "isCompound": false, "base": 834, "amount": 166}]'::jsonb, 'charges', '[]'::jsonb)),
  'payments', jsonb_build_array(jsonb_build_object('position', 0, 'tender', 'cash', 'amount', 5000, 'tendered', 5000, 'change', 0, 'reference', NULL))
));
