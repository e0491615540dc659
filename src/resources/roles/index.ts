/**
 * Roles by permission group (docs/decisions.md, decisions 129 and 134): the built-in and the
 * organisation's own roles with their member counts, the role form (each group at 'Full access',
 * 'View access' or 'No access'), and deleting a custom role nobody holds. The API is /v1/roles.
 */
import { lazy } from 'react';
import BadgeIcon from '@mui/icons-material/BadgeOutlined';
import { resource } from '../../declarations';
import { all } from '../../domain/requirements';
import { roleMessages } from './messages';

const MANAGE_ROLES = all('MANAGE_ROLES');

export default resource({
  name: 'user-roles',
  api: {
    path: 'roles',
    listKey: 'roles',
    sort: { name: 'name', builtIn: 'builtIn', id: 'id' },
  },
  access: { list: MANAGE_ROLES, create: MANAGE_ROLES, edit: MANAGE_ROLES, delete: MANAGE_ROLES },
  // Settings: change password 10, two-factor authentication 20, API keys 30, users 40, roles 50.
  menu: { section: 'settings', label: 'resources.user-roles.name', icon: BadgeIcon, order: 50 },
  // /user-roles/create is already the canonical create route.
  aliases: { '/user-roles/edit/:id': 'edit', '/user-roles/delete/:id': 'delete' },
  list: lazy(() => import('./RoleList')),
  create: lazy(() => import('./RoleCreate')),
  edit: lazy(() => import('./RoleEdit')),
  delete: lazy(() => import('./RoleDelete')),
  recordRepresentation: 'name',
  messages: roleMessages,
  translations: { de: () => import('./messages.de').then((m) => m.roleMessagesDe) },
});
