/** SQL of roles: the built-in ones (organisation_id NULL) are shared, the others belong to one organisation. */
import { roleNameKey } from '../../../src/domain/roleName';
import type { OrgScope } from '../../auth/scope';
import type { Db } from '../../db/client';
import type { ListQueryOf } from '../../lib/list';
import { roleList } from './schemas';

export interface RoleRow {
  id: number;
  name: string;
  permissions: string[];
  builtIn: boolean;
  userCount: number;
}

/** The columns, with the placeholder of the caller's organisation (for the member count). */
const columns = (organisation: string) =>
  `id, name, permissions, organisation_id IS NULL AS "builtIn",
   (SELECT count(*)::int FROM memberships m WHERE m.role_id = roles.id AND m.organisation_id = ${organisation}) AS "userCount"`;

export function rolesRepository(db: Db) {
  return {
    list: (scope: OrgScope, query: ListQueryOf<typeof roleList>) =>
      roleList.run<RoleRow>(db, query, {
        // The list helper names the placeholder it binds the organisation to.
        select: ({ organisation }) => columns(organisation),
        from: 'roles',
        owner: { column: 'organisation_id', scope, sharedWhenNull: true },
      }),

    async find(scope: OrgScope, id: number): Promise<RoleRow | undefined> {
      const { rows } = await db.query<RoleRow>(
        `SELECT ${columns('$2')} FROM roles WHERE id = $1 AND (organisation_id IS NULL OR organisation_id = $2)`,
        [id, scope.organisationId],
      );
      return rows[0];
    },

    /**
     * Another role of the organisation (or a built-in one) whose name has the same key as `name`
     * (src/domain/roleName.ts: case, full-width letters and look-alikes aside). A row without a stored
     * key is compared by its name's key.
     */
    async nameTaken(scope: OrgScope, name: string, exceptId?: number): Promise<boolean> {
      const key = roleNameKey(name);
      const { rows } = await db.query<{ name: string; key: string | null }>(
        `SELECT name, name_key AS key FROM roles
          WHERE (organisation_id IS NULL OR organisation_id = $2) AND (name_key = $1 OR name_key IS NULL)
            AND ($3::int IS NULL OR id <> $3::int)`,
        [key, scope.organisationId, exceptId ?? null],
      );
      return rows.some((row) => (row.key ?? roleNameKey(row.name)) === key);
    },

    async insert(scope: OrgScope, name: string, permissions: readonly string[]): Promise<number> {
      const { rows } = await db.query<{ id: number }>(
        'INSERT INTO roles (organisation_id, name, name_key, permissions) VALUES ($1, $2, $3, $4) RETURNING id',
        [scope.organisationId, name, roleNameKey(name), permissions],
      );
      return rows[0].id;
    },

    /** Changes a custom role of the organisation; false when there is none with that id. */
    async update(scope: OrgScope, id: number, change: { name?: string; permissions?: readonly string[] }) {
      const { rows } = await db.query(
        `UPDATE roles SET name = COALESCE($3, name), name_key = COALESCE($5, name_key),
                permissions = COALESCE($4, permissions)
          WHERE id = $1 AND organisation_id = $2 RETURNING id`,
        [
          id,
          scope.organisationId,
          change.name ?? null,
          change.permissions ?? null,
          change.name === undefined ? null : roleNameKey(change.name),
        ],
      );
      return rows.length === 1;
    },

    /**
     * Deletes a custom role nobody holds: 'deleted', 'missing', or the number of members holding it
     * (in any organisation: a custom role belongs to one). The check and the delete are one statement.
     */
    async remove(scope: OrgScope, id: number): Promise<'deleted' | 'missing' | number> {
      const { rows } = await db.query<{ deleted: boolean; holders: number }>(
        `WITH target AS (SELECT id FROM roles WHERE id = $1 AND organisation_id = $2),
              holders AS (SELECT count(*)::int AS n FROM memberships WHERE role_id IN (SELECT id FROM target)),
              gone AS (DELETE FROM roles WHERE id IN (SELECT id FROM target) AND (SELECT n FROM holders) = 0
                       RETURNING id)
         SELECT EXISTS (SELECT 1 FROM gone) AS deleted, (SELECT n FROM holders) AS holders,
                EXISTS (SELECT 1 FROM target) AS found`,
        [id, scope.organisationId],
      );
      const row = rows[0] as { deleted: boolean; holders: number; found?: boolean };
      if (row.deleted) return 'deleted';
      return row.found ? row.holders : 'missing';
    },
  };
}
