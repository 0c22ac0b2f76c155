-- The audit log is append-only (issue 16): every UPDATE, DELETE and TRUNCATE of it is refused.
CREATE OR REPLACE FUNCTION audit_log_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'TB010', MESSAGE = 'The audit log cannot be changed: rows are only ever added.';
END
$$;
