/**
 * Fills businesses.name_key (after migration 0020) and roles.name_key (after 0056) where it is missing,
 * for the rows those migrations found.
 */
import { businessNameKey } from '../../src/domain/businessName';
import { roleNameKey } from '../../src/domain/roleName';
import type { Db } from './client';

/**
 * In id order; a row whose key another business of its organisation and visibility already holds (two
 * look-alike names written before keys existed) keeps NULL and is still compared by its name's key.
 */
export async function fillBusinessNameKeys(tx: Db): Promise<void> {
  const { rows } = await tx.query<{
    id: number;
    organisation_id: number;
    hidden_from_non_admins: boolean;
    name: string;
    name_key: string | null;
  }>('SELECT id, organisation_id, hidden_from_non_admins, name, name_key FROM businesses ORDER BY id');
  const slot = (r: (typeof rows)[number], key: string) =>
    `${r.organisation_id}/${r.hidden_from_non_admins}/${key}`;
  const taken = new Set(rows.filter((r) => r.name_key !== null).map((r) => slot(r, r.name_key!)));
  for (const row of rows) {
    if (row.name_key !== null) continue;
    const key = businessNameKey(row.name);
    if (taken.has(slot(row, key))) continue;
    taken.add(slot(row, key));
    await tx.query('UPDATE businesses SET name_key = $1 WHERE id = $2', [key, row.id]);
  }
}

/**
 * The custom roles' keys, in id order; a role whose key another role of its organisation already holds
 * (two look-alike names written before keys existed) keeps NULL and is still compared by its name's key.
 * Built-in roles (no organisation) get theirs too; the unique index leaves them out.
 */
export async function fillRoleNameKeys(tx: Db): Promise<void> {
  const { rows } = await tx.query<{ id: number; organisation_id: number | null; name: string }>(
    'SELECT id, organisation_id, name FROM roles WHERE name_key IS NULL ORDER BY id',
  );
  const taken = new Set<string>();
  for (const row of rows) {
    const key = roleNameKey(row.name);
    if (row.organisation_id !== null) {
      const slot = `${row.organisation_id}/${key}`;
      if (taken.has(slot)) continue;
      taken.add(slot);
    }
    await tx.query('UPDATE roles SET name_key = $1 WHERE id = $2', [key, row.id]);
  }
}
