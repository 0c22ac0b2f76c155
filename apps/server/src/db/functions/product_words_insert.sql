-- New products' title words (product_words, issue 17). A statement trigger over the inserted rows,
-- so the bench generator's and CSV import's many-row INSERTs add their words in one statement.
CREATE OR REPLACE FUNCTION product_words_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_words (product_id, word, title_key, status)
  SELECT n.id, w.word, lower(n.title), n.status FROM new_products n, unnest(product_title_words(n.title)) AS w(word);
  RETURN NULL;
END
$$;
