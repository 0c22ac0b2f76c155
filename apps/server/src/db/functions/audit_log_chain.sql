-- Chains each new audit log row to the one before it (issue 16). Under a transaction-scoped
-- advisory lock, so rows are numbered and chained one writer at a time and in commit order: the
-- row takes the next number of audit_log_seq, the previous row's hash, and its own hash. The lock
-- is held to the end of the writer's transaction; a writer that rolls back leaves no row and at
-- most a gap in the numbers, never a broken link.
CREATE OR REPLACE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7301160);
  NEW.id := nextval('audit_log_seq');
  NEW.prev_hash := coalesce((SELECT a.hash FROM audit_log a ORDER BY a.id DESC LIMIT 1), repeat('0', 64));
  NEW.hash := audit_entry_hash(NEW);
  RETURN NEW;
END
$$;
