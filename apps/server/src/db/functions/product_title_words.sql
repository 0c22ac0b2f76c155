-- The words of a product's title as the product search reads them (issue 17, decision 029): the
-- title in lower case, split at white space and punctuation ("T-Shirt" is "t" and "shirt"), each
-- word once. The search splits what is typed with this same function, so a word typed and a word
-- stored are always cut and cased alike, whatever the database's locale. IMMUTABLE: a pure
-- function of its text (lower and the classes follow the database's fixed ctype).
CREATE OR REPLACE FUNCTION product_title_words(title text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(DISTINCT w), '{}') FROM regexp_split_to_table(lower(title), '[[:space:][:punct:]]+') AS w WHERE w <> ''
$$;
