CREATE TABLE "product_words" (
	"product_id" integer NOT NULL,
	"word" text NOT NULL,
	"title_key" text NOT NULL,
	"status" varchar(10) NOT NULL,
	CONSTRAINT "product_words_product_id_word_pk" PRIMARY KEY("product_id","word")
);
--> statement-breakpoint
-- The words of a product's title as the product search reads them (issue 17, decision 029): the
-- title in lower case, split at white space and punctuation ("T-Shirt" is "t" and "shirt"), each
-- word once. The search splits what is typed with this same function, so a word typed and a word
-- stored are always cut and cased alike, whatever the database's locale. IMMUTABLE: a pure
-- function of its text (lower and the classes follow the database's fixed ctype).
CREATE OR REPLACE FUNCTION product_title_words(title text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(DISTINCT w), '{}') FROM regexp_split_to_table(lower(title), '[[:space:][:punct:]]+') AS w WHERE w <> ''
$$;
--> statement-breakpoint
-- New products' title words (product_words, issue 17). A statement trigger over the inserted rows,
-- so the bench generator's and CSV import's many-row INSERTs add their words in one statement.
CREATE OR REPLACE FUNCTION product_words_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_words (product_id, word, title_key, status)
  SELECT n.id, w.word, lower(n.title), n.status FROM new_products n, unnest(product_title_words(n.title)) AS w(word);
  RETURN NULL;
END
$$;
--> statement-breakpoint
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
--> statement-breakpoint
-- Every product's words, before the indexes are built (one sort each rather than 6 million inserts
-- into them at a million products).
INSERT INTO product_words (product_id, word, title_key, status)
SELECT p.id, w.word, lower(p.title), p.status FROM products p, unnest(product_title_words(p.title)) AS w(word);
--> statement-breakpoint
ALTER TABLE "product_words" ADD CONSTRAINT "product_words_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_words_search" ON "product_words" USING btree ("word" text_pattern_ops,"title_key","product_id","status");--> statement-breakpoint
CREATE INDEX "product_variants_sku_prefix" ON "product_variants" USING btree (lower("sku") text_pattern_ops);--> statement-breakpoint
CREATE TRIGGER product_words_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_products FOR EACH STATEMENT EXECUTE FUNCTION product_words_insert();--> statement-breakpoint
CREATE TRIGGER product_words_update AFTER UPDATE OF title, status ON products FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION product_words_update();
--> statement-breakpoint
ANALYZE product_words;
