-- rcat schema version 3: web sign-in sessions (WebSessionStore). Only the SHA-256 of the cookie
-- secret is stored.

CREATE TABLE web_sessions (
  id              text PRIMARY KEY,
  account_id      text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  token_hash      text NOT NULL UNIQUE,
  csrf_token      text NOT NULL,
  created_at      timestamptz NOT NULL,
  last_seen_at    timestamptz NOT NULL,
  expires_at      timestamptz NOT NULL,
  idle_expires_at timestamptz NOT NULL
);
CREATE INDEX web_sessions_account_idx ON web_sessions (account_id);
CREATE INDEX web_sessions_expiry_idx ON web_sessions (LEAST(expires_at, idle_expires_at));
