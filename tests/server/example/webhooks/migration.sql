CREATE TABLE webhooks (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organisation_id integer NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  business_id integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  url text NOT NULL CHECK (length(url) BETWEEN 1 AND 2048),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhooks_organisation_created ON webhooks (organisation_id, created_at DESC, id);
