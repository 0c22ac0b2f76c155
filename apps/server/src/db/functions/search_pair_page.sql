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
