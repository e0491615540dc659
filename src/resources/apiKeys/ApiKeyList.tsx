/**
 * The API keys list: name, business (linked), scopes, status at a glance, expiry, last use (with the
 * address it came from) and who created the key. Newest first; sortable by name and dates; the search
 * looks at the key's and the business's names. No secret is ever shown: the API never answers one
 * after the key's creation.
 */
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Link as MuiLink, Stack, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { DataTable, ListBase, Pagination, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { API_KEY_STATUS_MEANING, type ApiKeyStatus } from '../../domain/apiKeys';
import { businessPath } from '../../domain/recordPaths';
import { all, satisfies } from '../../domain/requirements';
import { formatTimestamp } from '../../i18n/format';
import { Page, StatusChip, useAccessContext } from '../../layout';
import { ListSearch } from '../../layout/ListSearch';

export interface ApiKeyRecord extends RaRecord {
  name: string;
  businessId: number;
  businessName: string;
  scopes: string[];
  ipAllowList: string[];
  status: ApiKeyStatus;
  expiresAt: string | null;
  lastUsedAt: string | null;
  lastUsedIp: string | null;
  createdAt: string;
  createdBy: { id: number; email: string };
}

const NEWEST_FIRST = { field: 'createdAt', order: 'DESC' } as const;

/** Change and revoke, for a key that is not revoked, to whoever may (the revoke call needs DELETE too). */
function RowActions({ apiKey }: { apiKey: ApiKeyRecord }) {
  const translate = useTranslate();
  const access = useAccessContext();
  if (apiKey.status === 'revoked') return null;
  const mayEdit = satisfies(all('UPDATE_API_CREDENTIALS'), access);
  const mayRevoke = satisfies(all('UPDATE_API_CREDENTIALS', 'DELETE_API_CREDENTIALS'), access);
  const path = `/api-keys/${encodeURIComponent(String(apiKey.id))}`;
  return (
    <Stack direction="row" spacing={1}>
      {mayEdit ? (
        <Button
          component={Link}
          to={path}
          size="small"
          color="inherit"
          aria-label={translate('resources.api-keys.list.editKey', { name: apiKey.name })}
        >
          {translate('ra.action.edit')}
        </Button>
      ) : null}
      {mayRevoke ? (
        <Button
          component={Link}
          to={`${path}/delete`}
          size="small"
          color="error"
          aria-label={translate('resources.api-keys.list.revokeKey', { name: apiKey.name })}
        >
          {translate('resources.api-keys.revoke.confirm')}
        </Button>
      ) : null}
    </Stack>
  );
}

export default function ApiKeyList() {
  const translate = useTranslate();
  const notify = useNotify();
  const access = useAccessContext();
  const field = (name: string) => translate(`resources.api-keys.fields.${name}`);
  return (
    <ListBase<ApiKeyRecord>
      resource="api-keys"
      sort={NEWEST_FIRST}
      perPage={25}
      queryOptions={{ onError: () => notify('resources.api-keys.errors.loadFailed', { type: 'error' }) }}
    >
      <Page
        title="resources.api-keys.name"
        maxWidth="full"
        toolbar={<ListSearch label="resources.api-keys.search" />}
        action={
          satisfies(all('CREATE_API_CREDENTIALS'), access) ? (
            <Button
              component={Link}
              to="/api-keys/create"
              variant="contained"
              startIcon={<AddIcon aria-hidden />}
            >
              {translate('resources.api-keys.list.create')}
            </Button>
          ) : null
        }
      >
        {/* A wide table scrolls here instead of widening the page (a phone). */}
        <Box sx={{ overflowX: 'auto', contain: 'inline-size' }}>
          <DataTable<ApiKeyRecord>
            bulkActionButtons={false}
            rowClick={false}
            empty={
              <Typography role="status" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
                {translate('resources.api-keys.empty')}
              </Typography>
            }
          >
            <DataTable.Col source="name" label={field('name')} />
            <DataTable.Col
              source="businessName"
              label={field('businessName')}
              disableSort
              render={(key: ApiKeyRecord) => (
                // The text's colour: the brand colour falls under AA on the dark theme's striped rows.
                <MuiLink
                  component={Link}
                  to={businessPath(key.businessId)}
                  underline="always"
                  color="inherit"
                >
                  {key.businessName}
                </MuiLink>
              )}
            />
            <DataTable.Col
              source="scopes"
              label={field('scopes')}
              disableSort
              render={(key: ApiKeyRecord) => key.scopes.join(', ')}
            />
            <DataTable.Col
              source="status"
              label={field('status')}
              disableSort
              render={(key: ApiKeyRecord) => (
                <StatusChip
                  status={key.status}
                  meaning={API_KEY_STATUS_MEANING[key.status]}
                  label={translate(`resources.api-keys.statuses.${key.status}`)}
                />
              )}
            />
            <DataTable.Col
              source="expiresAt"
              label={field('expiresAt')}
              render={(key: ApiKeyRecord) =>
                key.expiresAt ? formatTimestamp(key.expiresAt) : translate('resources.api-keys.noExpiry')
              }
            />
            <DataTable.Col
              source="lastUsedAt"
              label={field('lastUsedAt')}
              render={(key: ApiKeyRecord) =>
                key.lastUsedAt
                  ? `${formatTimestamp(key.lastUsedAt)} ${key.lastUsedIp ? translate('resources.api-keys.from', { ip: key.lastUsedIp }) : ''}`.trim()
                  : translate('resources.api-keys.never')
              }
            />
            <DataTable.Col
              source="createdAt"
              label={field('createdAt')}
              render={(key: ApiKeyRecord) => formatTimestamp(key.createdAt)}
            />
            <DataTable.Col
              source="createdBy"
              label={field('createdBy')}
              disableSort
              render={(key: ApiKeyRecord) => key.createdBy.email}
            />
            <DataTable.Col
              source="actions"
              label={translate('resources.api-keys.list.actions')}
              disableSort
              render={(key: ApiKeyRecord) => <RowActions apiKey={key} />}
            />
          </DataTable>
        </Box>
        <Pagination />
      </Page>
    </ListBase>
  );
}
