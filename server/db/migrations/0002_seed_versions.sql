-- Versioned demo data: each seed version (server/db/seed/index.ts) is applied once and recorded here,
-- so data added by a later version reaches a database seeded by an earlier one.

CREATE TABLE seed_versions (
  version integer PRIMARY KEY,
  description text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
);

-- A database seeded before versions were recorded holds version 1 (the foundation's demo data).
INSERT INTO seed_versions (version, description)
SELECT 1, 'foundation: organisations, roles, demo accounts, currencies (recorded by migration 0002)'
WHERE EXISTS (SELECT 1 FROM organisations);
