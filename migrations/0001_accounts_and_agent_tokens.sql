-- rcat schema version 1: accounts and agent tokens (src/server/store/ports.ts).
-- Timestamps are timestamptz; the adapters hand them to the services as ISO 8601 strings.

CREATE TABLE accounts (
  id            text PRIMARY KEY,
  email         text NOT NULL,
  name          text NOT NULL,
  company       text,
  plan          text NOT NULL CHECK (plan IN ('standard', 'paid')),
  paid_until    date,
  disabled      boolean NOT NULL DEFAULT false,
  password_hash text,
  created_at    timestamptz NOT NULL
);
-- E-mail addresses are unique regardless of case (AccountStore.create → 409 conflict).
CREATE UNIQUE INDEX accounts_email_lower_key ON accounts (lower(email));
-- Accounts of one company (case-insensitive) share the company ceiling.
CREATE INDEX accounts_company_lower_idx ON accounts (lower(company)) WHERE company IS NOT NULL;

CREATE TABLE agent_tokens (
  id           text PRIMARY KEY,
  account_id   text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  label        text NOT NULL,
  scopes       text[] NOT NULL,
  -- SHA-256 of the token, hex. The token itself is never stored.
  token_hash   text NOT NULL UNIQUE,
  created_at   timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL,
  last_used_at timestamptz,
  revoked_at   timestamptz
);
CREATE INDEX agent_tokens_account_idx ON agent_tokens (account_id);
