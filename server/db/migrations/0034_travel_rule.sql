-- The travel rule (docs/decisions.md 148): the crypto deposits that need their originator's data, and
-- that data once given. A side table, not columns of payment_deposits: only the deposits the rule
-- applies to have a row (the seed marks them; an intake would), an update never touches the deposits
-- table (whose triggers keep the statistics), and a row without an originator is a deposit lacking data.
CREATE TABLE deposit_travel_rule (
  id bigint PRIMARY KEY REFERENCES payment_deposits (id) ON DELETE CASCADE,
  organisation_id integer NOT NULL,
  business_id integer NOT NULL,
  -- The deposit's receipt (its created_at), kept here so the list's default order and the count of
  -- deposits lacking data read this table's index alone.
  received_at timestamptz NOT NULL,
  originator_type text CHECK (originator_type IN ('NATURAL', 'LEGAL')),
  originator_name text CHECK (length(originator_name) BETWEEN 1 AND 100),
  originator_address text CHECK (length(originator_address) BETWEEN 1 AND 200),
  originator_city text CHECK (length(originator_city) BETWEEN 1 AND 100),
  originator_country text CHECK (originator_country ~ '^[A-Z]{2}$'),
  national_identifier_type text CHECK (national_identifier_type ~ '^[A-Z]{4}$'),
  national_identifier text CHECK (length(national_identifier) BETWEEN 1 AND 35),
  provided_at timestamptz,
  provided_by integer REFERENCES users (id),
  FOREIGN KEY (business_id, organisation_id) REFERENCES businesses (id, organisation_id),
  -- The originator is all there or not at all.
  CHECK (
    (originator_type IS NULL AND originator_name IS NULL AND originator_address IS NULL
      AND originator_city IS NULL AND originator_country IS NULL AND national_identifier_type IS NULL
      AND national_identifier IS NULL AND provided_at IS NULL)
    OR (originator_type IS NOT NULL AND originator_name IS NOT NULL AND originator_address IS NOT NULL
      AND originator_city IS NOT NULL AND originator_country IS NOT NULL
      AND national_identifier_type IS NOT NULL AND national_identifier IS NOT NULL
      AND provided_at IS NOT NULL)
  )
);
-- The list and the sidebar's count: only the deposits still lacking data, newest first.
CREATE INDEX deposit_travel_rule_missing ON deposit_travel_rule (organisation_id, received_at DESC, id DESC)
  WHERE originator_type IS NULL;
CREATE INDEX deposit_travel_rule_business ON deposit_travel_rule (business_id);
