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
