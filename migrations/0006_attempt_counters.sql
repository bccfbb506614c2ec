-- rcat schema version 6: failed-attempt counters for brute-force throttling of the web sign-in
-- and the OAuth token endpoint (src/server/store/attempt-counters.ts). Shared by every host, so
-- N hosts give an attacker no more attempts than one. Keys are SHA-256 hashes of what they count
-- (a typed e-mail address, a client IP, a client_id), never the text itself. Times are epoch
-- milliseconds of the servers' clocks. Short-lived: forgotten after the idle period, pruned.

CREATE TABLE attempt_counters (
  space           text NOT NULL,
  key_hash        text NOT NULL,
  failures        integer NOT NULL,
  last_failure_at bigint NOT NULL,
  blocked_until   bigint NOT NULL,
  PRIMARY KEY (space, key_hash)
);
CREATE INDEX attempt_counters_recency_idx ON attempt_counters (space, last_failure_at);
