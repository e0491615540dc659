-- Who made each change of a record's history, and whether a 2FA code was checked (issue 32 §2,
-- docs/decisions.md 242–243). An audit row now keeps the transaction it was written in (`xact`,
-- pg_current_xact_id, the same value record_history.xact takes in that transaction), so a record's
-- page names the user or API key behind each status change; and, for a route that declares
-- config.twoFactor, whether the caller's code was checked (true) or the caller has 2FA off (false).
-- NULL in both for the rows written before (and two_factor for every other route): not known.
-- Added without a default first, so the rows already there keep NULL rather than this migration's id.
ALTER TABLE audit_log ADD COLUMN xact bigint;
ALTER TABLE audit_log ALTER COLUMN xact SET DEFAULT (pg_current_xact_id()::text::bigint);
ALTER TABLE audit_log ADD COLUMN two_factor boolean;
