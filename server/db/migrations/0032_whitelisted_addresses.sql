-- Whitelisted addresses: the crypto addresses an organisation may send withdrawals to. The API checks
-- each address against its chain's format and checksum (src/domain/addresses.ts) before it lands here.
-- `chain` is the ledger the currency's network is (BTC, LTC, EVM_ETH, TRON, …): an address is the same
-- destination for every currency of one chain (ETH and USDT on Ethereum). Rows are removed on delete;
-- the audit log keeps their history.
CREATE TABLE whitelisted_addresses (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organisation_id integer NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  label text NOT NULL CHECK (length(label) BETWEEN 1 AND 100),
  currency text NOT NULL REFERENCES currencies (abbreviation),
  network text NOT NULL CHECK (network ~ '^[A-Z0-9_]{1,16}$'),
  chain text NOT NULL CHECK (chain ~ '^[A-Z0-9_]{1,16}$'),
  address text NOT NULL CHECK (length(address) BETWEEN 1 AND 128),
  -- XRP's destination tag or Stellar's memo id (digits, up to 2^64 - 1); NULL on the other chains.
  destination_tag text CHECK (destination_tag ~ '^[0-9]{1,20}$'),
  created_at timestamptz NOT NULL,
  created_by integer REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX whitelisted_addresses_organisation ON whitelisted_addresses (organisation_id, created_at DESC, id);
-- One destination once per organisation: the same chain, the same address under the chain's case rule
-- (EVM addresses are case-insensitive, every other format is case-exact) and the same tag. The index,
-- not a prior SELECT, is what makes two simultaneous requests for one address end in one row.
CREATE UNIQUE INDEX whitelisted_addresses_destination ON whitelisted_addresses (
  organisation_id,
  chain,
  (CASE WHEN chain LIKE 'EVM\_%' THEN lower(address) ELSE address END),
  (COALESCE(destination_tag, ''))
);
