import { USER_TEXTS } from '../../domain/users';

// Why a member's edit page is read-only: the API's own refusals (src/domain/users.ts).
const readOnly: Record<'self' | 'adminOnly' | 'widerMember', string> = {
  self: USER_TEXTS.self,
  adminOnly: USER_TEXTS.adminOnly,
  widerMember: USER_TEXTS.widerMember(['%{permissions}']),
};

export const userMessages = {
  resources: {
    users: {
      name: 'Users',
      empty: 'No users found.',
      search: 'Search by e-mail',
      loadFailed: 'The users could not be loaded.',
      rolesFailed: 'The roles could not be loaded.',
      fields: {
        email: 'E-mail',
        password: 'Password',
        confirmationPassword: 'Confirm password',
        roleName: 'Role',
        twoFaEnabled: '2FA',
        lastLoginAt: 'Last login',
        createdAt: 'Added',
        actions: 'Actions',
      },
      on: 'On',
      off: 'Off',
      never: 'Never',
      passwordHelp:
        'At least 8 characters with an uppercase and a lowercase letter and a number. Ignored when the e-mail already has an account.',
      createTitle: 'Add user',
      create: 'Add user',
      created: '%{email} was added.',
      editTitle: 'Change role',
      viewTitle: 'Role of a user',
      back: 'Back to users',
      readOnly,
      editing: 'The role of %{email} in this organisation',
      save: 'Save',
      saved: 'The role of %{email} was saved.',
      changeRole: 'Change role',
      editUser: 'Change the role of %{email}',
      removeUser: 'Remove %{email}',
      remove: {
        title: 'Remove user',
        question: 'Remove %{name} from this organisation? Their sessions in it end at once.',
        confirm: 'Remove',
        done: '%{name} was removed.',
      },
    },
  },
  validation: { user: { roleRequired: 'Select a role' } },
};
