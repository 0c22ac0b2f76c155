-- The hot read functions planned generic from their first call on a connection (issue 17).
-- The session behind a cookie and its user, read on every API request (modules/auth/sessions.ts
-- findSession), as a PL/pgSQL function: planned once per connection instead of at every request,
-- and built as one JSON value instead of two rows' worth of columns (on PGlite 0.35 ms against
-- 0.95 ms for the query the server built). The keys are the Drizzle field names; the session test
-- checks that the answer equals the tables' rows, so a column added later cannot be forgotten here.
-- Planned generic from its first call (plan_cache_mode): PL/pgSQL plans each of its queries anew for
-- a connection's first five calls before it settles on a generic plan, which cost a fresh connection
-- 3 ms a call for product_list_rows against 1 ms after (docs/performance.md, 2026-11-28 later).
CREATE OR REPLACE FUNCTION session_of(session_id text, at timestamptz) RETURNS jsonb LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
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
--> statement-breakpoint
-- What a product search asks for (modules/products/search.ts termsOf), read at every search as one
-- call: a PL/pgSQL function, planned once per connection instead of at every search (the query
-- sent by the server took 0.9 ms to parse and plan against 0.1 ms to run for one word at a million
-- products). `search`: as typed; `cap`: how far the counts and codes are read (the search's count
-- cap + 1). Every prefix is read as an index range (~>=~ and ~<~, the text_pattern_ops operators),
-- in the index's order, which a plan made once serves whatever is typed; LIKE with a parameter for
-- a pattern, or a range the plan might read by scanning the table, would read every row. Answers
-- {words, counts, exact, skus, barcodes}:
-- - words: the typed words, cut as titles are (product_title_words);
-- - counts: with several words, how many title-word rows each starts, up to the cap (null for one);
-- - exact: for each word, the one title word it starts, or null when it starts none or several;
-- - starts: for each word, how many title words it starts: 0, 1, or 2 for two or more (a word that
--   starts none, as the letters of a SKU or the digits of a barcode, finds no title);
-- - skus, barcodes: the products whose variants' SKU (any case) or barcode starts with the search,
--   the search trimmed and taken literally; each an index range of at most `cap` rows, two separate
--   scans so neither is read whole ("5" starts every barcode).
-- Planned generic from its first call (plan_cache_mode): PL/pgSQL plans each of its queries anew for
-- a connection's first five calls before it settles on a generic plan, which cost a fresh connection
-- 3 ms a call for product_list_rows against 1 ms after (docs/performance.md, 2026-11-28 later).
CREATE OR REPLACE FUNCTION search_terms(search text, cap int) RETURNS jsonb LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN (
    SELECT jsonb_build_object(
      'words', t.words,
      'counts', CASE WHEN cardinality(t.words) > 1 THEN array(
        SELECT (SELECT count(*) FROM (SELECT 1 FROM product_words pw WHERE pw.word ~>=~ u.w AND pw.word ~<~ (u.w || chr(1114111)) LIMIT search_terms.cap) x)::int
        FROM unnest(t.words) WITH ORDINALITY AS u(w, i) ORDER BY u.i) END,
      'exact', coalesce(e.exact, '{}'),
      'starts', coalesce(e.starts, '{}'),
      'skus', array(SELECT v.product_id FROM product_variants v
        WHERE lower(v.sku::text) ~>=~ t.code AND lower(v.sku::text) ~<~ (t.code || chr(1114111)) ORDER BY lower(v.sku::text) USING ~<~ LIMIT search_terms.cap),
      'barcodes', array(SELECT v.product_id FROM product_variants v
        WHERE v.barcode::text ~>=~ t.typed AND v.barcode::text ~<~ (t.typed || chr(1114111)) ORDER BY v.barcode::text USING ~<~ LIMIT search_terms.cap)
    )
    FROM (SELECT product_title_words(search_terms.search) AS words, btrim(search_terms.search) AS typed, lower(btrim(search_terms.search)) AS code) t
    CROSS JOIN LATERAL (
      SELECT array_agg(CASE WHEN NOT f.more THEN f.first END ORDER BY u.i) AS exact,
        array_agg(CASE WHEN f.first IS NULL THEN 0 WHEN f.more THEN 2 ELSE 1 END ORDER BY u.i) AS starts
      FROM unnest(t.words) WITH ORDINALITY AS u(w, i)
      CROSS JOIN LATERAL (SELECT (SELECT pw.word FROM product_words pw WHERE pw.word ~>=~ u.w AND pw.word ~<~ (u.w || chr(1114111)) ORDER BY pw.word USING ~<~ LIMIT 1) AS first) f0
      CROSS JOIN LATERAL (SELECT f0.first, coalesce(EXISTS (SELECT 1 FROM product_words pw WHERE pw.word ~>~ f0.first AND pw.word ~<~ (u.w || chr(1114111))), false) AS more) f
    ) e
  );
END
$$;
--> statement-breakpoint
-- The columns of one page of the product list (modules/products/list.ts listProducts), for the
-- page's ids only, in their order: stock at the outlet (0: all outlets) from the summary, the first
-- variant's SKU, barcode and cost, the variants' count and price range, the main image and the
-- categories by name. A PL/pgSQL function, planned once per connection: sent by the server, these
-- two queries took 1.3 ms to parse and plan at every list page, against 1.3 ms to run, at a million
-- products. `default_threshold`: the shop's low-stock default, for the "low" line of each row.
-- Planned generic from its first call (plan_cache_mode): PL/pgSQL plans each of its queries anew for
-- a connection's first five calls before it settles on a generic plan, which cost a fresh connection
-- 3 ms a call for product_list_rows against 1 ms after (docs/performance.md, 2026-11-28 later).
CREATE OR REPLACE FUNCTION product_list_rows(ids int[], outlet int, default_threshold bigint) RETURNS jsonb LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN coalesce((
    SELECT jsonb_agg(jsonb_build_object(
      'id', p.id, 'title', p.title, 'status', p.status, 'track_stock', p.track_stock, 'updated_at', p.updated_at,
      'qty', coalesce(st.qty, 0), 'low', coalesce(st.low, 0),
      'sku', fv.sku, 'barcode', fv.barcode, 'cost', fv.cost,
      'variant_count', vs.variant_count, 'price_min', vs.price_min, 'price_max', vs.price_max,
      'image', img.file_name, 'categories', coalesce(cat.categories, '[]'::jsonb)
    ) ORDER BY page.n)
    FROM unnest(product_list_rows.ids) WITH ORDINALITY AS page(id, n) JOIN products p ON p.id = page.id
    LEFT JOIN LATERAL (SELECT ps.quantity AS qty, ps.threshold_sum + ps.default_count * product_list_rows.default_threshold AS low
                       FROM product_stock ps WHERE ps.product_id = p.id AND ps.outlet_id = product_list_rows.outlet) st ON true
    LEFT JOIN LATERAL (SELECT v.sku, v.barcode, v.cost FROM product_variants v WHERE v.product_id = p.id ORDER BY v.position, v.id LIMIT 1) fv ON true
    LEFT JOIN LATERAL (SELECT count(*)::int AS variant_count, min(v.price) AS price_min, max(v.price) AS price_max
                       FROM product_variants v WHERE v.product_id = p.id) vs ON true
    LEFT JOIN LATERAL (SELECT i.file_name FROM product_images i WHERE i.product_id = p.id ORDER BY i.is_main DESC, i.position, i.id LIMIT 1) img ON true
    LEFT JOIN LATERAL (SELECT jsonb_agg(jsonb_build_object('id', c.id, 'name', c.name) ORDER BY c.name, c.id) AS categories
                       FROM product_categories pc JOIN categories c ON c.id = pc.category_id WHERE pc.product_id = p.id) cat ON true
  ), '[]'::jsonb);
END
$$;
