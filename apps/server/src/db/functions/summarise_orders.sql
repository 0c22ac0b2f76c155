-- Adds sales to the reports' summaries (db/schema/analytics.ts, decision 020): per local day and
-- hour, outlet, register and cashier; per local day, outlet and variant; per local day, outlet and
-- tax, from the stored orders: what rebuild_summaries runs over all of them. A sale adds itself the
-- same way from its document inside sell_order (cheaper there: no reads, no planning of its own); a
-- test holds the two equal. Rows are upserted in key order. `ids` are order ids, each at most once.
-- A line's cost counts only when the line had one (unit_cost > 0); the rest are "no cost" units.
-- A sale of gift cards alone (no lines) is not counted as an order of goods (as in sell_order).
CREATE OR REPLACE FUNCTION summarise_orders(ids int[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text := shop_time_zone();
BEGIN
  INSERT INTO sales_by_hour AS s (day, hour, outlet_id, register_id, user_id, orders, units, gross, line_discounts, order_discounts,
    net, charges, tax, total, cost, costed_net, uncosted_units, cash, card, other, points, store_credit, gift_card, gift_cards_sold)
  SELECT (o.created_at AT TIME ZONE zone)::date, extract(hour FROM o.created_at AT TIME ZONE zone)::smallint, o.outlet_id,
    coalesce(o.register_id, 0), coalesce(o.user_id, 0), count(*) FILTER (WHERE l.units > 0), sum(l.units), sum(o.subtotal), sum(o.line_discount_total),
    sum(o.order_discount_total), sum(l.net), sum(o.net_total - l.net), sum(o.tax_total), sum(o.total), sum(l.cost), sum(l.costed_net),
    sum(l.uncosted_units), sum(p.cash), sum(p.card), sum(p.other), sum(o.points_paid),
    sum(o.store_credit_paid), sum(o.gift_cards_paid), sum(o.gift_cards_sold)
  FROM orders o
  CROSS JOIN LATERAL (
    SELECT coalesce(sum(x.quantity), 0) AS units, coalesce(sum(x.net), 0) AS net,
      coalesce(sum(x.unit_cost * x.quantity) FILTER (WHERE x.unit_cost > 0), 0) AS cost,
      coalesce(sum(x.net) FILTER (WHERE x.unit_cost > 0), 0) AS costed_net,
      coalesce(sum(x.quantity) FILTER (WHERE x.unit_cost <= 0), 0) AS uncosted_units
    FROM order_lines x WHERE x.order_id = o.id
  ) l
  CROSS JOIN LATERAL (
    SELECT coalesce(sum(y.amount) FILTER (WHERE y.tender = 'cash'), 0) AS cash,
      coalesce(sum(y.amount) FILTER (WHERE y.tender = 'card'), 0) AS card,
      coalesce(sum(y.amount) FILTER (WHERE y.tender = 'other'), 0) AS other
    FROM order_payments y WHERE y.order_id = o.id
  ) p
  WHERE o.id = ANY(ids)
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (day, hour, outlet_id, register_id, user_id) DO UPDATE SET
    orders = s.orders + excluded.orders, units = s.units + excluded.units, gross = s.gross + excluded.gross,
    line_discounts = s.line_discounts + excluded.line_discounts, order_discounts = s.order_discounts + excluded.order_discounts,
    net = s.net + excluded.net, charges = s.charges + excluded.charges, tax = s.tax + excluded.tax, total = s.total + excluded.total,
    cost = s.cost + excluded.cost, costed_net = s.costed_net + excluded.costed_net, uncosted_units = s.uncosted_units + excluded.uncosted_units,
    cash = s.cash + excluded.cash, card = s.card + excluded.card, other = s.other + excluded.other, points = s.points + excluded.points,
    store_credit = s.store_credit + excluded.store_credit, gift_card = s.gift_card + excluded.gift_card,
    gift_cards_sold = s.gift_cards_sold + excluded.gift_cards_sold;

  INSERT INTO sales_by_variant AS s (day, outlet_id, variant_id, product_id, units, gross, discounts, net, tax, total, cost, costed_net, uncosted_units)
  SELECT (o.created_at AT TIME ZONE zone)::date, o.outlet_id, coalesce(l.variant_id, 0), max(coalesce(l.product_id, 0)), sum(l.quantity),
    sum(l.gross), sum(l.discount + l.order_discount), sum(l.net), sum(l.tax_total), sum(l.total),
    coalesce(sum(l.unit_cost * l.quantity) FILTER (WHERE l.unit_cost > 0), 0), coalesce(sum(l.net) FILTER (WHERE l.unit_cost > 0), 0),
    coalesce(sum(l.quantity) FILTER (WHERE l.unit_cost <= 0), 0)
  FROM orders o JOIN order_lines l ON l.order_id = o.id
  WHERE o.id = ANY(ids)
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (day, outlet_id, variant_id) DO UPDATE SET
    product_id = excluded.product_id, units = s.units + excluded.units, gross = s.gross + excluded.gross,
    discounts = s.discounts + excluded.discounts, net = s.net + excluded.net, tax = s.tax + excluded.tax, total = s.total + excluded.total,
    cost = s.cost + excluded.cost, costed_net = s.costed_net + excluded.costed_net, uncosted_units = s.uncosted_units + excluded.uncosted_units;

  INSERT INTO sales_by_tax AS s (day, outlet_id, tax_id, rate_e4, is_inclusive, is_compound, name, base, amount)
  SELECT (o.created_at AT TIME ZONE zone)::date, o.outlet_id, t.id, t."rateE4", t."isInclusive", t."isCompound", max(t.name), sum(t.base), sum(t.amount)
  FROM orders o
  CROSS JOIN jsonb_to_recordset(o.taxes) AS t(id int, name text, "rateE4" int, "isInclusive" boolean, "isCompound" boolean, base bigint, amount bigint)
  WHERE o.id = ANY(ids)
  GROUP BY 1, 2, 3, 4, 5, 6
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (day, outlet_id, tax_id, rate_e4, is_inclusive, is_compound) DO UPDATE SET
    name = excluded.name, base = s.base + excluded.base, amount = s.amount + excluded.amount;
END
$$;
