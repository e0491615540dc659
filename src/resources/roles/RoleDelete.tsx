/**
 * /user-roles/:id/delete (MANAGE_ROLES; legacy /user-roles/delete/:id): deleting a custom role after a
 * confirmation. A built-in role cannot be deleted; a role still assigned is refused by the API (409
 * 'Role is assigned to N users'), which the dialog shows.
 */
import { useTranslate } from 'react-admin';
import { DeleteConfirmation } from '../../layout';
import type { RoleRecord } from './RoleForm';

export default function RoleDelete() {
  const translate = useTranslate();
  return (
    <DeleteConfirmation<RoleRecord & { id: number }>
      resource="user-roles"
      nameOf={(role) => role.name}
      refusal={(role) =>
        role.builtIn ? translate('resources.user-roles.builtInNoDelete', { name: role.name }) : undefined
      }
      texts={{
        title: 'resources.user-roles.delete.title',
        question: 'resources.user-roles.delete.question',
        confirm: 'resources.user-roles.delete.confirm',
        done: 'resources.user-roles.delete.done',
      }}
    />
  );
}
