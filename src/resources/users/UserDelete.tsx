/**
 * /users/:id/delete (CREATE_USER as the page's guard; the call needs DELETE_USER; legacy
 * /users/delete/:id): removing a member from the organisation after a confirmation; the member's
 * sessions in it end. Removing oneself or the last ADMIN is refused by the API with its text.
 */
import { DeleteConfirmation } from '../../layout';
import type { UserRecord } from './UserList';

export default function UserDelete() {
  return (
    <DeleteConfirmation<UserRecord>
      resource="users"
      nameOf={(user) => user.email}
      texts={{
        title: 'resources.users.remove.title',
        question: 'resources.users.remove.question',
        confirm: 'resources.users.remove.confirm',
        done: 'resources.users.remove.done',
      }}
    />
  );
}
