/**
 * One transaction list of a business: react-admin's <List> over its resource with the business fixed
 * (a permanent filter), 25 rows per page from the server, sortable columns, the status, currency,
 * date-range and search filters kept in the URL, a details drawer per row, the CSV export and an
 * empty state. The table scrolls sideways on a narrow screen.
 */
import { useState } from 'react';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import { Box, IconButton, Typography } from '@mui/material';
import { DataTable, List, TopToolbar, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { DetailsDrawer } from './DetailsDrawer';
import { ExportCsvButton } from './ExportCsvButton';
import { TransactionFilters } from './filters';
import { defaultSortField, type FieldSpec, type TransactionKind } from './kinds';
import { TransactionPagination } from './TransactionPagination';
import { FieldValue } from './values';

export const TRANSACTIONS_PER_PAGE = 25;

function Empty({ kind }: { kind: TransactionKind }) {
  const translate = useTranslate();
  return (
    <Box role="status" sx={{ py: 6, textAlign: 'center' }}>
      <Typography color="text.secondary">
        {translate('resources.transactions.empty', {
          name: translate(`resources.${kind.resource}.name`, { smart_count: 2 }),
        })}
      </Typography>
    </Box>
  );
}

const isNumeric = (field: FieldSpec) => field.type === 'amount';

export function TransactionList({ kind, businessId }: { kind: TransactionKind; businessId: Identifier }) {
  const translate = useTranslate();
  const [open, setOpen] = useState<RaRecord | null>(null);
  const label = (source: string) => translate(`resources.${kind.resource}.fields.${source}`);

  return (
    <>
      <List
        resource={kind.resource}
        filter={{ businessId }}
        perPage={TRANSACTIONS_PER_PAGE}
        sort={{ field: defaultSortField(kind), order: 'DESC' }}
        storeKey={false}
        title={false}
        filters={<TransactionFilters kind={kind} />}
        actions={
          <TopToolbar>
            <ExportCsvButton kind={kind} />
          </TopToolbar>
        }
        pagination={<TransactionPagination />}
        empty={<Empty kind={kind} />}
        // The table scrolls inside its card: `contain` keeps its width from widening the page (the
        // layout is at least as wide as its content) on a 375 px screen.
        sx={{
          '& .RaList-main': { minWidth: 0 },
          '& .RaList-content': { overflowX: 'auto', contain: 'inline-size' },
        }}
      >
        <DataTable
          bulkActionButtons={false}
          rowClick={(_id, _resource, record) => {
            setOpen(record);
            return false;
          }}
        >
          <DataTable.Col
            label={translate('resources.transactions.details.open')}
            disableSort
            render={(record: RaRecord) => (
              <IconButton
                size="small"
                aria-label={translate('resources.transactions.details.openFor', { id: record.id })}
                onClick={(event) => {
                  event.stopPropagation();
                  setOpen(record);
                }}
              >
                <VisibilityIcon fontSize="small" />
              </IconButton>
            )}
          />
          {kind.fields
            .filter((field) => field.column)
            .map((field) => (
              <DataTable.Col
                key={field.source}
                // The declaration maps the field to the API's sortBy (createdAt sorts as `created`).
                source={field.source}
                label={label(field.source)}
                disableSort={!field.sortBy}
                sortByOrder={field.sortBy ? 'DESC' : undefined}
                // One line per row: long texts (addresses, hashes) end in an ellipsis; the details show them whole.
                cellSx={() => ({
                  whiteSpace: 'nowrap',
                  ...(field.type === 'text'
                    ? { maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis' }
                    : {}),
                  textAlign: isNumeric(field) ? 'right' : 'left',
                })}
                render={(record: RaRecord) => <FieldValue field={field} record={record} />}
              />
            ))}
        </DataTable>
      </List>
      <DetailsDrawer kind={kind} record={open} onClose={() => setOpen(null)} />
    </>
  );
}
