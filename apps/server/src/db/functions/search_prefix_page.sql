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
