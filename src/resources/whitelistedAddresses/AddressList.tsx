/**
 * The whitelisted addresses: label, currency, network, the address (copyable, linked to its explorer),
 * the destination tag, when and by whom it was added, and a delete link per row. Newest first; sortable
 * by label, currency, network and date; the search looks at labels, addresses and currencies.
 */
import { Box, Button, IconButton, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { Link } from 'react-router-dom';
import { DataTable, ListBase, Pagination, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { NETWORK_LABELS, type Network } from '../../domain/currencies';
import { formatTimestamp } from '../../i18n/format';
import { CodeValue, Page } from '../../layout';
import { ListSearch } from '../../layout/ListSearch';

export interface WhitelistedAddressRecord extends RaRecord {
  label: string;
  currency: string;
  network: string;
  address: string;
  destinationTag: string | null;
  createdAt: string;
  createdBy: { id: number; email: string } | null;
}

const NEWEST_FIRST = { field: 'createdAt', order: 'DESC' } as const;

export const networkName = (network: string) => NETWORK_LABELS[network as Network] ?? network;

function DeleteLink({ record }: { record: WhitelistedAddressRecord }) {
  const translate = useTranslate();
  const label = translate('resources.whitelisted-addresses.remove.actionOf', { label: record.label });
  return (
    <Tooltip title={label}>
      <IconButton
        component={Link}
        to={`/whitelisted-addresses/${record.id}/delete`}
        aria-label={label}
        size="small"
      >
        <DeleteIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

export default function AddressList() {
  const translate = useTranslate();
  const notify = useNotify();
  const field = (name: string) => translate(`resources.whitelisted-addresses.fields.${name}`);
  return (
    <ListBase<WhitelistedAddressRecord>
      resource="whitelisted-addresses"
      sort={NEWEST_FIRST}
      perPage={25}
      queryOptions={{
        onError: () => notify('resources.whitelisted-addresses.errors.loadFailed', { type: 'error' }),
      }}
    >
      <Page
        title={'resources.whitelisted-addresses.name'}
        maxWidth="full"
        toolbar={<ListSearch label="resources.whitelisted-addresses.search" />}
        action={
          <Button
            component={Link}
            to="/whitelisted-addresses/create"
            variant="contained"
            startIcon={<AddIcon />}
          >
            {translate('resources.whitelisted-addresses.add')}
          </Button>
        }
      >
        {/* No intrinsic width of its own: a wide table scrolls here instead of widening the page. */}
        <Box sx={{ overflowX: 'auto', width: 0, minWidth: '100%' }}>
          <DataTable<WhitelistedAddressRecord>
            bulkActionButtons={false}
            rowClick={false}
            empty={
              <Typography role="status" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
                {translate('resources.whitelisted-addresses.empty')}
              </Typography>
            }
          >
            <DataTable.Col source="label" label={field('label')} />
            <DataTable.Col source="currency" label={field('currency')} />
            <DataTable.Col
              source="network"
              label={field('network')}
              render={(a: WhitelistedAddressRecord) => networkName(a.network)}
            />
            <DataTable.Col
              source="address"
              label={field('address')}
              disableSort
              render={(a: WhitelistedAddressRecord) => (
                <CodeValue
                  value={a.address}
                  label={field('address')}
                  shorten
                  explorer={{ target: 'address', currency: a.currency, network: a.network }}
                />
              )}
            />
            <DataTable.Col
              source="destinationTag"
              label={field('destinationTag')}
              disableSort
              render={(a: WhitelistedAddressRecord) =>
                a.destinationTag ?? translate('resources.whitelisted-addresses.noTag')
              }
            />
            <DataTable.Col
              source="createdAt"
              label={field('createdAt')}
              render={(a: WhitelistedAddressRecord) => formatTimestamp(a.createdAt)}
            />
            <DataTable.Col
              source="createdBy"
              label={field('createdBy')}
              disableSort
              render={(a: WhitelistedAddressRecord) => a.createdBy?.email ?? '—'}
            />
            <DataTable.Col
              label={translate('resources.whitelisted-addresses.remove.action')}
              disableSort
              render={(a: WhitelistedAddressRecord) => <DeleteLink record={a} />}
            />
          </DataTable>
        </Box>
        <Pagination />
      </Page>
    </ListBase>
  );
}
