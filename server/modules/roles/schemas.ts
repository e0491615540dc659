/** Wire shapes of /v1/roles and its list parameters. */
import { Type } from 'typebox';
import { Id, Name, PermissionName, PERMISSIONS_MAX } from '../../http/schemas';
import { defineList } from '../../lib/list';

export const RoleSchema = Type.Object({
  id: Id,
  name: Name,
  permissions: Type.Array(PermissionName, { maxItems: PERMISSIONS_MAX }),
  builtIn: Type.Boolean(),
});

/** Built-in roles first, then the organisation's own, by id, unless the caller sorts. */
export const roleList = defineList({
  listKey: 'roles',
  sortBy: { id: 'id', name: 'name', builtIn: '(organisation_id IS NULL)' },
  defaultOrder: 'organisation_id NULLS FIRST',
  tieBreaker: 'id',
  search: ['name'],
  filters: {
    builtIn: { schema: Type.Boolean(), where: (p: string) => `(organisation_id IS NULL) = ${p}` },
  },
});

export const RoleParams = Type.Object({ id: Id });
