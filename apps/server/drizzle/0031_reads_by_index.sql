-- The sale's reads and the session's read go through their indexes whatever the size of their tables
-- when a connection planned them (decision 036): the functions again, with enable_seqscan off.
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
--> statement-breakpoint
-- The two reads of a sale (apps/server/src/modules/orders/pricing-source.ts) as PL/pgSQL functions:
-- a function's statements are planned once per connection and then reused, where the same query
-- sent by the server is planned again at every sale (on PGlite, planning these took ten times as
-- long as running them).
--
-- The variants of a sale with their product's active taxes (in product_taxes.position order),
-- active charges and categories: what the pricing engine prices with, exactly as the register
-- sync hands them out (docs/catalogue.md).
-- Reads by key through their indexes (enable_seqscan off, decision 036): a plan kept for a connection
-- is made once, and a table small then (a new shop's orders, customers, catalogue) would otherwise be
-- scanned whole at every call as it grows, until the table's statistics change: the sale's uuid
-- lookup scanned every order at each sale.
CREATE OR REPLACE FUNCTION sale_variants(variant_ids int[]) RETURNS jsonb LANGUAGE plpgsql STABLE SET enable_seqscan = off AS $$
BEGIN
  RETURN (
    SELECT coalesce(json_agg(json_build_object(
      'id', v.id, 'product_id', v.product_id, 'title', p.title, 'name', v.name, 'sku', v.sku, 'price', v.price, 'cost', v.cost,
      'track_stock', p.track_stock, 'sellable', (v.active AND p.status = 'active'),
      'taxes', coalesce((SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'rateE4', t.rate_e4,
                  'isInclusive', t.is_inclusive, 'isCompound', t.is_compound) ORDER BY pt.position, pt.tax_id)
                FROM product_taxes pt JOIN taxes t ON t.id = pt.tax_id
                WHERE pt.product_id = p.id AND t.active), '[]'::json),
      'charges', coalesce((SELECT json_agg(json_build_object('id', c.id, 'name', c.name, 'kind', c.kind, 'amount', c.amount,
                  'rateE4', c.rate_e4, 'per', c.per, 'isTaxable', c.is_taxable) ORDER BY pc.charge_id)
                FROM product_charges pc JOIN additional_charges c ON c.id = pc.charge_id
                WHERE pc.product_id = p.id AND c.active), '[]'::json),
      'category_ids', coalesce((SELECT json_agg(pcat.category_id ORDER BY pcat.category_id)
                FROM product_categories pcat WHERE pcat.product_id = p.id), '[]'::json)
    )), '[]'::json)::jsonb
    FROM product_variants v JOIN products p ON p.id = v.product_id
    WHERE v.id = ANY (variant_ids)
  );
END
$$;
--> statement-breakpoint
-- A sale's writes as one call (apps/server/src/modules/orders/create.ts), made outside an explicit
-- transaction so the database commits it as soon as it is done: the outlet's order counter — the one
-- serial point of selling at an outlet — is then held only while the database works, never over a
-- round trip back to the server. Everything the server decided (prices, taxes, change) comes in the
-- document; this writes it, all or nothing:
--   1. the stock levels with their ledger rows and the register-sync stamp, through move_stock (the
--      ledger's one write); below zero is refused unless the shop allows selling below zero;
--   2. the drawer session (shared lock: a close waits for the sale, a sale after the close fails),
--      the outlet's next number, the order, its lines and payments, the coupon's use (never over its
--      limit) and the customer's figures;
--   3. the reports' summaries (decision 020), from the document in the same statement: per local hour,
--      outlet, register and cashier; per local day, outlet and variant; per local day, outlet and tax.
--      rebuild_summaries counts stored orders the same way (summarise_orders); a test holds them equal.
--      In this statement they cost no reads and no planning of their own, and the counter stays held
--      only as long as the database works.
-- Refusals are raised with their own SQLSTATE so the server words them:
--   TB001 a level would go below zero (DETAIL: {"variantId", "delta", "quantityAfter"})
--   TB002 the drawer is closed · TB003 the uuid is sold already · TB004 the coupon is used up
--   TB005 the customer's points no longer cover what the sale redeems
--   TB011 the customer's store credit no longer covers what the sale spends of it
-- Money and quantities are read as bigint like their columns (0011_sell_order_bigint.sql); the stock
-- goes through move_stock since 0012; the summaries are written since 0013.
-- Loyalty (0017): the customer's row is updated once — spend, points redeemed and earned — only
-- while the balance covers what is redeemed (and the minimum balance to redeem). The row lock
-- makes two tills redeeming the same points take turns: the second sees the first's balance and
-- is refused (TB005) rather than going below zero. The ledger gets "redeemed" then "earned", each
-- with the order's number as its reason.
-- Store credit (0018, issue 16): spent in the same update of the customer's row, only while the
-- balance covers it (TB011 otherwise), with a "sale" entry in store_credit_entries. It is not a
-- drawer tender: orders.store_credit_paid holds it (total = paid − change + points_paid +
-- store_credit_paid), and the summaries count it in a column of its own (sales_by_hour.store_credit,
-- beside points), so the report's tenders add up to what it collected. The order keeps the approval a
-- manager gave the sale (approval_id), when one was needed.
-- Gift cards (0019, issue 16, decision 024): the cards the sale sells are inserted, or loaded again
-- when their code exists, with a "sold" or "loaded" entry; the cards it is paid with are spent in one
-- UPDATE that matches a card only while its balance covers the spend and it has not expired, with a
-- "spent" entry. Two tills spending the same card take turns on its row: the second sees the first's
-- balance and is refused (TB012, DETAIL: the code) — never below zero (a CHECK holds it too). The money
-- taken for cards is not revenue: orders.gift_cards_sold, outside the total; what cards paid is
-- orders.gift_cards_paid (total = paid − change + points_paid + store_credit_paid + gift_cards_paid −
-- gift_cards_sold). The summaries count both in columns of their own. A sale never sells and spends
-- the same card (the server refuses it first). A sale of gift cards alone has no lines: it is not an
-- order of goods in the summaries (orders 0), so the average basket stays the goods'.
--   TB012 a gift card's balance no longer covers what the sale spends of it, or it expired
-- Reads by key through their indexes (enable_seqscan off, decision 036): a plan kept for a connection
-- is made once, and a table small then (a new shop's orders, customers, catalogue) would otherwise be
-- scanned whole at every call as it grows, until the table's statistics change: the sale's uuid
-- lookup scanned every order at each sale.
CREATE OR REPLACE FUNCTION sell_order(sale jsonb) RETURNS jsonb LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  short record;
  stored record;
BEGIN
  SELECT m.variant_id, m.delta, m.quantity_after INTO short
  FROM move_stock((sale->>'outlet_id')::int, sale->'stock', 'sale', NULL, 'order', (sale->>'order_id')::int, (sale->>'user_id')::int) m
  WHERE m.quantity_after < 0 ORDER BY m.variant_id LIMIT 1;
  IF FOUND AND NOT coalesce((SELECT (value->>'allowNegativeStock')::boolean FROM settings WHERE key = 'shop'), false) THEN
    RAISE EXCEPTION USING ERRCODE = 'TB001', MESSAGE = 'A stock level would go below zero.',
      DETAIL = json_build_object('variantId', short.variant_id, 'delta', short.delta, 'quantityAfter', short.quantity_after)::text;
  END IF;

  WITH drawer AS (
    SELECT id FROM cashbox_sessions WHERE id = (sale->>'session_id')::int AND status = 'open' FOR SHARE
  ), counter AS (
    INSERT INTO outlet_order_counters AS c (outlet_id, last_number) VALUES ((sale->>'outlet_id')::int, 1)
    ON CONFLICT (outlet_id) DO UPDATE SET last_number = c.last_number + 1
    RETURNING last_number::text AS n
  ), new_order AS (
    INSERT INTO orders (id, uuid, number, outlet_id, register_id, cashbox_session_id, user_id, customer_id, coupon_id, coupon_code,
      receipt_template_id, subtotal, line_discount_total, order_discount_total, charge_total, net_total, tax_total, total, paid, change, taxes, note,
      reward_id, reward_name, reward_kind, reward_points, reward_discount, points_redeemed, points_paid, points_earned,
      store_credit_paid, approval_id, gift_cards_sold, gift_cards_paid)
    -- The number as formatOrderNumber (contract sale.ts) writes it: MAIN-000123.
    SELECT (sale->>'order_id')::int, (sale->>'uuid')::uuid, (sale->>'outlet_code') || '-' || lpad(counter.n, greatest(6, length(counter.n)), '0'),
      (sale->>'outlet_id')::int, (sale->>'register_id')::int, (sale->>'session_id')::int, (sale->>'user_id')::int,
      (sale->>'customer_id')::int, (sale->>'coupon_id')::int, sale->>'coupon_code', (sale->>'receipt_template_id')::int,
      (sale->>'subtotal')::bigint, (sale->>'line_discount_total')::bigint, (sale->>'order_discount_total')::bigint, (sale->>'charge_total')::bigint,
      (sale->>'net_total')::bigint, (sale->>'tax_total')::bigint, (sale->>'total')::bigint, (sale->>'paid')::bigint, (sale->>'change')::bigint,
      sale->'taxes', sale->>'note',
      (sale->>'reward_id')::int, sale->>'reward_name', sale->>'reward_kind', coalesce((sale->>'reward_points')::bigint, 0), coalesce((sale->>'reward_discount')::bigint, 0),
      coalesce((sale->>'points_redeemed')::bigint, 0), coalesce((sale->>'points_paid')::bigint, 0), coalesce((sale->>'points_earned')::bigint, 0),
      coalesce((sale->>'store_credit_paid')::bigint, 0), (sale->>'approval_id')::int,
      coalesce((sale->>'gift_cards_sold')::bigint, 0), coalesce((sale->>'gift_cards_paid')::bigint, 0)
    FROM counter, drawer
    ON CONFLICT (uuid) DO NOTHING
    RETURNING id, number, created_at
  ), new_lines AS (
    INSERT INTO order_lines (order_id, position, product_id, variant_id, title, variant_name, sku, quantity, unit_price, unit_cost,
      gross, discount, order_discount, net, charge_total, tax_total, total, taxes, charges)
    SELECT o.id, l.position, l.product_id, l.variant_id, l.title, l.variant_name, l.sku, l.quantity, l.unit_price, l.unit_cost,
      l.gross, l.discount, l.order_discount, l.net, l.charge_total, l.tax_total, l.total, l.taxes, l.charges
    FROM new_order o CROSS JOIN jsonb_to_recordset(sale->'lines') AS l(position int, product_id int, variant_id int, title text,
      variant_name text, sku text, quantity bigint, unit_price bigint, unit_cost bigint, gross bigint, discount bigint,
      order_discount bigint, net bigint, charge_total bigint, tax_total bigint, total bigint, taxes jsonb, charges jsonb)
    ORDER BY l.position
    RETURNING id, position
  ), new_payments AS (
    INSERT INTO order_payments (order_id, cashbox_session_id, tender, amount, tendered, change, reference)
    SELECT o.id, (sale->>'session_id')::int, p.tender, p.amount, p.tendered, p.change, p.reference
    FROM new_order o CROSS JOIN jsonb_to_recordset(sale->'payments') AS p(position int, tender text, amount bigint, tendered bigint, change bigint, reference text)
    ORDER BY p.position
    RETURNING id
  ), used_coupon AS (
    UPDATE coupons SET used_count = used_count + 1, updated_at = now()
    WHERE id = (sale->>'coupon_id')::int AND (usage_limit IS NULL OR used_count < usage_limit) AND EXISTS (SELECT 1 FROM new_order)
    RETURNING id
  ), spent AS (
    UPDATE customers SET total_spent = total_spent + (sale->>'total')::bigint, order_count = order_count + 1,
      points_balance = points_balance - coalesce((sale->>'points_redeemed')::bigint, 0) + coalesce((sale->>'points_earned')::bigint, 0),
      store_credit = store_credit - coalesce((sale->>'store_credit_paid')::bigint, 0),
      updated_at = now()
    WHERE id = (sale->>'customer_id')::int AND EXISTS (SELECT 1 FROM new_order)
      AND (coalesce((sale->>'points_redeemed')::bigint, 0) = 0
        OR points_balance >= greatest((sale->>'points_redeemed')::bigint, coalesce((sale->>'points_minimum_balance')::bigint, 0)))
      AND store_credit >= coalesce((sale->>'store_credit_paid')::bigint, 0)
    RETURNING id, points_balance, store_credit
  ), credit_entries AS (
    INSERT INTO store_credit_entries (customer_id, delta, balance_after, kind, reason, order_id, user_id)
    SELECT c.id, -(sale->>'store_credit_paid')::bigint, c.store_credit, 'sale', o.number, o.id, (sale->>'user_id')::int
    FROM spent c CROSS JOIN new_order o
    WHERE coalesce((sale->>'store_credit_paid')::bigint, 0) > 0
    RETURNING id
  ), points_entries AS (
    INSERT INTO customer_points (customer_id, delta, balance_after, kind, reason, order_id, user_id)
    SELECT c.id, e.delta, e.balance_after, e.kind, o.number, o.id, (sale->>'user_id')::int
    FROM spent c CROSS JOIN new_order o CROSS JOIN LATERAL (VALUES
      (1, -coalesce((sale->>'points_redeemed')::bigint, 0), c.points_balance - coalesce((sale->>'points_earned')::bigint, 0), 'redeemed'),
      (2, coalesce((sale->>'points_earned')::bigint, 0), c.points_balance, 'earned')
    ) AS e(n, delta, balance_after, kind)
    WHERE e.delta <> 0
    ORDER BY e.n
    RETURNING id
  ), card_spends AS (
    SELECT c.code, c.amount FROM jsonb_to_recordset(coalesce(sale->'gift_card_payments', '[]'::jsonb)) AS c(code text, amount bigint)
  ), spent_cards AS (
    UPDATE gift_cards g SET balance = g.balance - c.amount, updated_at = now()
    FROM card_spends c
    WHERE g.code = c.code AND g.balance >= c.amount AND (g.expires_at IS NULL OR g.expires_at > now()) AND EXISTS (SELECT 1 FROM new_order)
    RETURNING g.id, g.code, c.amount, g.balance
  ), spent_card_entries AS (
    INSERT INTO gift_card_entries (gift_card_id, kind, delta, balance_after, order_id, outlet_id, user_id, reason)
    SELECT c.id, 'spent', -c.amount, c.balance, o.id, (sale->>'outlet_id')::int, (sale->>'user_id')::int, o.number
    FROM spent_cards c CROSS JOIN new_order o
    ORDER BY c.code
    RETURNING id
  ), card_sales AS (
    SELECT c.code, c.amount FROM jsonb_to_recordset(coalesce(sale->'gift_cards', '[]'::jsonb)) AS c(code text, amount bigint)
  ), sold_cards AS (
    -- A card's row is created by the statement that sells it, so created_at = now() tells a new card from one loaded again.
    INSERT INTO gift_cards AS g (code, loaded, balance, expires_at, outlet_id, order_id)
    SELECT c.code, c.amount, c.amount, (sale->>'gift_card_expires_at')::timestamptz, (sale->>'outlet_id')::int, o.id
    FROM new_order o CROSS JOIN card_sales c
    ORDER BY c.code
    ON CONFLICT (code) DO UPDATE SET loaded = g.loaded + excluded.loaded, balance = g.balance + excluded.balance,
      expires_at = excluded.expires_at, updated_at = now()
    RETURNING g.id, g.code, g.balance, g.created_at = now() AS is_new
  ), sold_card_entries AS (
    INSERT INTO gift_card_entries (gift_card_id, kind, delta, balance_after, order_id, outlet_id, user_id, reason)
    SELECT c.id, CASE WHEN c.is_new THEN 'sold' ELSE 'loaded' END, s.amount, c.balance, o.id, (sale->>'outlet_id')::int,
      (sale->>'user_id')::int, o.number
    FROM sold_cards c JOIN card_sales s ON s.code = c.code CROSS JOIN new_order o
    ORDER BY c.code
    RETURNING id
  ), sold AS (
    SELECT (o.created_at AT TIME ZONE z.zone)::date AS day, extract(hour FROM o.created_at AT TIME ZONE z.zone)::smallint AS hour
    FROM new_order o, (SELECT shop_time_zone() AS zone) z
  ), document_lines AS (
    SELECT * FROM jsonb_to_recordset(sale->'lines') AS l(product_id int, variant_id int, quantity bigint, unit_cost bigint, gross bigint,
      discount bigint, order_discount bigint, net bigint, tax_total bigint, total bigint)
  ), hour_sums AS (
    INSERT INTO sales_by_hour AS s (day, hour, outlet_id, register_id, user_id, orders, units, gross, line_discounts, order_discounts,
      net, charges, tax, total, cost, costed_net, uncosted_units, cash, card, other, points, store_credit, gift_card, gift_cards_sold)
    SELECT d.day, d.hour, (sale->>'outlet_id')::int, coalesce((sale->>'register_id')::int, 0), coalesce((sale->>'user_id')::int, 0),
      CASE WHEN l.units > 0 THEN 1 ELSE 0 END,
      l.units, (sale->>'subtotal')::bigint, (sale->>'line_discount_total')::bigint, (sale->>'order_discount_total')::bigint, l.net,
      (sale->>'net_total')::bigint - l.net, (sale->>'tax_total')::bigint, (sale->>'total')::bigint, l.cost, l.costed_net, l.uncosted_units,
      p.cash, p.card, p.other, coalesce((sale->>'points_paid')::bigint, 0), coalesce((sale->>'store_credit_paid')::bigint, 0),
      coalesce((sale->>'gift_cards_paid')::bigint, 0), coalesce((sale->>'gift_cards_sold')::bigint, 0)
    FROM sold d,
      (SELECT coalesce(sum(x.quantity), 0) AS units, coalesce(sum(x.net), 0) AS net,
         coalesce(sum(x.unit_cost * x.quantity) FILTER (WHERE x.unit_cost > 0), 0) AS cost,
         coalesce(sum(x.net) FILTER (WHERE x.unit_cost > 0), 0) AS costed_net,
         coalesce(sum(x.quantity) FILTER (WHERE x.unit_cost <= 0), 0) AS uncosted_units
       FROM document_lines x) l,
      (SELECT coalesce(sum(y.amount) FILTER (WHERE y.tender = 'cash'), 0) AS cash,
         coalesce(sum(y.amount) FILTER (WHERE y.tender = 'card'), 0) AS card,
         coalesce(sum(y.amount) FILTER (WHERE y.tender = 'other'), 0) AS other
       FROM jsonb_to_recordset(sale->'payments') AS y(tender text, amount bigint)) p
    ON CONFLICT (day, hour, outlet_id, register_id, user_id) DO UPDATE SET
      orders = s.orders + excluded.orders, units = s.units + excluded.units, gross = s.gross + excluded.gross,
      line_discounts = s.line_discounts + excluded.line_discounts, order_discounts = s.order_discounts + excluded.order_discounts,
      net = s.net + excluded.net, charges = s.charges + excluded.charges, tax = s.tax + excluded.tax, total = s.total + excluded.total,
      cost = s.cost + excluded.cost, costed_net = s.costed_net + excluded.costed_net, uncosted_units = s.uncosted_units + excluded.uncosted_units,
      cash = s.cash + excluded.cash, card = s.card + excluded.card, other = s.other + excluded.other, points = s.points + excluded.points,
      store_credit = s.store_credit + excluded.store_credit, gift_card = s.gift_card + excluded.gift_card,
      gift_cards_sold = s.gift_cards_sold + excluded.gift_cards_sold
  ), variant_sums AS (
    INSERT INTO sales_by_variant AS s (day, outlet_id, variant_id, product_id, units, gross, discounts, net, tax, total, cost, costed_net, uncosted_units)
    SELECT d.day, (sale->>'outlet_id')::int, coalesce(l.variant_id, 0), max(coalesce(l.product_id, 0)), sum(l.quantity), sum(l.gross),
      sum(l.discount + l.order_discount), sum(l.net), sum(l.tax_total), sum(l.total),
      coalesce(sum(l.unit_cost * l.quantity) FILTER (WHERE l.unit_cost > 0), 0), coalesce(sum(l.net) FILTER (WHERE l.unit_cost > 0), 0),
      coalesce(sum(l.quantity) FILTER (WHERE l.unit_cost <= 0), 0)
    FROM sold d CROSS JOIN document_lines l
    GROUP BY d.day, coalesce(l.variant_id, 0)
    ORDER BY coalesce(l.variant_id, 0)
    ON CONFLICT (day, outlet_id, variant_id) DO UPDATE SET
      product_id = excluded.product_id, units = s.units + excluded.units, gross = s.gross + excluded.gross,
      discounts = s.discounts + excluded.discounts, net = s.net + excluded.net, tax = s.tax + excluded.tax, total = s.total + excluded.total,
      cost = s.cost + excluded.cost, costed_net = s.costed_net + excluded.costed_net, uncosted_units = s.uncosted_units + excluded.uncosted_units
  ), tax_sums AS (
    INSERT INTO sales_by_tax AS s (day, outlet_id, tax_id, rate_e4, is_inclusive, is_compound, name, base, amount)
    SELECT d.day, (sale->>'outlet_id')::int, t.id, t."rateE4", t."isInclusive", t."isCompound", max(t.name), sum(t.base), sum(t.amount)
    FROM sold d
    CROSS JOIN jsonb_to_recordset(sale->'taxes') AS t(id int, name text, "rateE4" int, "isInclusive" boolean, "isCompound" boolean, base bigint, amount bigint)
    GROUP BY d.day, t.id, t."rateE4", t."isInclusive", t."isCompound"
    ORDER BY t.id, t."rateE4", t."isInclusive", t."isCompound"
    ON CONFLICT (day, outlet_id, tax_id, rate_e4, is_inclusive, is_compound) DO UPDATE SET
      name = excluded.name, base = s.base + excluded.base, amount = s.amount + excluded.amount
  )
  SELECT EXISTS (SELECT 1 FROM drawer) AS drawer_open, o.id AS order_id, o.number, o.created_at,
    coalesce((SELECT json_agg(id ORDER BY position) FROM new_lines), '[]'::json) AS line_ids,
    coalesce((SELECT json_agg(id ORDER BY id) FROM new_payments), '[]'::json) AS payment_ids,
    (SELECT count(*)::int FROM used_coupon) AS coupon_used,
    (SELECT count(*)::int FROM spent) AS customer_updated,
    (SELECT points_balance FROM spent) AS points_balance,
    (SELECT count(*)::int FROM points_entries) AS points_entries,
    (SELECT count(*)::int FROM credit_entries) AS credit_entries,
    (SELECT count(*)::int FROM card_spends) AS cards_to_spend,
    (SELECT min(c.code) FROM card_spends c WHERE c.code NOT IN (SELECT code FROM spent_cards)) AS card_refused
  INTO stored
  FROM (SELECT 1) one LEFT JOIN new_order o ON true;

  IF NOT stored.drawer_open THEN
    RAISE EXCEPTION USING ERRCODE = 'TB002', MESSAGE = 'The drawer is closed.';
  END IF;
  IF stored.order_id IS NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'TB003', MESSAGE = 'This sale is stored already.';
  END IF;
  IF sale->>'coupon_id' IS NOT NULL AND stored.coupon_used = 0 THEN
    RAISE EXCEPTION USING ERRCODE = 'TB004', MESSAGE = 'The coupon is used up.';
  END IF;
  IF stored.card_refused IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'TB012', MESSAGE = 'A gift card no longer covers what this sale spends of it.', DETAIL = stored.card_refused;
  END IF;
  -- Checked before the points: a customer row left alone for want of store credit is that refusal.
  IF coalesce((sale->>'store_credit_paid')::bigint, 0) > 0 AND stored.credit_entries = 0 AND NOT coalesce((SELECT c.store_credit >= (sale->>'store_credit_paid')::bigint
      FROM customers c WHERE c.id = (sale->>'customer_id')::int), false) THEN
    RAISE EXCEPTION USING ERRCODE = 'TB011', MESSAGE = 'The customer''s store credit no longer covers this sale.';
  END IF;
  IF sale->>'customer_id' IS NOT NULL AND stored.customer_updated = 0 THEN
    RAISE EXCEPTION USING ERRCODE = 'TB005', MESSAGE = 'The customer''s points no longer cover this sale.';
  END IF;
  RETURN json_build_object('orderId', stored.order_id, 'number', stored.number, 'createdAt', stored.created_at,
    'lineIds', stored.line_ids, 'paymentIds', stored.payment_ids, 'pointsBalance', stored.points_balance);
END
$$;
--> statement-breakpoint
-- The session behind a cookie and its user, read on every API request (modules/auth/sessions.ts
-- findSession), as a PL/pgSQL function: planned once per connection instead of at every request,
-- and built as one JSON value instead of two rows' worth of columns (on PGlite 0.35 ms against
-- 0.95 ms for the query the server built). The keys are the Drizzle field names; the session test
-- checks that the answer equals the tables' rows, so a column added later cannot be forgotten here.
-- Planned generic from its first call (plan_cache_mode): PL/pgSQL plans each of its queries anew for
-- a connection's first five calls before it settles on a generic plan, which cost a fresh connection
-- 3 ms a call for product_list_rows against 1 ms after (docs/performance.md, 2026-11-28 later).
-- Reads by key through their indexes (enable_seqscan off, decision 036): a plan kept for a connection
-- is made once, and a table small then (a new shop's orders, customers, catalogue) would otherwise be
-- scanned whole at every call as it grows, until the table's statistics change: the sale's uuid
-- lookup scanned every order at each sale.
CREATE OR REPLACE FUNCTION session_of(session_id text, at timestamptz) RETURNS jsonb LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan SET enable_seqscan = off AS $$
BEGIN
  RETURN (
    SELECT json_build_object(
      'session', json_build_object('id', s.id, 'userId', s.user_id, 'csrfToken', s.csrf_token, 'ipAddress', s.ip_address,
        'userAgent', s.user_agent, 'createdAt', s.created_at, 'lastSeenAt', s.last_seen_at, 'expiresAt', s.expires_at),
      'user', CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id, 'username', u.username, 'email', u.email,
        'name', u.name, 'type', u.type, 'outletId', u.outlet_id, 'active', u.active, 'passwordHash', u.password_hash,
        'pinHash', u.pin_hash, 'createdAt', u.created_at, 'updatedAt', u.updated_at) END
    )::jsonb
    FROM sessions s LEFT JOIN users u ON u.id = s.user_id
    WHERE s.id = session_id AND s.expires_at > at
  );
END
$$;
