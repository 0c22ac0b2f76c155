-- The shop's time zone (general settings, IANA name): the reports' days and hours are local to it.
-- The server writes its own zone there on start when none is set; until then, the database's.
CREATE OR REPLACE FUNCTION shop_time_zone() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT value->>'timeZone' FROM settings WHERE key = 'shop'), current_setting('TimeZone'))
$$;
