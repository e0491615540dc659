-- Bank accounts of an organisation (docs/decisions.md 144–145): where its fiat settlements are paid.
-- Which detail columns an account fills depends on its currency and payment method
-- (src/domain/bankAccounts.ts); the others stay NULL. IBANs, account numbers and codes are kept
-- compacted (no spaces, capitals); answers mask the IBAN and the account number outside the edit page.
CREATE TABLE bank_accounts (
  id serial PRIMARY KEY,
  organisation_id integer NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  account_label text NOT NULL CHECK (length(account_label) BETWEEN 1 AND 200),
  account_currency text NOT NULL CHECK (account_currency IN ('EUR', 'GBP', 'USD')),
  payment_method text NOT NULL CHECK (payment_method IN ('SEPA', 'SWIFT', 'FPS', 'ACH', 'FEDWIRE')),
  holder_name text NOT NULL,
  holder_address text NOT NULL,
  holder_city text NOT NULL,
  holder_country text NOT NULL,
  iban text CHECK (iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$'),
  account_number text CHECK (account_number ~ '^[A-Z0-9]{1,34}$'),
  sort_code text CHECK (sort_code ~ '^[0-9]{6}$'),
  routing_number text CHECK (routing_number ~ '^[0-9]{9}$'),
  swift_code text CHECK (swift_code ~ '^[A-Z0-9]{8}([A-Z0-9]{3})?$'),
  bank_name text,
  bank_address text,
  intermediary_bank_name text,
  intermediary_bank_address text,
  bank_email text,
  created_at timestamptz NOT NULL,
  created_by integer REFERENCES users (id),
  updated_at timestamptz NOT NULL
);
CREATE INDEX bank_accounts_organisation ON bank_accounts (organisation_id, created_at DESC, id);
