-- Stated conversion rates (issue: businesses and the ledger): 1 unit of base_currency is worth `rate`
-- units of quote_currency, as of `as_of`. Global reference data (no organisation); balances convert
-- their display amounts through it and balance conversions (issue 9) quote from it. One row per pair:
-- a newer rate replaces the older one.
CREATE TABLE conversion_rates (
  base_currency text NOT NULL REFERENCES currencies (abbreviation),
  quote_currency text NOT NULL REFERENCES currencies (abbreviation),
  rate numeric(38, 18) NOT NULL CHECK (rate > 0),
  as_of timestamptz NOT NULL,
  PRIMARY KEY (base_currency, quote_currency),
  -- A currency is worth itself: code treats that pair as 1 without a row.
  CONSTRAINT conversion_rates_distinct CHECK (base_currency <> quote_currency)
);
