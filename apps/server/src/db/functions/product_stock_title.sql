-- A product's stock summary rows take its new title key when its title changes (product_stock,
-- issue 17: "low" and "out" pages are read in title order from the summary's indexes). Fires only
-- for an UPDATE that sets the title and changes it; stock writes never run it.
CREATE OR REPLACE FUNCTION product_stock_title() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_stock SET title_key = lower(NEW.title) WHERE product_id = NEW.id;
  RETURN NULL;
END
$$;
