-- The hash of an audit log row (issue 16): SHA-256 over the previous row's hash and every field of
-- this one, as one JSON array (jsonb's text is canonical; the time as microseconds since the epoch,
-- so neither the session's time zone nor its date style changes it). The chain trigger stores it;
-- `npm run audit:verify` (modules/audit/verify.ts) computes it again for every row.
CREATE OR REPLACE FUNCTION audit_entry_hash(entry audit_log) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(entry.prev_hash, entry.id, (extract(epoch FROM entry.at) * 1000000)::bigint,
    entry.user_id, entry.user_name, entry.outlet_id, entry.register_id, entry.action, entry.subject_type, entry.subject_id,
    entry.summary, entry.before, entry.after, entry.approved_by_id, entry.approved_by_name, entry.ip)::text, 'UTF8')), 'hex')
$$;
