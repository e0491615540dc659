/**
 * One transaction list of a business: react-admin's <List> over its resource with the business fixed
 * (a permanent filter), 25 rows per page from the server, the status, currency, date-range and search
 * filters kept in the URL, the CSV export and an empty state.
 *
 * A row opens its record's preview (a click, or Enter on the focused row): the details drawer at
 * `recordPath(...)`, the list's query (filters, page, sort) kept, so closing it returns to the same
 * list; the drawer links to the record's own page (`recordPagePath`). Numbers sit right-aligned under right-aligned headers in tabular figures, each amount with its
 * currency code after it; an amount column sorts only within one currency (`sortsNow`). On a phone
 * every row is a card of label-value lines, so amounts stay in view.
 */
import {
  forwardRef,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentProps,
  type KeyboardEvent,
} from 'react';
import { Box, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  DataTable,
  DataTableBody,
  DataTableRow,
  List,
  TopToolbar,
  useListContext,
  useRecordContext,
  useTranslate,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { businessPath, RECORD_TABS, recordPath } from '../../domain/recordPaths';
import { DetailsDrawer, type PagePosition } from './DetailsDrawer';
import { ExportCsvButton } from './ExportCsvButton';
import { TransactionFilters } from './filters';
import { defaultSortField, sortsNow, type FieldSpec, type TransactionKind } from './kinds';
import { TransactionPagination } from './TransactionPagination';
import { FieldValue, ShownBusinessContext } from './values';

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

/** Right-aligned in tabular figures: amounts (each with its currency code after it). */
export const isNumeric = (field: FieldSpec) =>
  field.type === 'amount' || field.type === 'received' || field.type === 'rate';

/** A row the keyboard reaches: focusable, Enter opens it as a click does. */
const FocusableRow = forwardRef<HTMLTableRowElement, ComponentProps<typeof DataTableRow>>(
  function FocusableRow(props, ref) {
    const record = useRecordContext();
    return (
      <DataTableRow
        {...props}
        ref={ref}
        tabIndex={0}
        data-record-id={record ? String(record.id) : undefined}
        onKeyDown={(event: KeyboardEvent<HTMLTableRowElement>) => {
          if (event.key === 'Enter' && event.target === event.currentTarget) {
            event.preventDefault();
            event.currentTarget.click();
          }
        }}
      />
    );
  },
);

function FocusableBody(props: ComponentProps<typeof DataTableBody>) {
  return <DataTableBody {...props} row={FocusableRow} />;
}

/** Reports the list's current page to the drawer (which lives outside the list's context). */
/** The list's current page, as the details drawer walks it. */
interface ListPage {
  rows: readonly RaRecord[];
  page: number;
  position?: Omit<PagePosition, 'turn'>;
  /** Whether the rows are those of `page` (not the previous page's, kept while it loads). */
  settled: boolean;
  setPage?: (page: number) => void;
}

const NO_PAGE: ListPage = { rows: [], page: 1, settled: false };

function PageRows({ onChange }: { onChange: (page: ListPage) => void }) {
  const { data, page, perPage, total, meta, isFetching, isPlaceholderData, setPage } = useListContext();
  const capped = (meta as { totalCapped?: unknown } | undefined)?.totalCapped === true;
  const rows = data ?? NO_PAGE.rows;
  useEffect(
    () =>
      onChange({
        rows,
        page,
        settled: !isFetching && !isPlaceholderData,
        setPage,
        position: {
          offset: (page - 1) * perPage,
          total,
          capped,
          hasPreviousPage: page > 1,
          // A capped total leaves the next page open while pages come full.
          hasNextPage: capped ? rows.length === perPage : total !== undefined && page * perPage < total,
        },
      }),
    [rows, page, perPage, total, capped, isFetching, isPlaceholderData, setPage, onChange],
  );
  useEffect(() => () => onChange(NO_PAGE), [onChange]);
  return null;
}

/** Drops an amount order the moment it would mix currencies (the currency filter was cleared). */
function SortGuard({ kind }: { kind: TransactionKind }) {
  const { sort, setSort, filterValues } = useListContext();
  const field = kind.fields.find((f) => f.source === sort.field);
  const mixes = field !== undefined && field.type === 'amount' && !sortsNow(kind, field, filterValues ?? {});
  useEffect(() => {
    if (mixes) setSort({ field: defaultSortField(kind), order: 'DESC' });
  }, [mixes, kind, setSort]);
  return null;
}

function Table({ kind, onOpen }: { kind: TransactionKind; onOpen: (id: Identifier) => void }) {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const label = (source: string) => translate(`resources.${kind.resource}.fields.${source}`);
  return (
    <DataTable
      bulkActionButtons={false}
      body={FocusableBody}
      rowClick={(id) => {
        onOpen(id);
        return false;
      }}
    >
      {kind.fields
        .filter((field) => field.column)
        .map((field) => {
          const sortable = sortsNow(kind, field, filterValues ?? {});
          return (
            <DataTable.Col
              key={field.source}
              // The declaration maps the field to the API's sortBy (createdAt sorts as `created`).
              source={field.source}
              label={label(field.source)}
              align={isNumeric(field) ? 'right' : 'left'}
              disableSort={!sortable}
              sortByOrder={sortable ? 'DESC' : undefined}
              // One line per row: long texts end in an ellipsis; the details show them whole.
              cellSx={() => ({
                whiteSpace: 'nowrap',
                ...(field.type === 'text'
                  ? { maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis' }
                  : {}),
              })}
              // The label of the value in a phone's card (the header row is hidden there).
              data-label={label(field.source)}
              render={(record: RaRecord) => <FieldValue field={field} record={record} />}
            />
          );
        })}
    </DataTable>
  );
}

/** On a phone (below sm) each row is a card: one line per column, its label left, its value right. */
const CARD_ROWS = {
  '@media (max-width: 599.95px)': {
    '& table, & tbody, & tr, & td': { display: 'block', boxSizing: 'border-box' },
    '& thead': visuallyHidden,
    '& tbody tr': { borderBottom: 1, borderColor: 'divider', py: 1 },
    '& tbody td': {
      display: 'flex',
      // Row, also for the right-aligned cells (a table's right-aligned cell reverses its flex row).
      flexDirection: 'row !important',
      justifyContent: 'space-between',
      alignItems: 'center',
      gap: 2,
      border: 0,
      py: 0.25,
      px: 2,
      maxWidth: 'none !important',
      textAlign: 'right !important',
    },
    '& tbody td::before': { content: 'attr(data-label)', color: 'text.secondary', textAlign: 'left' },
  },
} as const;

export function TransactionList({
  kind,
  businessId,
  businessName,
}: {
  kind: TransactionKind;
  businessId: Identifier;
  /** The business shown: names its id in the records. */
  businessName?: string;
}) {
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [listPage, setListPage] = useState<ListPage>(NO_PAGE);
  // A walk over the page's edge: the page turned to, and whether its first or last record opens.
  const turning = useRef<{ page: number; edge: 'first' | 'last' } | null>(null);
  // Stable across the re-renders a new page or an opened record causes.
  const permanentFilter = useMemo(() => ({ businessId }), [businessId]);
  const sort = useMemo(() => ({ field: defaultSortField(kind), order: 'DESC' as const }), [kind]);
  const filters = useMemo(() => <TransactionFilters kind={kind} />, [kind]);
  const recordId = params.recordId;
  const listPath = `${businessPath(businessId)}/${RECORD_TABS[kind.resource]}`;
  const lastOpen = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (recordId !== undefined) lastOpen.current = recordId;
  }, [recordId]);

  const open = (id: Identifier) =>
    navigate({ pathname: recordPath(kind.resource, businessId, id), search: location.search });
  useEffect(() => {
    const turn = turning.current;
    if (!turn || !listPage.settled || listPage.page !== turn.page) return;
    turning.current = null;
    const row = turn.edge === 'first' ? listPage.rows[0] : listPage.rows[listPage.rows.length - 1];
    if (row) open(row.id);
    // `open` reads the address the page turn wrote; it changes with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listPage]);
  const position: PagePosition | undefined = listPage.position && {
    ...listPage.position,
    turn: (direction) => {
      const page = listPage.page + direction;
      turning.current = { page, edge: direction === 1 ? 'first' : 'last' };
      listPage.setPage?.(page);
    },
  };
  const close = () => navigate({ pathname: listPath, search: location.search });
  // Back to the row of the record last shown, once the drawer has let go of the focus.
  const closed = () => {
    const id = lastOpen.current;
    if (id === undefined) return;
    const rows = document.querySelectorAll<HTMLElement>('tr[data-record-id]');
    Array.from(rows)
      .find((row) => row.dataset.recordId === id)
      ?.focus();
  };

  return (
    <ShownBusinessContext.Provider value={{ id: businessId, name: businessName }}>
      <List
        resource={kind.resource}
        filter={permanentFilter}
        perPage={TRANSACTIONS_PER_PAGE}
        sort={sort}
        storeKey={false}
        title={false}
        filters={filters}
        actions={
          <TopToolbar>
            <ExportCsvButton kind={kind} />
          </TopToolbar>
        }
        pagination={<TransactionPagination />}
        empty={<Empty kind={kind} />}
        // The table scrolls inside its card: `contain` keeps its width from widening the page (the
        // layout is at least as wide as its content).
        sx={{
          '& .RaList-main': { minWidth: 0 },
          '& .RaList-content': { overflowX: 'auto', contain: 'inline-size' },
          // Tighter than MUI's 16 px a side: a list of seven columns fits 1366 px without scrolling.
          '& td, & th': { fontVariantNumeric: 'tabular-nums', px: 1.5 },
          // A row's copy buttons show on hover and keyboard focus (always on a touch screen).
          '@media (hover: hover)': {
            '& tbody tr:not(:hover):not(:focus-within) .CodeValue-action': { opacity: 0 },
          },
          ...CARD_ROWS,
        }}
      >
        <PageRows onChange={setListPage} />
        <SortGuard kind={kind} />
        <Table kind={kind} onOpen={open} />
      </List>
      <DetailsDrawer
        kind={kind}
        businessId={businessId}
        recordId={recordId}
        rows={listPage.rows}
        position={position}
        onOpen={open}
        onClose={close}
        onClosed={closed}
      />
    </ShownBusinessContext.Provider>
  );
}
