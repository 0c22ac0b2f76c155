-- The columns of one page of the product list (modules/products/list.ts listProducts), for the
-- page's ids only, in their order: stock at the outlet (0: all outlets) from the summary, the first
-- variant's SKU, barcode and cost, the variants' count and price range, the main image and the
-- categories by name. A PL/pgSQL function, planned once per connection: sent by the server, these
-- two queries took 1.3 ms to parse and plan at every list page, against 1.3 ms to run, at a million
-- products. Each row's low-stock line is its levels' own thresholds (`threshold_sum`) and how many of
-- them fall back to the shop's default (`default_count`): the server adds the default, so the rows
-- can be read in a statement before the shop's settings are (the product list's first, search_first).
-- Planned generic from its first call (plan_cache_mode): PL/pgSQL plans each of its queries anew for
-- a connection's first five calls before it settles on a generic plan, which cost a fresh connection
-- 3 ms a call for product_list_rows against 1 ms after (docs/performance.md, 2026-11-28 later).
-- The page's categories are read in one join for all its products: joined product by product,
-- PostgreSQL hashed the categories table again for each (0.8 ms a page of 25 against 0.65).
-- Built as json, not jsonb: the page is read once, as text, and jsonb's binary form (sorted keys, then
-- written out again) cost a quarter of the function (1.47 against 1.99 ms a page, median of 100 each,
-- interleaved, at 100k products).
CREATE OR REPLACE FUNCTION product_list_rows(ids int[], outlet int) RETURNS json LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN coalesce((
    SELECT json_agg(json_build_object(
      'id', p.id, 'title', p.title, 'status', p.status, 'track_stock', p.track_stock, 'updated_at', p.updated_at,
      'qty', coalesce(st.qty, 0), 'threshold_sum', coalesce(st.threshold_sum, 0), 'default_count', coalesce(st.default_count, 0),
      'sku', fv.sku, 'barcode', fv.barcode, 'cost', fv.cost,
      'variant_count', vs.variant_count, 'price_min', vs.price_min, 'price_max', vs.price_max,
      'image', img.file_name, 'categories', coalesce(cat.categories, '[]'::json)
    ) ORDER BY page.n)
    FROM unnest(product_list_rows.ids) WITH ORDINALITY AS page(id, n) JOIN products p ON p.id = page.id
    LEFT JOIN LATERAL (SELECT ps.quantity AS qty, ps.threshold_sum, ps.default_count
                       FROM product_stock ps WHERE ps.product_id = p.id AND ps.outlet_id = product_list_rows.outlet) st ON true
    LEFT JOIN LATERAL (SELECT v.sku, v.barcode, v.cost FROM product_variants v WHERE v.product_id = p.id ORDER BY v.position, v.id LIMIT 1) fv ON true
    LEFT JOIN LATERAL (SELECT count(*)::int AS variant_count, min(v.price) AS price_min, max(v.price) AS price_max
                       FROM product_variants v WHERE v.product_id = p.id) vs ON true
    LEFT JOIN LATERAL (SELECT i.file_name FROM product_images i WHERE i.product_id = p.id ORDER BY i.is_main DESC, i.position, i.id LIMIT 1) img ON true
    LEFT JOIN (SELECT pc.product_id, json_agg(json_build_object('id', c.id, 'name', c.name) ORDER BY c.name, c.id) AS categories
               FROM product_categories pc JOIN categories c ON c.id = pc.category_id WHERE pc.product_id = ANY(product_list_rows.ids)
               GROUP BY pc.product_id) cat ON cat.product_id = p.id
  ), '[]'::json);
END
$$;
