/** /user-roles/create (MANAGE_ROLES): the role form, empty (every group at 'No access'). */
import { RoleCreatePage } from './RoleForm';

export default function RoleCreate() {
  return <RoleCreatePage />;
}
