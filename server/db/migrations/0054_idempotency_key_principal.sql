-- Idempotency keys are the caller's, not only the organisation's (issue 31, docs/decisions.md 224): a
-- key is held by the principal that used it first, the user of a session ('user:<id>') or an API key
-- ('api-key:<key id>'). Another principal of the organisation sending the key is 422, as a reused key
-- with another request is, and never the stored answer: the answer of a transfer of a business hidden
-- from the second caller, or an approver's 'approved' to the withdrawal's creator.
--
-- The primary key stays (organisation_id, key): one principal holds a key, so a second principal's
-- request with it waits on the first one's claim and then finds it taken (422); a key per principal
-- would let the second one's claim through and move the money a second time.
--
-- Rows written before hold the user (user_id); one without a user was an API key's, whose id was not
-- kept ('api-key': no caller is that principal, so its retry is 422, never a second movement).
ALTER TABLE idempotency_keys ADD COLUMN principal text;
UPDATE idempotency_keys
   SET principal = CASE WHEN user_id IS NULL THEN 'api-key' ELSE 'user:' || user_id END;
ALTER TABLE idempotency_keys ALTER COLUMN principal SET NOT NULL;
ALTER TABLE idempotency_keys
  ADD CONSTRAINT idempotency_keys_principal CHECK (length(principal) BETWEEN 1 AND 60);
