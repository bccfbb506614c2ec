-- rcat schema version 7: bounds on dynamic client registration (docs/oauth.md, "Dynamic
-- registration"), and the server's own secrets. A registration no code was ever issued to is
-- "unused": it lapses after a day, and the unused ones are capped per source and in total
-- (src/server/store/ports/oauth.ts).
-- `registered_from` is a hash of the registering caller's network, never the address itself;
-- clients registered before this migration have none.

ALTER TABLE oauth_clients ADD COLUMN registered_from text;

-- Finding unused registrations: "no grant and no code names the client".
CREATE INDEX oauth_grants_client_idx ON oauth_grants (client_id);
CREATE INDEX oauth_codes_client_idx ON oauth_codes (client_id);
CREATE INDEX oauth_clients_created_idx ON oauth_clients (created_at);

-- Secrets the server keeps for itself, shared by every host (e.g. the key that binds the sign-in
-- form's token to its pre-session cookie, src/server/web/routes/sign-in.ts). Created on first use.
CREATE TABLE server_secrets (
  name       text PRIMARY KEY,
  value      text NOT NULL,
  created_at timestamptz NOT NULL
);
