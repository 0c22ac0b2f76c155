-- The session behind a cookie and its user, read on every API request (modules/auth/sessions.ts
-- findSession), as a PL/pgSQL function: planned once per connection instead of at every request,
-- and built as one JSON value instead of two rows' worth of columns (on PGlite 0.35 ms against
-- 0.95 ms for the query the server built). The keys are the Drizzle field names; the session test
-- checks that the answer equals the tables' rows, so a column added later cannot be forgotten here.
-- Planned generic from its first call (plan_cache_mode): PL/pgSQL plans each of its queries anew for
-- a connection's first five calls before it settles on a generic plan, which cost a fresh connection
-- 3 ms a call for product_list_rows against 1 ms after (docs/performance.md, 2026-11-28 later).
-- Reads by key through their indexes (enable_seqscan off, decision 036): a plan kept for a connection
-- is made once, and a table small then (a new shop's orders, customers, catalogue) would otherwise be
-- scanned whole at every call as it grows, until the table's statistics change: the sale's uuid
-- lookup scanned every order at each sale.
CREATE OR REPLACE FUNCTION session_of(session_id text, at timestamptz) RETURNS jsonb LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan SET enable_seqscan = off AS $$
BEGIN
  RETURN (
    SELECT json_build_object(
      'session', json_build_object('id', s.id, 'userId', s.user_id, 'csrfToken', s.csrf_token, 'ipAddress', s.ip_address,
        'userAgent', s.user_agent, 'createdAt', s.created_at, 'lastSeenAt', s.last_seen_at, 'expiresAt', s.expires_at),
      'user', CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id, 'username', u.username, 'email', u.email,
        'name', u.name, 'type', u.type, 'outletId', u.outlet_id, 'active', u.active, 'passwordHash', u.password_hash,
        'pinHash', u.pin_hash, 'createdAt', u.created_at, 'updatedAt', u.updated_at) END
    )::jsonb
    FROM sessions s LEFT JOIN users u ON u.id = s.user_id
    WHERE s.id = session_id AND s.expires_at > at
  );
END
$$;
