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
