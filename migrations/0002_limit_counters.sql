-- rcat schema version 2: the limits service's window counters, shared by every host
-- (src/server/limits/counter-store.ts, docs/postgres.md "Limits across hosts").
-- A window instance has its own key (account:<id>:minute:2026-11-22T10:15), so counters are
-- never reset, only dropped once expired.

CREATE TABLE limit_counters (
  key        text PRIMARY KEY,
  count      bigint NOT NULL DEFAULT 0 CHECK (count >= 0),
  expires_at timestamptz NOT NULL
);
CREATE INDEX limit_counters_expires_idx ON limit_counters (expires_at);

-- All-or-nothing charge of several windows in ONE statement (one round trip, one transaction):
--   1. create missing counter rows, in key order;
--   2. lock every row FOR UPDATE, in key order (two requests never deadlock);
--   3. apply the admission rule of src/server/limits/counter-store.ts `windowAdmits` to each;
--   4. add every amount only if all admit.
-- Concurrent requests for the same account (on any host) queue on the row locks, so 100
-- simultaneous requests against a ceiling of 30 admit exactly 30.
CREATE FUNCTION rcat_charge_all(p_keys text[], p_amounts bigint[], p_limits bigint[], p_expires timestamptz[])
RETURNS TABLE (allowed boolean, counts bigint[])
LANGUAGE plpgsql AS $$
DECLARE
  v_counts bigint[];
  v_ok boolean := true;
  i integer;
BEGIN
  INSERT INTO limit_counters (key, count, expires_at)
    SELECT k, 0, e FROM unnest(p_keys, p_expires) AS t(k, e) ORDER BY k
    ON CONFLICT (key) DO NOTHING;
  PERFORM 1 FROM limit_counters WHERE key = ANY (p_keys) ORDER BY key FOR UPDATE;
  SELECT array_agg(COALESCE(c.count, 0) ORDER BY t.ord) INTO v_counts
    FROM unnest(p_keys) WITH ORDINALITY AS t(k, ord)
    LEFT JOIN limit_counters c ON c.key = t.k;
  FOR i IN 1 .. coalesce(array_length(p_keys, 1), 0) LOOP
    -- windowAdmits(count, amount, limit): no cap admits; a reached ceiling admits nothing
    -- (not even 0 units); otherwise the debit must fit.
    IF p_limits[i] IS NOT NULL AND (v_counts[i] >= p_limits[i] OR v_counts[i] + p_amounts[i] > p_limits[i]) THEN
      v_ok := false;
    END IF;
  END LOOP;
  IF v_ok THEN
    UPDATE limit_counters c SET count = c.count + t.a
      FROM unnest(p_keys, p_amounts) AS t(k, a)
     WHERE c.key = t.k;
    FOR i IN 1 .. coalesce(array_length(p_keys, 1), 0) LOOP
      v_counts[i] := v_counts[i] + p_amounts[i];
    END LOOP;
  END IF;
  RETURN QUERY SELECT v_ok, v_counts;
END
$$;
