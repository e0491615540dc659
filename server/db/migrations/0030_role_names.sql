-- Custom role names: unique per organisation regardless of case, and never a built-in role's name
-- (ADMIN alone sees the hidden business, by its name: server/auth/scope.ts). The API answers both with
-- a field error before the database has to refuse.
CREATE UNIQUE INDEX roles_organisation_name_folded ON roles (organisation_id, lower(name))
  WHERE organisation_id IS NOT NULL;
ALTER TABLE roles ADD CONSTRAINT roles_custom_name_not_built_in
  CHECK (organisation_id IS NULL OR upper(trim(name)) NOT IN ('ADMIN', 'MANAGER', 'BACKOFFICE', 'SUPPORT'));
