-- The search's terms read with the typed words cut once, the title words cut by a function planned
-- once per connection, and the commonest search (one word, by title) read by a function planned
-- generic once per connection (apps/server/src/db/functions/product_title_words.sql,
-- search_terms.sql, search_word_page.sql).
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
