/**
 * /user-roles (MANAGE_ROLES): the built-in roles, then the organisation's own, with how many members
 * hold each. A custom role can be edited and deleted; a built-in one only viewed.
 */
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Stack, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { DataTable, ListBase, Pagination, useNotify, useTranslate } from 'react-admin';
import { formatNumber } from '../../i18n/format';
import { Page, StatusChip } from '../../layout';
import type { RoleRecord } from './RoleForm';

function RowActions({ role }: { role: RoleRecord }) {
  const translate = useTranslate();
  const path = `/user-roles/${role.id}`;
  return (
    <Stack direction="row" spacing={1}>
      <Button
        component={Link}
        to={path}
        size="small"
        color="inherit"
        aria-label={translate(
          role.builtIn ? 'resources.user-roles.viewRole' : 'resources.user-roles.editRole',
          {
            name: role.name,
          },
        )}
      >
        {translate(role.builtIn ? 'ra.action.show' : 'ra.action.edit')}
      </Button>
      {role.builtIn ? null : (
        <Button
          component={Link}
          to={`${path}/delete`}
          size="small"
          color="error"
          aria-label={translate('resources.user-roles.deleteRole', { name: role.name })}
        >
          {translate('ra.action.delete')}
        </Button>
      )}
    </Stack>
  );
}

export default function RoleList() {
  const translate = useTranslate();
  const notify = useNotify();
  const field = (name: string) => translate(`resources.user-roles.fields.${name}`);
  return (
    <ListBase<RoleRecord & { id: number }>
      resource="user-roles"
      perPage={25}
      queryOptions={{ onError: () => notify('resources.user-roles.loadFailed', { type: 'error' }) }}
    >
      <Page
        title="resources.user-roles.name"
        maxWidth="full"
        action={
          <Button
            component={Link}
            to="/user-roles/create"
            variant="contained"
            startIcon={<AddIcon aria-hidden />}
          >
            {translate('resources.user-roles.createTitle')}
          </Button>
        }
      >
        {/* A wide table scrolls here instead of widening the page (a phone). */}
        <Box sx={{ overflowX: 'auto', contain: 'inline-size' }}>
          <DataTable
            bulkActionButtons={false}
            rowClick={false}
            empty={
              <Typography role="status" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
                {translate('resources.user-roles.empty')}
              </Typography>
            }
          >
            <DataTable.Col source="name" label={field('name')} />
            <DataTable.Col
              source="builtIn"
              label={field('builtIn')}
              render={(role: RoleRecord) => (
                <StatusChip
                  status={role.builtIn ? 'builtIn' : 'custom'}
                  meaning="neutral"
                  label={translate(
                    role.builtIn ? 'resources.user-roles.builtIn' : 'resources.user-roles.custom',
                  )}
                />
              )}
            />
            <DataTable.Col
              source="userCount"
              label={field('userCount')}
              disableSort
              render={(role: RoleRecord) => formatNumber(role.userCount)}
            />
            <DataTable.Col
              source="actions"
              label={field('actions')}
              disableSort
              render={(role: RoleRecord) => <RowActions role={role} />}
            />
          </DataTable>
        </Box>
        <Pagination />
      </Page>
    </ListBase>
  );
}
