-- API keys: the credentials an integrator's server reads one business's data with
-- (`Authorization: ApiKey <id>.<secret>`, server/auth/apiKeys.ts). Only the SHA-256 of the secret is
-- kept; the whole credential is shown once, when the key is created. A deleted key stays as a row with
-- `revoked_at` set, so its history (who made it, when it was last used) outlives it.
CREATE TABLE api_keys (
  id uuid PRIMARY KEY,
  organisation_id integer NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  business_id integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  secret_hash text NOT NULL CHECK (secret_hash ~ '^[0-9a-f]{64}$'),
  scopes text[] NOT NULL,
  ip_allow_list text[] NOT NULL DEFAULT '{}',
  expires_at timestamptz,
  created_at timestamptz NOT NULL,
  created_by integer NOT NULL REFERENCES users (id),
  last_used_at timestamptz,
  last_used_ip text,
  revoked_at timestamptz
);
CREATE INDEX api_keys_organisation ON api_keys (organisation_id, created_at DESC, id);
