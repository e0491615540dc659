/** SQL of roles: the built-in ones (organisation_id NULL) are shared, the others belong to one organisation. */
import type { OrgScope } from '../../auth/scope';
import type { Db } from '../../db/client';
import type { ListQueryOf } from '../../lib/list';
import { roleList } from './schemas';

export interface RoleRow {
  id: number;
  name: string;
  permissions: string[];
  builtIn: boolean;
}

const COLUMNS = 'id, name, permissions, organisation_id IS NULL AS "builtIn"';

export function rolesRepository(db: Db) {
  return {
    list: (scope: OrgScope, query: ListQueryOf<typeof roleList>) =>
      roleList.run<RoleRow>(db, query, {
        select: COLUMNS,
        from: 'roles',
        owner: { column: 'organisation_id', scope, sharedWhenNull: true },
      }),

    async find(scope: OrgScope, id: number): Promise<RoleRow | undefined> {
      const { rows } = await db.query<RoleRow>(
        `SELECT ${COLUMNS} FROM roles WHERE id = $1 AND (organisation_id IS NULL OR organisation_id = $2)`,
        [id, scope.organisationId],
      );
      return rows[0];
    },
  };
}
