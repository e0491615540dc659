-- GET_AUDIT_LOG (reading the audit log, in the full set of 'Manage users and roles') for the built-in
-- ADMIN role of databases seeded before it existed. A fresh database gets it from the seed (the
-- built-in roles' permissions come from src/domain/permissions.ts); the seed versions are untouched.
-- MANAGER, BACKOFFICE and SUPPORT do not read the audit log (docs/decisions.md, decision 155).
UPDATE roles SET permissions = array_append(permissions, 'GET_AUDIT_LOG')
 WHERE organisation_id IS NULL AND name = 'ADMIN' AND NOT ('GET_AUDIT_LOG' = ANY (permissions));
