-- A product search's terms (search_terms) and, for the commonest search, its page too, in the product
-- list's first statement beside the session (modules/products/routes.ts, search-terms.ts searchFirst):
-- when one typed word starts one title word and no SKU or barcode starts with the search, and the
-- list asks for such a page (`page_limit` not null: by title, no stock or category filter), its count
-- and page (search_word_page) and the page's rows at `outlet` (product_list_rows), so that search
-- takes one round trip where the terms and the page took two (0.8 ms each through the server).
-- `status`, `descending`, `page_limit`, `page_offset`: as search_word_page's. Answers
-- {terms} or {terms, total, page, rows}; json, so the rows (json) are written out as they are.
CREATE OR REPLACE FUNCTION search_first(search text, cap int, status text, descending boolean, page_limit int, page_offset int, outlet int) RETURNS json LANGUAGE plpgsql STABLE AS $$
DECLARE
  terms jsonb := search_terms(search_first.search, search_first.cap);
  found record;
BEGIN
  IF search_first.page_limit IS NULL OR jsonb_array_length(terms->'words') <> 1 OR terms->'exact'->>0 IS NULL
    OR jsonb_array_length(terms->'skus') > 0 OR jsonb_array_length(terms->'barcodes') > 0 THEN
    RETURN json_build_object('terms', terms);
  END IF;
  SELECT * INTO found FROM search_word_page(terms->'exact'->>0, search_first.status, search_first.descending, search_first.page_limit, search_first.page_offset, search_first.cap);
  RETURN json_build_object('terms', terms, 'total', found.total, 'page', found.page, 'rows', product_list_rows(found.page, search_first.outlet));
END
$$;
