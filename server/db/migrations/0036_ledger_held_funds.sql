-- Held funds (issue 16): a business's money reserved for a movement under way (a withdrawal waiting
-- for its approval) sits in the business's 'held' account of that currency, one per business and
-- currency like its 'business' account. A hold is an entry business → held, a release the reverse, and
-- the withdrawal's execution held → external; every one through postEntry. So the 'business' account's
-- balance is what the business can still move (available), the 'held' account's what is reserved, and
-- their sum what it owns. Neither goes below zero: a hold larger than the available balance and a
-- release larger than the held amount are refused by the same CHECK, under the same row locks.

ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check;
ALTER TABLE ledger_accounts
  ADD CONSTRAINT ledger_accounts_kind_check CHECK (kind IN ('business', 'held', 'external', 'fee', 'conversion'));

ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_owner;
ALTER TABLE ledger_accounts
  ADD CONSTRAINT ledger_accounts_owner CHECK ((kind IN ('business', 'held')) = (business_id IS NOT NULL));

ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_no_overdraft;
ALTER TABLE ledger_accounts
  ADD CONSTRAINT ledger_accounts_no_overdraft CHECK (kind NOT IN ('business', 'held') OR balance >= 0);
