/** /user-roles/:id (MANAGE_ROLES; legacy /user-roles/edit/:id): the role form with the role (read-only when built in). */
import { useParams } from 'react-router-dom';
import { RoleEditPage } from './RoleForm';

export default function RoleEdit() {
  const { id = '' } = useParams<{ id: string }>();
  return <RoleEditPage key={id} id={id} />;
}
