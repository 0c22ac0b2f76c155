-- One sale as POST /api/orders/create writes it (apps/server/src/modules/orders/create.ts and
-- stock/service.ts changeStockMany), statement for statement, for pgbench: an id for the order
-- (read with the register before the transaction), then 5 stock levels with their 5 ledger rows
-- and the sync stamp, then the drawer session (shared lock) and the outlet's counter with the
-- order, its 5 lines and its payment in one statement.
-- bench/checkout.ts runs it with -D outlet=… -D session=… -D register=… -D cashier=… -D template=… -D code=… -D vmin=… -D vstep=…
-- (each line's variant is drawn from its own fifth of the variant ids, so the five are distinct).
\set v1 random(:vmin, :vmin + :vstep - 1)
\set v2 random(:vmin + :vstep, :vmin + 2 * :vstep - 1)
\set v3 random(:vmin + 2 * :vstep, :vmin + 3 * :vstep - 1)
\set v4 random(:vmin + 3 * :vstep, :vmin + 4 * :vstep - 1)
\set v5 random(:vmin + 4 * :vstep, :vmin + 5 * :vstep - 1)
SELECT nextval(pg_get_serial_sequence('orders', 'id'))::int AS order_id \gset
BEGIN;
WITH levels AS (
  INSERT INTO stock_levels (outlet_id, variant_id, quantity)
  VALUES (:outlet, :v1, -1), (:outlet, :v2, -1), (:outlet, :v3, -1), (:outlet, :v4, -1), (:outlet, :v5, -1)
  ON CONFLICT (outlet_id, variant_id) DO UPDATE SET quantity = stock_levels.quantity + excluded.quantity, updated_at = now()
  RETURNING variant_id, quantity
), ledger AS (
  INSERT INTO stock_movements (outlet_id, variant_id, delta, quantity_after, reason, document_type, document_id, user_id)
  SELECT :outlet, l.variant_id, -1, l.quantity, 'sale', 'order', :order_id, :cashier FROM levels l
  RETURNING variant_id, delta, quantity_after
), touched AS (
  UPDATE products SET change_xid = pg_current_xact_id()
  WHERE id IN (SELECT product_id FROM product_variants WHERE id = ANY (ARRAY[:v1, :v2, :v3, :v4, :v5]))
)
SELECT variant_id, delta, quantity_after FROM ledger ORDER BY variant_id;
WITH drawer AS (
  SELECT id FROM cashbox_sessions WHERE id = :session AND status = 'open' FOR SHARE
), counter AS (
  INSERT INTO outlet_order_counters AS c (outlet_id, last_number) VALUES (:outlet, 1)
  ON CONFLICT (outlet_id) DO UPDATE SET last_number = c.last_number + 1
  RETURNING last_number::text AS n
), new_order AS (
  INSERT INTO orders (id, uuid, number, outlet_id, register_id, cashbox_session_id, user_id, customer_id, coupon_id, coupon_code,
    receipt_template_id, subtotal, line_discount_total, order_discount_total, charge_total, net_total, tax_total, total, paid, change, taxes, note)
  SELECT :order_id, gen_random_uuid(), ':code-' || lpad(counter.n, greatest(6, length(counter.n)), '0'), :outlet, :register, :session, :cashier,
    NULL::int, NULL::int, NULL, :template, 5000, 0, 0, 0, 4167, 833, 5000, 5000, 0,
    '[{"id": 1, "name": "VAT 20%", "rateE4": 200000, "isInclusive": true, "isCompound": false, "base": 4167, "amount": 833}]'::jsonb, NULL
  FROM counter, drawer
  ON CONFLICT (uuid) DO NOTHING
  RETURNING id, number, created_at
), new_lines AS (
  INSERT INTO order_lines (order_id, position, product_id, variant_id, title, variant_name, sku, quantity, unit_price, unit_cost,
    gross, discount, order_discount, net, charge_total, tax_total, total, taxes, charges)
  SELECT o.id, l.position, v.product_id, l.variant_id, l.title, l.variant_name, l.sku, l.quantity, l.unit_price, l.unit_cost,
    l.gross, l.discount, l.order_discount, l.net, l.charge_total, l.tax_total, l.total, l.taxes, l.charges
  FROM new_order o
  CROSS JOIN jsonb_to_recordset('[
    {"position": 0, "variant_id": :v1, "title": "Benchmark product", "variant_name": "", "sku": "SKU-:v1", "quantity": 1, "unit_price": 1000, "unit_cost": 500, "gross": 1000, "discount": 0, "order_discount": 0, "net": 833, "charge_total": 0, "tax_total": 167, "total": 1000, "taxes": [{"id": 1, "name": "VAT 20%", "rateE4": 200000, "isInclusive": true, "isCompound": false, "base": 833, "amount": 167}], "charges": []},
    {"position": 1, "variant_id": :v2, "title": "Benchmark product", "variant_name": "", "sku": "SKU-:v2", "quantity": 1, "unit_price": 1000, "unit_cost": 500, "gross": 1000, "discount": 0, "order_discount": 0, "net": 833, "charge_total": 0, "tax_total": 167, "total": 1000, "taxes": [{"id": 1, "name": "VAT 20%", "rateE4": 200000, "isInclusive": true, "isCompound": false, "base": 833, "amount": 167}], "charges": []},
    {"position": 2, "variant_id": :v3, "title": "Benchmark product", "variant_name": "", "sku": "SKU-:v3", "quantity": 1, "unit_price": 1000, "unit_cost": 500, "gross": 1000, "discount": 0, "order_discount": 0, "net": 833, "charge_total": 0, "tax_total": 167, "total": 1000, "taxes": [{"id": 1, "name": "VAT 20%", "rateE4": 200000, "isInclusive": true, "isCompound": false, "base": 833, "amount": 167}], "charges": []},
    {"position": 3, "variant_id": :v4, "title": "Benchmark product", "variant_name": "", "sku": "SKU-:v4", "quantity": 1, "unit_price": 1000, "unit_cost": 500, "gross": 1000, "discount": 0, "order_discount": 0, "net": 833, "charge_total": 0, "tax_total": 167, "total": 1000, "taxes": [{"id": 1, "name": "VAT 20%", "rateE4": 200000, "isInclusive": true, "isCompound": false, "base": 833, "amount": 167}], "charges": []},
    {"position": 4, "variant_id": :v5, "title": "Benchmark product", "variant_name": "", "sku": "SKU-:v5", "quantity": 1, "unit_price": 1000, "unit_cost": 500, "gross": 1000, "discount": 0, "order_discount": 0, "net": 834, "charge_total": 0, "tax_total": 166, "total": 1000, "taxes": [{"id": 1, "name": "VAT 20%", "rateE4": 200000, "isInclusive": true, "isCompound": false, "base": 834, "amount": 166}], "charges": []}
  ]'::jsonb) AS l(position int, variant_id int, title text, variant_name text, sku text, quantity int, unit_price int, unit_cost int,
    gross int, discount int, order_discount int, net int, charge_total int, tax_total int, total int, taxes jsonb, charges jsonb)
  JOIN product_variants v ON v.id = l.variant_id
  ORDER BY l.position
  RETURNING id, position
), new_payments AS (
  INSERT INTO order_payments (order_id, cashbox_session_id, tender, amount, tendered, change, reference)
  SELECT o.id, :session, 'cash', 5000, 5000, 0, NULL FROM new_order o
  RETURNING id
), used_coupon AS (
  UPDATE coupons SET used_count = used_count + 1, updated_at = now()
  WHERE id = NULL AND (usage_limit IS NULL OR used_count < usage_limit) AND EXISTS (SELECT 1 FROM new_order)
  RETURNING id
), spent AS (
  UPDATE customers SET total_spent = total_spent + 5000, order_count = order_count + 1, updated_at = now()
  WHERE id = NULL AND EXISTS (SELECT 1 FROM new_order)
  RETURNING id
)
SELECT EXISTS (SELECT 1 FROM drawer) AS drawer_open, o.id AS order_id, o.number, o.created_at,
  coalesce((SELECT json_agg(id ORDER BY position) FROM new_lines), '[]'::json) AS line_ids,
  coalesce((SELECT json_agg(id ORDER BY id) FROM new_payments), '[]'::json) AS payment_ids,
  (SELECT count(*)::int FROM used_coupon) AS coupon_used
FROM (SELECT 1) one LEFT JOIN new_order o ON true;
COMMIT;
