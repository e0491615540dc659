/**
 * The organisation's users (docs/decisions.md, decisions 130 and 134): the members with their roles,
 * adding one (a new account, or a membership for an e-mail that has one), changing a member's role
 * and removing a member. Every page's guard is CREATE_USER as docs/product.md#screens-and-routes says;
 * the API checks each call's own permission.
 */
import { lazy } from 'react';
import PeopleIcon from '@mui/icons-material/PeopleOutlined';
import { resource } from '../../declarations';
import { all } from '../../domain/requirements';
import { userMessages } from './messages';

const CREATE_USER = all('CREATE_USER');

export default resource({
  name: 'users',
  api: {
    path: 'users',
    listKey: 'users',
    filters: (filter) => ({
      q: typeof filter.q === 'string' && filter.q.trim() ? filter.q.trim() : undefined,
    }),
    sort: { email: 'email', roleName: 'roleName', createdAt: 'createdAt' },
    // The passwords of a creation never stay in the record cache.
    toRecord: (raw) => {
      const { password: _password, confirmationPassword: _confirmation, ...record } = raw;
      return record as never;
    },
  },
  access: { list: CREATE_USER, create: CREATE_USER, edit: CREATE_USER, delete: CREATE_USER },
  // Settings: change password 10, two-factor authentication 20, API keys 30, users 40, roles 50.
  menu: { section: 'settings', label: 'resources.users.name', icon: PeopleIcon, order: 40 },
  aliases: { '/create-user': 'create', '/edit-user/:id': 'edit', '/users/delete/:id': 'delete' },
  list: lazy(() => import('./UserList')),
  create: lazy(() => import('./UserCreate')),
  edit: lazy(() => import('./UserEdit')),
  delete: lazy(() => import('./UserDelete')),
  recordRepresentation: 'email',
  messages: userMessages,
  translations: { de: () => import('./messages.de').then((m) => m.userMessagesDe) },
});
