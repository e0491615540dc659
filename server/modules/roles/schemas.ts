/** Wire shapes of /v1/roles and its list parameters. */
import { Type } from 'typebox';
import { PERMISSIONS } from '../../../src/domain/permissions';
import { ROLE_NAME_MAX_LENGTH } from '../../../src/domain/roles';
import {
  Id,
  Int32,
  INT32_MAX,
  Name,
  PermissionName,
  PERMISSIONS_MAX,
  STRICT_BODY,
  Text,
} from '../../http/schemas';
import { defineList } from '../../lib/list';

export const RoleSchema = Type.Object({
  id: Id,
  name: Name,
  permissions: Type.Array(PermissionName, { maxItems: PERMISSIONS_MAX }),
  builtIn: Type.Boolean(),
  userCount: Int32({
    minimum: 0,
    maximum: INT32_MAX,
    description: "Members of the caller's organisation holding it",
  }),
});

const roleFields = {
  // A blank name is the service's field error, in the form's words.
  name: Text({
    maxLength: ROLE_NAME_MAX_LENGTH,
    description: 'Unique in the organisation, not a built-in name',
  }),
  permissions: Type.Array(Type.Enum([...PERMISSIONS]), {
    maxItems: PERMISSIONS.length,
    uniqueItems: true,
    description: 'GET_ORGANISATION is always added',
  }),
};

export const CreateRoleBody = Type.Object(roleFields, STRICT_BODY);
export const UpdateRoleBody = Type.Object(
  { name: Type.Optional(roleFields.name), permissions: Type.Optional(roleFields.permissions) },
  { ...STRICT_BODY, minProperties: 1 },
);

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
