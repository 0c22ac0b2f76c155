CREATE TABLE "outlet_return_counters" (
	"outlet_id" integer PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refund_lines" ALTER COLUMN "order_line_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD COLUMN "product_id" integer;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD COLUMN "title" varchar(200);--> statement-breakpoint
ALTER TABLE "refund_lines" ADD COLUMN "variant_name" varchar(200);--> statement-breakpoint
ALTER TABLE "refund_lines" ADD COLUMN "sku" varchar(64);--> statement-breakpoint
ALTER TABLE "refund_lines" ADD COLUMN "unit_cost" bigint;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "outlet_return_counters" ADD CONSTRAINT "outlet_return_counters_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_source_check" CHECK ("refunds"."order_id" is not null or "refunds"."exchange" = 0);--> statement-breakpoint
-- Adds refunds to the reports' summaries (decision 020): a refund counts on the local day and hour it
-- was made, at its outlet and register, under the person who made it, never on the sale's day.
-- Called by the refund service in the refund's transaction (modules/refunds/service.ts), and by
-- rebuild_summaries for all of them. The cost given back is the sold line's unit cost × the units
-- returned, for lines that had a cost; a return without a receipt has no sold line, and its line
-- keeps the product's cost and product of the day (refund_lines.unit_cost, product_id). `ids` are
-- refund ids, each at most once.
CREATE OR REPLACE FUNCTION summarise_refunds(ids int[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text := shop_time_zone();
BEGIN
  INSERT INTO sales_by_hour AS s (day, hour, outlet_id, register_id, user_id, refunds, refund_units, refund_net, refund_charges, refund_tax,
    refund_total, refund_cost, refund_costed_net, restocked_units, damaged_units, refund_cash, refund_card, refund_other, refund_points,
    refund_store_credit, refund_gift_card)
  SELECT (r.created_at AT TIME ZONE zone)::date, extract(hour FROM r.created_at AT TIME ZONE zone)::smallint, r.outlet_id,
    coalesce(r.register_id, 0), coalesce(r.user_id, 0), count(*), sum(l.units), sum(r.net_total), sum(r.total - r.net_total - r.tax_total),
    sum(r.tax_total), sum(r.total), sum(l.cost), sum(l.costed_net), sum(l.restocked), sum(l.damaged), sum(p.cash), sum(p.card), sum(p.other),
    sum(r.points_paid_back), sum(r.store_credit), sum(r.gift_card)
  FROM refunds r
  CROSS JOIN LATERAL (
    SELECT coalesce(sum(x.quantity), 0) AS units,
      coalesce(sum(coalesce(ol.unit_cost, x.unit_cost, 0) * x.quantity) FILTER (WHERE coalesce(ol.unit_cost, x.unit_cost, 0) > 0), 0) AS cost,
      coalesce(sum(x.net) FILTER (WHERE coalesce(ol.unit_cost, x.unit_cost, 0) > 0), 0) AS costed_net,
      coalesce(sum(x.quantity) FILTER (WHERE x.restock), 0) AS restocked,
      coalesce(sum(x.quantity) FILTER (WHERE NOT x.restock), 0) AS damaged
    FROM refund_lines x LEFT JOIN order_lines ol ON ol.id = x.order_line_id WHERE x.refund_id = r.id
  ) l
  CROSS JOIN LATERAL (
    SELECT coalesce(sum(y.amount) FILTER (WHERE y.tender = 'cash'), 0) AS cash,
      coalesce(sum(y.amount) FILTER (WHERE y.tender = 'card'), 0) AS card,
      coalesce(sum(y.amount) FILTER (WHERE y.tender = 'other'), 0) AS other
    FROM refund_payments y WHERE y.refund_id = r.id
  ) p
  WHERE r.id = ANY(ids)
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (day, hour, outlet_id, register_id, user_id) DO UPDATE SET
    refunds = s.refunds + excluded.refunds, refund_units = s.refund_units + excluded.refund_units,
    refund_net = s.refund_net + excluded.refund_net, refund_charges = s.refund_charges + excluded.refund_charges,
    refund_tax = s.refund_tax + excluded.refund_tax, refund_total = s.refund_total + excluded.refund_total,
    refund_cost = s.refund_cost + excluded.refund_cost, refund_costed_net = s.refund_costed_net + excluded.refund_costed_net,
    restocked_units = s.restocked_units + excluded.restocked_units, damaged_units = s.damaged_units + excluded.damaged_units,
    refund_cash = s.refund_cash + excluded.refund_cash, refund_card = s.refund_card + excluded.refund_card,
    refund_other = s.refund_other + excluded.refund_other, refund_points = s.refund_points + excluded.refund_points,
    refund_store_credit = s.refund_store_credit + excluded.refund_store_credit, refund_gift_card = s.refund_gift_card + excluded.refund_gift_card;

  INSERT INTO sales_by_variant AS s (day, outlet_id, variant_id, product_id, refund_units, refund_net, refund_tax, refund_total, refund_cost,
    refund_costed_net, restocked_units, damaged_units)
  SELECT (r.created_at AT TIME ZONE zone)::date, r.outlet_id, coalesce(x.variant_id, 0), max(coalesce(ol.product_id, x.product_id, 0)), sum(x.quantity),
    sum(x.net), sum(x.tax_total), sum(x.total),
    coalesce(sum(coalesce(ol.unit_cost, x.unit_cost, 0) * x.quantity) FILTER (WHERE coalesce(ol.unit_cost, x.unit_cost, 0) > 0), 0),
    coalesce(sum(x.net) FILTER (WHERE coalesce(ol.unit_cost, x.unit_cost, 0) > 0), 0), coalesce(sum(x.quantity) FILTER (WHERE x.restock), 0),
    coalesce(sum(x.quantity) FILTER (WHERE NOT x.restock), 0)
  FROM refunds r JOIN refund_lines x ON x.refund_id = r.id LEFT JOIN order_lines ol ON ol.id = x.order_line_id
  WHERE r.id = ANY(ids)
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (day, outlet_id, variant_id) DO UPDATE SET
    refund_units = s.refund_units + excluded.refund_units, refund_net = s.refund_net + excluded.refund_net,
    refund_tax = s.refund_tax + excluded.refund_tax, refund_total = s.refund_total + excluded.refund_total,
    refund_cost = s.refund_cost + excluded.refund_cost, refund_costed_net = s.refund_costed_net + excluded.refund_costed_net,
    restocked_units = s.restocked_units + excluded.restocked_units, damaged_units = s.damaged_units + excluded.damaged_units;

  INSERT INTO sales_by_tax AS s (day, outlet_id, tax_id, rate_e4, is_inclusive, is_compound, name, refund_base, refund_amount)
  SELECT (r.created_at AT TIME ZONE zone)::date, r.outlet_id, t.id, t."rateE4", t."isInclusive", t."isCompound", max(t.name), sum(t.base), sum(t.amount)
  FROM refunds r
  CROSS JOIN jsonb_to_recordset(r.taxes) AS t(id int, name text, "rateE4" int, "isInclusive" boolean, "isCompound" boolean, base bigint, amount bigint)
  WHERE r.id = ANY(ids)
  GROUP BY 1, 2, 3, 4, 5, 6
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (day, outlet_id, tax_id, rate_e4, is_inclusive, is_compound) DO UPDATE SET
    refund_base = s.refund_base + excluded.refund_base, refund_amount = s.refund_amount + excluded.refund_amount;
END
$$;
