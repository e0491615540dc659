-- Custom role names are unique by what they look like, as business names are (migration 0020,
-- src/domain/roleName.ts): name_key holds the name's comparison key (NFKC, case-folded, spaces
-- collapsed, the Unicode confusable skeleton), so 'Ops' and 'ＯＰＳ' are one name. The key is computed
-- by the application, which fills it for the existing rows right after this migration
-- (server/db/migrate.ts); a row written without one (NULL) is compared by its name's key by the API.
-- The case-folded index of migration 0030 stays: every pair it refuses, this one refuses too.
ALTER TABLE roles ADD COLUMN name_key text CHECK (length(name_key) <= 400);
CREATE UNIQUE INDEX roles_organisation_name_key ON roles (organisation_id, name_key)
  WHERE organisation_id IS NOT NULL;
