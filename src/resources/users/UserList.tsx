/**
 * /users (CREATE_USER as docs/product.md#screens-and-routes says; the API reads with GET_USERS): the
 * organisation's members by e-mail with their role, 2FA, last login and when they joined, searchable
 * by e-mail. Change role and remove, for whoever may, on a member the session may change: not oneself,
 * not an ADMIN for a non-ADMIN, not a member whose role holds a permission the session lacks (the
 * API's rule, src/domain/users.ts, as the edit page tells it: ./memberRefusal.ts). Those rows offer
 * no action, as one's own never did (the edit page, opened by its address, says why).
 */
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Stack, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { DataTable, ListBase, Pagination, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { all, satisfies } from '../../domain/requirements';
import { formatTimestamp } from '../../i18n/format';
import { Page, useAccessContext } from '../../layout';
import { ListSearch } from '../../layout/ListSearch';
import { useMemberRefusal } from './memberRefusal';

export interface UserRecord extends RaRecord {
  id: number;
  email: string;
  roleId: number;
  roleName: string;
  twoFaEnabled: boolean;
  lastLoginAt: string | null;
  createdAt: string;
}

function RowActions({ user }: { user: UserRecord }) {
  const translate = useTranslate();
  const access = useAccessContext();
  const refusal = useMemberRefusal(user);
  // Hidden until the roles tell (the permission rule), rather than offered and then taken back.
  if (refusal !== null) return null;
  const path = `/users/${user.id}`;
  return (
    <Stack direction="row" spacing={1}>
      {satisfies(all('UPDATE_USER'), access) ? (
        <Button
          component={Link}
          to={path}
          size="small"
          color="inherit"
          aria-label={translate('resources.users.editUser', { email: user.email })}
        >
          {translate('resources.users.changeRole')}
        </Button>
      ) : null}
      {satisfies(all('DELETE_USER'), access) ? (
        <Button
          component={Link}
          to={`${path}/delete`}
          size="small"
          color="error"
          aria-label={translate('resources.users.removeUser', { email: user.email })}
        >
          {translate('resources.users.remove.confirm')}
        </Button>
      ) : null}
    </Stack>
  );
}

export default function UserList() {
  const translate = useTranslate();
  const notify = useNotify();
  const field = (name: string) => translate(`resources.users.fields.${name}`);
  return (
    <ListBase<UserRecord>
      resource="users"
      sort={{ field: 'email', order: 'ASC' }}
      perPage={25}
      queryOptions={{ onError: () => notify('resources.users.loadFailed', { type: 'error' }) }}
    >
      <Page
        title="resources.users.name"
        maxWidth="full"
        toolbar={<ListSearch label="resources.users.search" />}
        action={
          <Button component={Link} to="/users/create" variant="contained" startIcon={<AddIcon aria-hidden />}>
            {translate('resources.users.createTitle')}
          </Button>
        }
      >
        {/* A wide table scrolls here instead of widening the page (a phone). */}
        <Box sx={{ overflowX: 'auto', contain: 'inline-size' }}>
          <DataTable<UserRecord>
            bulkActionButtons={false}
            rowClick={false}
            empty={
              <Typography role="status" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
                {translate('resources.users.empty')}
              </Typography>
            }
          >
            <DataTable.Col source="email" label={field('email')} />
            <DataTable.Col source="roleName" label={field('roleName')} />
            <DataTable.Col
              source="twoFaEnabled"
              label={field('twoFaEnabled')}
              disableSort
              render={(user: UserRecord) =>
                translate(user.twoFaEnabled ? 'resources.users.on' : 'resources.users.off')
              }
            />
            <DataTable.Col
              source="lastLoginAt"
              label={field('lastLoginAt')}
              disableSort
              render={(user: UserRecord) =>
                user.lastLoginAt ? formatTimestamp(user.lastLoginAt) : translate('resources.users.never')
              }
            />
            <DataTable.Col
              source="createdAt"
              label={field('createdAt')}
              render={(user: UserRecord) => formatTimestamp(user.createdAt)}
            />
            <DataTable.Col
              source="actions"
              label={field('actions')}
              disableSort
              render={(user: UserRecord) => <RowActions user={user} />}
            />
          </DataTable>
        </Box>
        <Pagination />
      </Page>
    </ListBase>
  );
}
