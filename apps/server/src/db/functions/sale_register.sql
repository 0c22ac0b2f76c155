-- The two reads of a sale (apps/server/src/modules/orders/pricing-source.ts) as PL/pgSQL functions:
-- a function's statements are planned once per connection and then reused, where the same query
-- sent by the server is planned again at every sale (on PGlite, planning these took ten times as
-- long as running them).
--
-- The register a sale is rung up on, its outlet, its open drawer session (null when closed), the
-- order already stored under the sale's uuid (a retried request) and an id for a new order.
-- An id taken and not used leaves a gap in ids only; sale numbers come from the outlet's counter.
-- Reads by key through their indexes (enable_seqscan off, decision 036): a plan kept for a connection
-- is made once, and a table small then (a new shop's orders, customers, catalogue) would otherwise be
-- scanned whole at every call as it grows, until the table's statistics change: the sale's uuid
-- lookup scanned every order at each sale.
CREATE OR REPLACE FUNCTION sale_register(register_id int, sale_uuid uuid) RETURNS jsonb LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  RETURN (
    SELECT json_build_object(
      'id', r.id, 'name', r.name, 'active', r.active, 'outlet_id', r.outlet_id, 'code', o.code, 'outlet_name', o.name,
      'receipt_template_id', r.receipt_template_id,
      'session_id', (SELECT s.id FROM cashbox_sessions s WHERE s.register_id = r.id AND s.status = 'open' LIMIT 1),
      'sold_order_id', (SELECT x.id FROM orders x WHERE x.uuid = sale_uuid),
      'new_order_id', nextval('orders_id_seq'::regclass)::int
    )::jsonb
    FROM registers r JOIN outlets o ON o.id = r.outlet_id
    WHERE r.id = sale_register.register_id
  );
END
$$;
