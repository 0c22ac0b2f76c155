-- The product search reads less and in fewer round trips (issue 17): the typed words cut once in
-- search_terms, by a product_title_words planned once per connection; one word by title read from its
-- index range (search_word_page), a prefix of several title words and two words that each start one
-- read as search.ts reads them (search_prefix_page, search_pair_page); the list's rows without the
-- shop's default threshold, which the server adds (product_list_rows); and such a search's page and
-- rows, or those of a search of SKU or barcode digits, read with its terms in the list's first
-- statement (search_first). See apps/server/src/db/functions/.
-- The words of a product's title as the product search reads them (issue 17, decision 029): the
-- title in lower case, split at white space and punctuation ("T-Shirt" is "t" and "shirt"), each
-- word once. The search splits what is typed with this same function, so a word typed and a word
-- stored are always cut and cased alike, whatever the database's locale. IMMUTABLE: a pure
-- function of its text (lower and the classes follow the database's fixed ctype).
-- PL/pgSQL, whose query is planned once per connection: as an SQL function (not inlined: it reads
-- from a set) its body was parsed and planned again at every call, 0.10 ms against 0.045 ms for
-- the search's own call (pgbench, interleaved, 100k products).
CREATE OR REPLACE FUNCTION product_title_words(title text) RETURNS text[] LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN (SELECT coalesce(array_agg(DISTINCT w), '{}') FROM regexp_split_to_table(lower(product_title_words.title), '[[:space:][:punct:]]+') AS w WHERE w <> '');
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
-- The typed words are cut once, into a variable: as a subquery's column, the planner copied the call
-- into each of its four uses, and each word's first title word is read once (OFFSET 0 keeps it from
-- being copied into the three uses of it): 0.37 against 0.63 ms a call for one word, 0.74 against
-- 1.09 for two (pgbench, interleaved, 100k products).
CREATE OR REPLACE FUNCTION search_terms(search text, cap int) RETURNS jsonb LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  words text[] := product_title_words(search_terms.search);
  typed text := btrim(search_terms.search);
BEGIN
  RETURN (
    SELECT jsonb_build_object(
      'words', words,
      'counts', CASE WHEN cardinality(words) > 1 THEN array(
        SELECT (SELECT count(*) FROM (SELECT 1 FROM product_words pw WHERE pw.word ~>=~ u.w AND pw.word ~<~ (u.w || chr(1114111)) LIMIT search_terms.cap) x)::int
        FROM unnest(words) WITH ORDINALITY AS u(w, i) ORDER BY u.i) END,
      'exact', coalesce(e.exact, '{}'),
      'starts', coalesce(e.starts, '{}'),
      'skus', array(SELECT v.product_id FROM product_variants v
        WHERE lower(v.sku::text) ~>=~ lower(typed) AND lower(v.sku::text) ~<~ (lower(typed) || chr(1114111)) ORDER BY lower(v.sku::text) USING ~<~ LIMIT search_terms.cap),
      'barcodes', array(SELECT v.product_id FROM product_variants v
        WHERE v.barcode::text ~>=~ typed AND v.barcode::text ~<~ (typed || chr(1114111)) ORDER BY v.barcode::text USING ~<~ LIMIT search_terms.cap)
    )
    FROM (
      SELECT array_agg(CASE WHEN NOT f.more THEN f.first END ORDER BY u.i) AS exact,
        array_agg(CASE WHEN f.first IS NULL THEN 0 WHEN f.more THEN 2 ELSE 1 END ORDER BY u.i) AS starts
      FROM unnest(words) WITH ORDINALITY AS u(w, i)
      CROSS JOIN LATERAL (SELECT (SELECT pw.word FROM product_words pw WHERE pw.word ~>=~ u.w AND pw.word ~<~ (u.w || chr(1114111)) ORDER BY pw.word USING ~<~ LIMIT 1) AS first OFFSET 0) f0
      CROSS JOIN LATERAL (SELECT f0.first, coalesce(EXISTS (SELECT 1 FROM product_words pw WHERE pw.word ~>~ f0.first AND pw.word ~<~ (u.w || chr(1114111))), false) AS more) f
    ) e
  );
END
$$;
--> statement-breakpoint
-- The commonest product search (modules/products/search.ts oneWordCounted): one typed word that
-- starts one title word, `word`, by title, over the title words' rows alone (no stock or category
-- filter). Its rows are one range of product_words_search in title order, so the count (up to `cap`)
-- and the page (`page_limit` rows after `page_offset`, backward when `descending`) are each read from
-- that range alone. `status`: the products' status, or null for every product. A PL/pgSQL function,
-- planned generic once per connection: sent as a statement, its plan was made again at every search
-- (PostgreSQL priced a generic LIMIT and OFFSET at a tenth of the rows and kept planning each call).
-- Answers one row: the count up to the cap (`total`) and the page's product ids (`page`).
CREATE OR REPLACE FUNCTION search_word_page(word text, status text, descending boolean, page_limit int, page_offset int, cap int) RETURNS TABLE(total int, page int[]) LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  total := (SELECT count(*) FROM (SELECT 1 FROM product_words pw
    WHERE pw.word = search_word_page.word AND (search_word_page.status IS NULL OR pw.status = search_word_page.status) LIMIT search_word_page.cap) r);
  IF search_word_page.descending THEN
    page := array(SELECT pw.product_id FROM product_words pw
      WHERE pw.word = search_word_page.word AND (search_word_page.status IS NULL OR pw.status = search_word_page.status)
      ORDER BY pw.title_key DESC, pw.product_id DESC LIMIT search_word_page.page_limit OFFSET search_word_page.page_offset);
  ELSE
    page := array(SELECT pw.product_id FROM product_words pw
      WHERE pw.word = search_word_page.word AND (search_word_page.status IS NULL OR pw.status = search_word_page.status)
      ORDER BY pw.title_key, pw.product_id LIMIT search_word_page.page_limit OFFSET search_word_page.page_offset);
  END IF;
  RETURN NEXT;
END
$$;
--> statement-breakpoint
-- A product search of one typed word that starts several title words ("sal": "salt", "salted"), by
-- title, over the title words' rows alone (no stock or category filter, no SKU or barcode match):
-- modules/products/search.ts `counted` for that case as one function, for search_first, so the
-- prefixes typed while searching are one statement planned generic once per connection (sent by the
-- server with its limits as parameters, PostgreSQL planned it again at every search). The same steps:
-- - the distinct title words the prefix starts, up to `merged_words` (past it, null: the server walks
--   the title index instead, as before);
-- - the rows of those words, up to `cap`, counted by product (a product with two of the words once);
--   when they reach the cap with fewer products, every row is counted;
-- - the page: up to `sorted_by_id` matches, all of them sorted by title; more, each word's rows read
--   in title order (the page's end at most) and merged.
-- `status`: the products' status, or null for every product. Answers one row: the count (up to
-- `cap`) and the page's product ids; none when the prefix starts too many words.
CREATE OR REPLACE FUNCTION search_prefix_page(prefix text, status text, descending boolean, page_limit int, page_offset int, cap int, merged_words int, sorted_by_id int) RETURNS TABLE(total int, page int[]) LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  last_char text := prefix || chr(1114111);
  words text[];
  row_count int;
  ids int[];
BEGIN
  words := array(WITH RECURSIVE s(word) AS (
      (SELECT pw.word FROM product_words pw WHERE pw.word ~>=~ prefix AND pw.word ~<~ last_char ORDER BY pw.word USING ~<~ LIMIT 1)
      UNION ALL
      SELECT (SELECT pw.word FROM product_words pw WHERE pw.word ~>~ s.word AND pw.word ~<~ last_char ORDER BY pw.word USING ~<~ LIMIT 1)
      FROM s WHERE s.word IS NOT NULL
    ) SELECT s.word FROM s WHERE s.word IS NOT NULL LIMIT search_prefix_page.merged_words + 1);
  IF cardinality(words) > search_prefix_page.merged_words THEN
    RETURN;
  END IF;
  SELECT count(*), array_agg(DISTINCT r.id) INTO row_count, ids FROM (SELECT pw.product_id AS id FROM product_words pw
    WHERE pw.word ~>=~ prefix AND pw.word ~<~ last_char AND (search_prefix_page.status IS NULL OR pw.status = search_prefix_page.status)
    LIMIT search_prefix_page.cap) r;
  total := coalesce(cardinality(ids), 0);
  IF row_count >= search_prefix_page.cap AND total < search_prefix_page.cap THEN
    total := (SELECT count(DISTINCT pw.product_id) FROM product_words pw
      WHERE pw.word ~>=~ prefix AND pw.word ~<~ last_char AND (search_prefix_page.status IS NULL OR pw.status = search_prefix_page.status));
  END IF;
  IF total <= search_prefix_page.sorted_by_id AND row_count < search_prefix_page.cap THEN
    IF search_prefix_page.descending THEN
      page := array(SELECT p.id FROM products p WHERE p.id = ANY(ids) ORDER BY lower(p.title) DESC, p.id DESC LIMIT search_prefix_page.page_limit OFFSET search_prefix_page.page_offset);
    ELSE
      page := array(SELECT p.id FROM products p WHERE p.id = ANY(ids) ORDER BY lower(p.title), p.id LIMIT search_prefix_page.page_limit OFFSET search_prefix_page.page_offset);
    END IF;
  ELSIF search_prefix_page.descending THEN
    page := array(SELECT m.id FROM (SELECT DISTINCT ON (x.k, x.id) x.id, x.k FROM unnest(words) AS w(word)
        CROSS JOIN LATERAL (SELECT pw.product_id AS id, pw.title_key AS k FROM product_words pw
          WHERE pw.word = w.word AND (search_prefix_page.status IS NULL OR pw.status = search_prefix_page.status)
          ORDER BY pw.title_key DESC, pw.product_id DESC LIMIT search_prefix_page.page_limit + search_prefix_page.page_offset) x
        ORDER BY x.k DESC, x.id DESC) m
      ORDER BY m.k DESC, m.id DESC LIMIT search_prefix_page.page_limit OFFSET search_prefix_page.page_offset);
  ELSE
    page := array(SELECT m.id FROM (SELECT DISTINCT ON (x.k, x.id) x.id, x.k FROM unnest(words) AS w(word)
        CROSS JOIN LATERAL (SELECT pw.product_id AS id, pw.title_key AS k FROM product_words pw
          WHERE pw.word = w.word AND (search_prefix_page.status IS NULL OR pw.status = search_prefix_page.status)
          ORDER BY pw.title_key, pw.product_id LIMIT search_prefix_page.page_limit + search_prefix_page.page_offset) x
        ORDER BY x.k, x.id) m
      ORDER BY m.k, m.id LIMIT search_prefix_page.page_limit OFFSET search_prefix_page.page_offset);
  END IF;
  RETURN NEXT;
END
$$;
--> statement-breakpoint
-- A product search of two typed words that each start one title word (`exact`, the title words;
-- `typed`, the words as typed; `counts`, each word's rows up to the driver's cap, from search_terms),
-- by title, over the title words' rows alone (no stock or category filter, no SKU or barcode match):
-- modules/products/search.ts `counted` and search-sparse.ts as one function, for search_first, so the
-- commonest two-word search is one statement planned generic once per connection. The same steps:
-- - the driver is the word with fewer rows (the longer typed word between equals), the other typed
--   word checked on each of the driver's rows' title keys (hasWords);
-- - the first product with both title words is found by leaps (leapfrogStart, at most `leaps`);
-- - the driver's first `probe_rows` rows from there say whether the words share few products
--   (sparseProbe): then all of them (up to `gin_max`) come from the GIN index over title words;
-- - otherwise the driver's rows from the first product with both are counted up to `cap`, and the
--   page read from them in title order, forward or backward.
-- `status`: the products' status, or null for every product. Answers one row: the count (up to
-- `cap`, or every match when the GIN index served them) and the page's product ids.
CREATE OR REPLACE FUNCTION search_pair_page(typed text[], exact text[], counts int[], status text, descending boolean, page_limit int, page_offset int, cap int, probe_rows int, gin_max int, leaps int) RETURNS TABLE(total int, page int[]) LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  at int := CASE WHEN counts[2] < counts[1] OR (counts[2] = counts[1] AND length(typed[2]) > length(typed[1])) THEN 2 ELSE 1 END;
  driver_word text := exact[at];
  partner_word text := exact[3 - at];
  other text := typed[3 - at];
  anywhere text := '%' || other || '%';
  first_word text := other || '%';
  after_space text := '% ' || other || '%';
  after_mark text := '(^|[[:space:][:punct:]])' || other;
  bound_key text := '';
  bound_id int := 0;
  sparse boolean;
  ids int[];
BEGIN
  IF partner_word <> driver_word THEN
    SELECT lf.k, lf.id INTO bound_key, bound_id FROM (
      WITH RECURSIVE lf(k, id, n, hit) AS (
        (SELECT f.title_key, f.product_id, 0, false FROM product_words f WHERE f.word = driver_word ORDER BY f.title_key, f.product_id LIMIT 1)
        UNION ALL
        SELECT a.title_key, a.product_id, lf.n + 1, (b.title_key, b.product_id) = (lf.k, lf.id)
        FROM lf
        CROSS JOIN LATERAL (SELECT g.title_key, g.product_id FROM product_words g
          WHERE g.word = partner_word AND (g.title_key, g.product_id) >= (lf.k, lf.id) ORDER BY g.title_key, g.product_id LIMIT 1) b
        CROSS JOIN LATERAL (SELECT f.title_key, f.product_id FROM product_words f
          WHERE f.word = driver_word AND (f.title_key, f.product_id) >= (b.title_key, b.product_id) ORDER BY f.title_key, f.product_id LIMIT 1) a
        WHERE NOT lf.hit AND lf.n < search_pair_page.leaps
      ) SELECT lf.k, lf.id, lf.n FROM lf) lf ORDER BY lf.n DESC LIMIT 1;
    IF bound_key IS NULL THEN bound_key := ''; bound_id := 0; END IF;
  END IF;
  sparse := (SELECT count(*) FROM (SELECT 1 FROM (
      SELECT (pw.title_key LIKE anywhere AND (pw.title_key LIKE first_word OR pw.title_key LIKE after_space OR pw.title_key ~ after_mark)) AS m
      FROM product_words pw
      WHERE pw.word = driver_word AND (pw.title_key, pw.product_id) >= (bound_key, bound_id)
        AND (search_pair_page.status IS NULL OR pw.status = search_pair_page.status)
      ORDER BY pw.title_key, pw.product_id LIMIT search_pair_page.probe_rows) x WHERE x.m LIMIT search_pair_page.probe_rows / 10) y) < search_pair_page.probe_rows / 10
    AND (SELECT count(*) FROM (SELECT 1 FROM product_words pw
      WHERE pw.word = driver_word AND (pw.title_key, pw.product_id) >= (bound_key, bound_id)
        AND (search_pair_page.status IS NULL OR pw.status = search_pair_page.status)
      ORDER BY pw.title_key, pw.product_id LIMIT search_pair_page.probe_rows) z) = search_pair_page.probe_rows;
  IF sparse THEN
    IF search_pair_page.descending THEN
      ids := array(SELECT g.id FROM (SELECT p.id, lower(p.title) AS k FROM products p
        WHERE product_title_words(p.title) @> ARRAY[driver_word, partner_word]
          AND (search_pair_page.status IS NULL OR p.status = search_pair_page.status) LIMIT search_pair_page.gin_max + 1) g ORDER BY g.k DESC, g.id DESC);
    ELSE
      ids := array(SELECT g.id FROM (SELECT p.id, lower(p.title) AS k FROM products p
        WHERE product_title_words(p.title) @> ARRAY[driver_word, partner_word]
          AND (search_pair_page.status IS NULL OR p.status = search_pair_page.status) LIMIT search_pair_page.gin_max + 1) g ORDER BY g.k, g.id);
    END IF;
    IF cardinality(ids) <= search_pair_page.gin_max THEN
      total := cardinality(ids);
      page := coalesce(ids[search_pair_page.page_offset + 1 : search_pair_page.page_offset + search_pair_page.page_limit], '{}');
      RETURN NEXT;
      RETURN;
    END IF;
  END IF;
  total := (SELECT count(*) FROM (SELECT 1 FROM product_words pw
    WHERE pw.word = driver_word AND (pw.title_key, pw.product_id) >= (bound_key, bound_id)
      AND (search_pair_page.status IS NULL OR pw.status = search_pair_page.status)
      AND pw.title_key LIKE anywhere AND (pw.title_key LIKE first_word OR pw.title_key LIKE after_space OR pw.title_key ~ after_mark)
    LIMIT search_pair_page.cap) r);
  IF search_pair_page.descending THEN
    page := array(SELECT pw.product_id FROM product_words pw
      WHERE pw.word = driver_word AND (pw.title_key, pw.product_id) >= (bound_key, bound_id)
        AND (search_pair_page.status IS NULL OR pw.status = search_pair_page.status)
        AND pw.title_key LIKE anywhere AND (pw.title_key LIKE first_word OR pw.title_key LIKE after_space OR pw.title_key ~ after_mark)
      ORDER BY pw.title_key DESC, pw.product_id DESC LIMIT search_pair_page.page_limit OFFSET search_pair_page.page_offset);
  ELSE
    page := array(SELECT pw.product_id FROM product_words pw
      WHERE pw.word = driver_word AND (pw.title_key, pw.product_id) >= (bound_key, bound_id)
        AND (search_pair_page.status IS NULL OR pw.status = search_pair_page.status)
        AND pw.title_key LIKE anywhere AND (pw.title_key LIKE first_word OR pw.title_key LIKE after_space OR pw.title_key ~ after_mark)
      ORDER BY pw.title_key, pw.product_id LIMIT search_pair_page.page_limit OFFSET search_pair_page.page_offset);
  END IF;
  RETURN NEXT;
END
$$;
--> statement-breakpoint
DROP FUNCTION IF EXISTS product_list_rows(int[], int, bigint);
--> statement-breakpoint
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
--> statement-breakpoint
-- A product search's terms (search_terms) and, for the commonest searches, their page too, in the
-- product list's first statement beside the session (modules/products/routes.ts, search.ts
-- firstPageAsk). When the list asks for such a page (`page_limit` not null: by title, no stock or
-- category filter):
-- - a search of no title word (a SKU's or a barcode's start) is the products of those codes, up to
--   the cap, sorted here as search.ts `counted` sorts them by id lookup;
-- - with no SKU or barcode match, one typed word that starts one title word is counted and paged by
--   search_word_page, one that starts several (a prefix) by search_prefix_page, and two typed words
--   that each start one by search_pair_page;
-- and the page's rows are read at `outlet` (product_list_rows). Such a search takes one round trip
-- where its terms and its page took two (0.8 ms each through the server). `status`, `descending`,
-- `page_limit`, `page_offset`: as search_word_page's; `probe_rows`, `gin_max`, `leaps`:
-- search_pair_page's; `merged_words`, `sorted_by_id`: search_prefix_page's. Answers {terms} or {terms, total, page, rows}; json, so the rows (json) are
-- written out as they are.
CREATE OR REPLACE FUNCTION search_first(search text, cap int, status text, descending boolean, page_limit int, page_offset int, outlet int, probe_rows int, gin_max int, leaps int, merged_words int, sorted_by_id int) RETURNS json LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  terms jsonb := search_terms(search_first.search, search_first.cap);
  words text[] := array(SELECT jsonb_array_elements_text(terms->'words'));
  exact text[] := array(SELECT jsonb_array_elements_text(terms->'exact'));
  codes int[];
  found_total int;
  found_page int[];
BEGIN
  IF search_first.page_limit IS NULL THEN
    RETURN json_build_object('terms', terms);
  END IF;
  IF cardinality(words) = 0 OR terms->'starts' @> '[0]' THEN
    IF jsonb_array_length(terms->'skus') >= search_first.cap OR jsonb_array_length(terms->'barcodes') >= search_first.cap THEN
      RETURN json_build_object('terms', terms);
    END IF;
    codes := array(SELECT DISTINCT c::int FROM jsonb_array_elements_text((terms->'skus') || (terms->'barcodes')) AS c);
    IF cardinality(codes) >= search_first.cap THEN
      RETURN json_build_object('terms', terms);
    END IF;
    IF search_first.descending THEN
      codes := array(SELECT p.id FROM products p WHERE p.id = ANY(codes) AND (search_first.status IS NULL OR p.status = search_first.status)
        ORDER BY lower(p.title) DESC, p.id DESC);
    ELSE
      codes := array(SELECT p.id FROM products p WHERE p.id = ANY(codes) AND (search_first.status IS NULL OR p.status = search_first.status)
        ORDER BY lower(p.title), p.id);
    END IF;
    found_total := cardinality(codes);
    found_page := coalesce(codes[search_first.page_offset + 1 : search_first.page_offset + search_first.page_limit], '{}');
  ELSIF jsonb_array_length(terms->'skus') > 0 OR jsonb_array_length(terms->'barcodes') > 0 OR cardinality(words) NOT IN (1, 2)
    OR (cardinality(words) = 2 AND array_position(exact, NULL) IS NOT NULL) THEN
    RETURN json_build_object('terms', terms);
  ELSIF cardinality(words) = 1 AND exact[1] IS NULL THEN
    SELECT f.total, f.page INTO found_total, found_page FROM search_prefix_page(words[1], search_first.status, search_first.descending,
      search_first.page_limit, search_first.page_offset, search_first.cap, search_first.merged_words, search_first.sorted_by_id) f;
    IF found_page IS NULL THEN
      RETURN json_build_object('terms', terms);
    END IF;
  ELSIF cardinality(words) = 1 THEN
    SELECT f.total, f.page INTO found_total, found_page FROM search_word_page(exact[1], search_first.status, search_first.descending, search_first.page_limit, search_first.page_offset, search_first.cap) f;
  ELSE
    SELECT f.total, f.page INTO found_total, found_page FROM search_pair_page(words, exact, array(SELECT jsonb_array_elements_text(terms->'counts')::int), search_first.status, search_first.descending,
      search_first.page_limit, search_first.page_offset, search_first.cap, search_first.probe_rows, search_first.gin_max, search_first.leaps) f;
  END IF;
  RETURN json_build_object('terms', terms, 'total', found_total, 'page', found_page, 'rows', product_list_rows(found_page, search_first.outlet));
END
$$;
