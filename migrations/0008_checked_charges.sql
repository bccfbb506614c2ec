-- rcat schema version 8: the gate's one round trip (docs/postgres.md "One round trip per request").
-- `rcat_charge_checked` takes a batch of charges — every charge that arrived at one host while its
-- previous batch was in the database — and, in one statement and one transaction:
--   1. re-checks each charge's bearer credential: the token (by its SHA-256 hash) still exists and
--      is not revoked (an OAuth access token: nor its grant), and its account is the one the host
--      planned the charge for, is not disabled, and has the plan, paid-until date and company the
--      host planned with (they decide which windows apply). A charge whose check fails is not
--      made (`checked` false): the host then authenticates the token afresh and answers as it
--      would have without this shortcut;
--   2. creates missing counter rows and locks every counter of the batch FOR UPDATE, both in key
--      order (two batches, on any hosts, never deadlock);
--   3. applies the admission rule of `windowAdmits` (src/server/store/ports/limit-counters.ts) to
--      each checked charge in arrival order, against the counts left by the charges before it,
--      and debits all of a charge's windows or none;
--   4. writes back the counters that changed.
-- A charge with no credential (kind NULL) is a plain charge for an account verified elsewhere
-- (a web session), exactly as rcat_charge_all (0002) does.
--
-- Arguments are parallel arrays:
--   per charge:  p_kinds ('agent' | 'oauth' | NULL), p_hashes, p_accounts, p_plans, p_paid_until,
--                p_companies, p_first (index of the charge's first window in the window arrays;
--                its windows run to the next charge's first window);
--   per window:  p_key_of (index of its counter in p_keys), p_amounts, p_limits (NULL = no cap);
--   per counter: p_keys (distinct), p_expires.
-- Returns one row per charge, in order: checked, allowed, and the counts of its windows (after the
-- debit when allowed, unchanged when not; NULL when not checked).
CREATE FUNCTION rcat_charge_checked(
  p_kinds text[], p_hashes text[], p_accounts text[], p_plans text[], p_paid_until date[], p_companies text[],
  p_first integer[],
  p_key_of integer[], p_amounts bigint[], p_limits bigint[],
  p_keys text[], p_expires timestamptz[]
)
RETURNS TABLE (checked boolean, allowed boolean, counts bigint[])
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  n_charges integer := coalesce(array_length(p_kinds, 1), 0);
  n_windows integer := coalesce(array_length(p_key_of, 1), 0);
  v_valid boolean[];
  v_counts bigint[] := array_fill(0::bigint, ARRAY[coalesce(array_length(p_keys, 1), 0)]);
  v_before bigint[];
  v_row record;
  v_last integer;
  v_admit boolean;
  v_count bigint;
  i integer;
  w integer;
BEGIN
  SELECT array_agg(
           CASE
             WHEN r.kind IS NULL THEN true
             WHEN r.kind = 'agent' THEN EXISTS (
               SELECT 1 FROM agent_tokens t JOIN accounts a ON a.id = t.account_id
                WHERE t.token_hash = r.hash AND t.revoked_at IS NULL
                  AND a.id = r.account AND NOT a.disabled AND a.plan = r.plan
                  AND a.paid_until IS NOT DISTINCT FROM r.paid_until AND a.company IS NOT DISTINCT FROM r.company)
             WHEN r.kind = 'oauth' THEN EXISTS (
               SELECT 1 FROM oauth_tokens t JOIN oauth_grants g ON g.id = t.grant_id JOIN accounts a ON a.id = g.account_id
                WHERE t.token_hash = r.hash AND t.kind = 'access' AND t.revoked_at IS NULL AND g.revoked_at IS NULL
                  AND a.id = r.account AND NOT a.disabled AND a.plan = r.plan
                  AND a.paid_until IS NOT DISTINCT FROM r.paid_until AND a.company IS NOT DISTINCT FROM r.company)
             ELSE false
           END ORDER BY r.ord)
    INTO v_valid
    FROM unnest(p_kinds, p_hashes, p_accounts, p_plans, p_paid_until, p_companies)
         WITH ORDINALITY AS r(kind, hash, account, plan, paid_until, company, ord);

  INSERT INTO limit_counters (key, count, expires_at)
    SELECT k, 0, e FROM unnest(p_keys, p_expires) AS t(k, e) ORDER BY k
    ON CONFLICT (key) DO NOTHING;
  FOR v_row IN
    SELECT t.ord, c.count FROM unnest(p_keys) WITH ORDINALITY AS t(k, ord) JOIN limit_counters c ON c.key = t.k
     ORDER BY c.key FOR UPDATE OF c
  LOOP
    v_counts[v_row.ord] := v_row.count;
  END LOOP;
  v_before := v_counts;

  FOR i IN 1 .. n_charges LOOP
    IF NOT v_valid[i] THEN
      checked := false; allowed := false; counts := NULL;
      RETURN NEXT;
      CONTINUE;
    END IF;
    v_last := CASE WHEN i < n_charges THEN p_first[i + 1] - 1 ELSE n_windows END;
    -- windowAdmits(count, amount, limit): no cap admits; a reached ceiling admits nothing (not
    -- even 0 units); otherwise the debit must fit.
    v_admit := true;
    FOR w IN p_first[i] .. v_last LOOP
      v_count := v_counts[p_key_of[w]];
      IF p_limits[w] IS NOT NULL AND (v_count >= p_limits[w] OR v_count + p_amounts[w] > p_limits[w]) THEN
        v_admit := false;
      END IF;
    END LOOP;
    counts := '{}';
    FOR w IN p_first[i] .. v_last LOOP
      IF v_admit THEN
        v_counts[p_key_of[w]] := v_counts[p_key_of[w]] + p_amounts[w];
      END IF;
      counts := counts || v_counts[p_key_of[w]];
    END LOOP;
    checked := true; allowed := v_admit;
    RETURN NEXT;
  END LOOP;

  UPDATE limit_counters c SET count = t.after
    FROM unnest(p_keys, v_counts, v_before) AS t(k, after, before)
   WHERE c.key = t.k AND t.after <> t.before;
END
$$;
