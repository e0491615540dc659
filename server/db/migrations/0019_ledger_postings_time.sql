-- The reports' balances at an instant (server/modules/reports/repository.ts) are an account's balance
-- less its postings from that instant on, and a ledger lists an account's postings of a window in time
-- order. Both read one account's postings by time, but the time was the entry's: the sum walked every
-- entry of the organisation from the instant on and joined its postings. Each posting now carries its
-- entry's time (set by the insert trigger, so no writer can get it wrong; entries and postings are
-- append-only, so it never goes stale), and (account, time, id) is an index that holds the amount: an
-- opening balance is one index range of the account, and a ledger's batches walk the same index.

ALTER TABLE ledger_postings ADD COLUMN created_at timestamptz;

-- The postings already there take their entry's time (the append-only guard is lifted for this
-- statement only: the migration runs in one transaction).
ALTER TABLE ledger_postings DISABLE TRIGGER ledger_postings_append_only;
UPDATE ledger_postings p SET created_at = e.created_at FROM ledger_entries e WHERE e.id = p.entry_id;
ALTER TABLE ledger_postings ENABLE TRIGGER ledger_postings_append_only;
ALTER TABLE ledger_postings ALTER COLUMN created_at SET NOT NULL;

-- 0011's trigger, which also stamps the entry's time on the posting.
CREATE OR REPLACE FUNCTION ledger_apply_posting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT created_at INTO NEW.created_at FROM ledger_entries WHERE id = NEW.entry_id;
  UPDATE ledger_accounts SET balance = balance + NEW.amount
    WHERE id = NEW.account_id
    RETURNING balance INTO NEW.balance_after;
  RETURN NEW;
END;
$$;

CREATE INDEX ledger_postings_account_time ON ledger_postings (account_id, created_at, id) INCLUDE (amount);
