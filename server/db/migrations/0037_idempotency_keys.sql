-- Idempotent requests (issue 16, `config.idempotent`, server/http/idempotency.ts): a money-moving POST
-- or PATCH carries an Idempotency-Key (a UUID). The request claims its key by inserting this row in the
-- transaction that makes its change, and stores its answer in the same row before that transaction
-- commits, so:
--   * the change and the stored answer commit together, or neither does (a refused request leaves no
--     row, and a retry runs afresh);
--   * a second request with the same key, on this instance or another one on the same database, waits
--     on the first one's uncommitted row (the primary key) and then answers the stored status and
--     body without a second change; with another request under the key, 422;
--   * keys belong to an organisation, and a key is kept 24 hours (expires_at, from the server's clock).
CREATE TABLE idempotency_keys (
  organisation_id integer NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  key uuid NOT NULL,
  -- "METHOD /route/:pattern" the key was used on, and a hash of the request (route, path parameters,
  -- body) that tells the same request from another one under the same key.
  route text NOT NULL CHECK (length(route) <= 300),
  request_hash text NOT NULL CHECK (length(request_hash) = 64),
  -- Who used it (the acting user; NULL for an API key).
  user_id integer,
  -- The stored answer: a success status (2xx) and its body. NULL only inside the claiming transaction,
  -- which sets it before it commits (or rolls back, leaving no row).
  status smallint CHECK (status BETWEEN 200 AND 299),
  response jsonb,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (organisation_id, key)
);
CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);
