-- Business names are unique by what they look like (src/domain/businessName.ts): name_key holds the
-- name's comparison key (NFKC, case-folded, spaces collapsed, the Unicode confusable skeleton). The key
-- is computed by the application, which fills it for the existing rows right after this migration
-- (server/db/migrate.ts); a row written without one (NULL) is compared by its name's key by the API.
--
-- Uniqueness holds per organisation and visibility: the hidden business (hidden_from_non_admins) does
-- not take its name from the businesses everybody sees, so that no answer to a non-ADMIN reveals it.
-- ADMIN, who sees every business, is refused a name any business of the organisation has (the API).
ALTER TABLE businesses ADD COLUMN name_key text CHECK (length(name_key) <= 400);
DROP INDEX businesses_name;
CREATE UNIQUE INDEX businesses_name_key ON businesses (organisation_id, hidden_from_non_admins, name_key);
