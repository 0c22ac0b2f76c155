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
