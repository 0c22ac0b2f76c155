-- A product's title words again when its title changes, or their status when its status does
-- (product_words, issue 17). The trigger fires only for an UPDATE that sets the title or the status
-- and changes one of them, so the sync stamps and stock writes that update products never run it.
CREATE OR REPLACE FUNCTION product_words_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.title IS DISTINCT FROM OLD.title THEN
    DELETE FROM product_words WHERE product_id = NEW.id;
    INSERT INTO product_words (product_id, word, title_key, status)
    SELECT NEW.id, w.word, lower(NEW.title), NEW.status FROM unnest(product_title_words(NEW.title)) AS w(word);
  ELSE
    UPDATE product_words SET status = NEW.status WHERE product_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
