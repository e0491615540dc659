/**
 * /businesses (GET_BUSINESSES): one card per business with its name, id and balances (amounts
 * right-aligned beside their codes), Edit (UPDATE_BUSINESS) and 'Expand business'; or, with
 * GET_BALANCES, the table view (./table.ts: a column per currency, sortable, a total row), the user's
 * choice on this device (docs/decisions.md, decision 116). In the page header: the search (server `q`,
 * debounced, kept in the URL by react-admin's list filters), the view switch and the primary action
 * 'Create business' (CREATE_BUSINESS). With GET_BALANCES the cards are ranked by total displayed
 * balance, highest first, by the server (sortBy=balance, so the first paint is final); without it,
 * the plain list (by name).
 *
 * Failures (docs/product.md#error-catalogue), one text per call: the list itself 'Failed to load businesses'; its
 * balances "Couldn't load businesses" (the cards stay, without balances); the coins' precision
 * "Couldn't load business metadata" (crypto balances fall back to 6 decimals).
 */
import { Fragment, useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  TableSortLabel,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import TableRowsIcon from '@mui/icons-material/TableRows';
import ViewModuleIcon from '@mui/icons-material/ViewModule';
import { useQuery } from '@tanstack/react-query';
import {
  FilterContext,
  FilterForm,
  ListBase,
  Pagination,
  SearchInput,
  useListContext,
  useNotify,
  useTranslate,
} from 'react-admin';
import type { Business } from '../../domain/business';
import {
  cardBalances,
  type BalanceContext,
  type BusinessBalanceRow,
  type CardBalance,
} from '../../domain/businessBalances';
import { all, satisfies } from '../../domain/requirements';
import { useSession } from '../../authProvider';
import { formatAmount, formatNumber } from '../../i18n/format';
import { Page, useAccessContext, usePreference, type BusinessesView } from '../../layout';
import { BUSINESS_QUERY_KEYS, useBusinessApi } from './api';
import { balanceTable, sortRows, type SortKey, type SortOrder } from './table';

/** A hundred cards a page; the server orders across pages. */
const PER_PAGE = 100;

const BALANCE_ORDER_REQUIRES = all('GET_BALANCES');
const BY_BALANCE = { field: 'balance', order: 'DESC' } as const;
const BY_NAME = { field: 'businessName', order: 'ASC' } as const;
/** The table's columns the server sorts by: the list's sort fields. */
const SERVER_SORT_KEYS: Readonly<Record<string, SortKey>> = {
  [BY_NAME.field]: 'name',
  [BY_BALANCE.field]: 'total',
};

type BusinessRecord = Business;

function SearchBox() {
  const translate = useTranslate();
  const filters = useMemo(
    () => [
      <SearchInput
        key="q"
        source="q"
        alwaysOn
        inputProps={{ 'aria-label': translate('resources.businesses.list.search') }}
      />,
    ],
    [translate],
  );
  return (
    <FilterContext.Provider value={filters}>
      <FilterForm />
    </FilterContext.Provider>
  );
}

/** The balances of every business and the coins' precision, when the user may read balances. */
function useBalances(enabled: boolean) {
  const api = useBusinessApi();
  const notify = useNotify();
  const balances = useQuery({
    queryKey: BUSINESS_QUERY_KEYS.balances,
    queryFn: () => api.getBusinessBalances(),
    enabled,
    retry: false,
  });
  const coins = useQuery({
    queryKey: BUSINESS_QUERY_KEYS.withdrawalsMetadata,
    queryFn: () => api.getWithdrawalsMetadata(),
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
  });
  useEffect(() => {
    if (balances.isError) notify('resources.businesses.errors.balancesFailed', { type: 'error' });
  }, [balances.isError, notify]);
  useEffect(() => {
    if (coins.isError) notify('resources.businesses.errors.metadataFailed', { type: 'error' });
  }, [coins.isError, notify]);
  return {
    rows: balances.data,
    coins: coins.data ?? [],
    // Balances are shown once both are in (or the precision failed: then with the default).
    ready: balances.isSuccess && !coins.isPending,
    failed: balances.isError,
  };
}

/** An amount without its currency code (the code stands in a column of its own). */
function amountText(amount: string, currency: string, precision: number): string {
  const text = formatAmount(amount, currency, precision);
  const suffix = `\u00a0${currency}`;
  return text.endsWith(suffix) ? text.slice(0, -suffix.length) : text;
}

/**
 * Balances in two aligned columns: the amount right-aligned in tabular numerals, its currency code
 * beside it; one grid for the card, so every amount of the card lines up on its decimal places' end.
 */
function BalanceColumns({
  total,
  balances,
}: {
  total: { amount: string; currency: string } | null;
  balances: readonly CardBalance[];
}) {
  const translate = useTranslate();
  const cell = { fontVariantNumeric: 'tabular-nums', textAlign: 'right', whiteSpace: 'nowrap' } as const;
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: 'max-content max-content max-content',
        columnGap: 1,
        justifyContent: 'start',
      }}
    >
      {total ? (
        <Box
          data-testid="business-total"
          sx={{ display: 'grid', gridColumn: '1 / -1', gridTemplateColumns: 'subgrid', mb: 0.5 }}
        >
          <Typography variant="subtitle2" component="span">
            {translate('resources.businesses.list.totalLabel')}
          </Typography>
          <Typography variant="subtitle2" component="span" sx={cell}>
            {amountText(total.amount, total.currency, 2)}
          </Typography>{' '}
          <Typography variant="subtitle2" component="span">
            {total.currency}
          </Typography>
        </Box>
      ) : null}
      {balances.length > 0 ? (
        <Box
          component="ul"
          aria-label={translate('resources.businesses.list.balances')}
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gridColumn: '1 / -1',
            gridTemplateColumns: 'subgrid',
          }}
        >
          {balances.map((balance) => (
            <Fragment key={balance.currency}>
              <Typography
                component="li"
                variant="body2"
                sx={{ display: 'grid', gridColumn: '2 / -1', gridTemplateColumns: 'subgrid' }}
              >
                <Box component="span" sx={cell}>
                  {amountText(balance.amount, balance.currency, balance.precision)}
                </Box>{' '}
                <Box component="span">{balance.currency}</Box>
              </Typography>
              {balance.held ? (
                // Held funds under their currency's balance, labelled in the first column.
                <Typography
                  component="li"
                  variant="caption"
                  color="text.secondary"
                  data-testid={`held-${balance.currency}`}
                  title={translate('resources.businesses.list.heldTitle')}
                  sx={{ display: 'grid', gridColumn: '1 / -1', gridTemplateColumns: 'subgrid' }}
                >
                  <Box component="span" sx={{ textAlign: 'right' }}>
                    {translate('resources.businesses.list.heldLabel')}
                  </Box>{' '}
                  <Box component="span" sx={cell}>
                    {amountText(balance.held, balance.currency, balance.precision)}
                  </Box>{' '}
                  <Box component="span">{balance.currency}</Box>
                </Typography>
              ) : null}
            </Fragment>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

function BusinessCard({
  business,
  row,
  context,
  balancesState,
  canEdit,
}: {
  business: BusinessRecord;
  row: BusinessBalanceRow | undefined;
  context: BalanceContext;
  /** hidden: the user may not read balances (or they failed); loading: their room is held. */
  balancesState: 'hidden' | 'loading' | 'shown';
  canEdit: boolean;
}) {
  const translate = useTranslate();
  const headingId = useId();
  const balances = cardBalances(row, context);
  const total =
    row?.displayFiatAmount && row.displayFiatCurrency
      ? { amount: row.displayFiatAmount, currency: row.displayFiatCurrency }
      : null;
  return (
    <Card
      component="article"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography id={headingId} component="h2" variant="h6" sx={{ wordBreak: 'break-word' }}>
          {business.businessName}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('resources.businesses.list.id', { id: business.id })}
        </Typography>
        {balancesState === 'loading' ? (
          <Box sx={{ mt: 1.5 }} aria-hidden>
            <Skeleton variant="text" width="55%" />
            <Skeleton variant="text" width="40%" />
            <Skeleton variant="text" width="45%" />
          </Box>
        ) : null}
        {balancesState === 'shown' ? (
          <Box sx={{ mt: 1.5 }}>
            {total || balances.length > 0 ? <BalanceColumns total={total} balances={balances} /> : null}
            {balances.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {translate('resources.businesses.list.noBalances')}
              </Typography>
            ) : null}
          </Box>
        ) : null}
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {canEdit ? (
          <Button
            component={Link}
            to={`/businesses/${business.id}`}
            startIcon={<EditIcon aria-hidden />}
            aria-describedby={headingId}
          >
            {translate('resources.businesses.list.edit')}
          </Button>
        ) : null}
        <Button
          component={Link}
          to={`/businesses/${business.id}/show`}
          startIcon={<OpenInFullIcon aria-hidden />}
          aria-describedby={headingId}
        >
          {translate('resources.businesses.list.expand')}
        </Button>
      </CardActions>
    </Card>
  );
}

function CardGrid({ children, busy }: { children: React.ReactNode; busy?: boolean }) {
  return (
    <Box
      component="ul"
      aria-busy={busy || undefined}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 2,
        // One column on a phone (375 px), as many 280 px columns as fit above.
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(280px, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}

function LoadingCards() {
  const translate = useTranslate();
  return (
    <Box role="status" aria-label={translate('resources.businesses.list.loading')}>
      <CardGrid busy>
        {[0, 1, 2].map((i) => (
          <Box component="li" key={i} aria-hidden>
            <Card variant="outlined">
              <CardContent>
                <Skeleton variant="text" width="60%" height={32} />
                <Skeleton variant="text" width="30%" />
                <Skeleton variant="text" width="50%" />
                <Skeleton variant="text" width="45%" />
              </CardContent>
            </Card>
          </Box>
        ))}
      </CardGrid>
    </Box>
  );
}

function BalancesTable({
  businesses,
  rows,
  context,
  whole,
  paged,
}: {
  businesses: readonly BusinessRecord[];
  rows: readonly BusinessBalanceRow[];
  context: BalanceContext;
  /** The list is the whole organisation (no search, one page): the total row is the organisation's. */
  whole: boolean;
  /**
   * The list has more than one page: the server sorts (by name or total, the orders it knows), and the
   * currency columns, which it cannot sort by, are not sortable. On one page the table sorts itself.
   */
  paged: boolean;
}) {
  const translate = useTranslate();
  const list = useListContext();
  const [ownSort, setOwnSort] = useState<{ key: SortKey; order: SortOrder } | null>(null);
  const serverKey = SERVER_SORT_KEYS[list.sort.field];
  const sort = paged
    ? serverKey && { key: serverKey, order: list.sort.order === 'ASC' ? ('asc' as const) : ('desc' as const) }
    : ownSort;
  const table = useMemo(() => balanceTable(businesses, rows, context), [businesses, rows, context]);
  // Until a header is clicked, the server's order (by total, highest first).
  const sorted = sort && !paged ? sortRows(table.rows, sort.key, sort.order) : table.rows;
  const toggle = (key: SortKey) => {
    const next =
      sort?.key === key
        ? { key, order: sort.order === 'asc' ? ('desc' as const) : ('asc' as const) }
        : { key, order: key === 'name' ? ('asc' as const) : ('desc' as const) };
    if (!paged) return setOwnSort(next);
    list.setSort({
      field: key === 'name' ? BY_NAME.field : BY_BALANCE.field,
      order: next.order === 'asc' ? 'ASC' : 'DESC',
    });
  };
  const sortable = (key: SortKey) => !paged || key === 'name' || key === 'total';
  const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
  const header = (key: SortKey, label: string, align: 'left' | 'right') => (
    <TableCell
      key={key}
      align={align}
      sortDirection={sort?.key === key ? sort.order : false}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {sortable(key) ? (
        <TableSortLabel
          active={sort?.key === key}
          direction={sort?.key === key ? sort.order : key === 'name' ? 'asc' : 'desc'}
          onClick={() => toggle(key)}
        >
          {label}
        </TableSortLabel>
      ) : (
        label
      )}
    </TableCell>
  );
  const totalCurrency = table.totalCurrency;
  return (
    <TableContainer
      sx={{
        overflowX: 'auto',
        // No intrinsic width of its own (width 0, then the whole row): a wide table scrolls here
        // instead of widening the page (and pushing the header's action off screen).
        width: 0,
        minWidth: '100%',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        // Compact cells: a dozen currency columns fit at 1366 px.
        '& th, & td': { px: 1 },
        // The business names stay in view while the currency columns scroll.
        '& th:first-of-type, & td:first-of-type': {
          pl: 2,
          position: 'sticky',
          left: 0,
          zIndex: 1,
          bgcolor: 'background.paper',
        },
      }}
    >
      <Table size="small" data-testid="businesses-table">
        <caption
          style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
        >
          {translate('resources.businesses.list.tableCaption')}
        </caption>
        <TableHead>
          <TableRow>
            {header('name', translate('resources.businesses.list.nameColumn'), 'left')}
            {header(
              'total',
              totalCurrency
                ? translate('resources.businesses.list.totalColumn', { currency: totalCurrency })
                : translate('resources.businesses.list.totalLabel'),
              'right',
            )}
            {table.columns.map((column) => header(`currency:${column.currency}`, column.currency, 'right'))}
          </TableRow>
        </TableHead>
        <TableBody>
          {sorted.map((row) => (
            <TableRow key={row.id} hover>
              <TableCell component="th" scope="row">
                <Link to={`/businesses/${row.id}/show`}>{row.name}</Link>
              </TableCell>
              <TableCell align="right" sx={numeric}>
                {row.total !== null && totalCurrency ? amountText(row.total, totalCurrency, 2) : '—'}
              </TableCell>
              {table.columns.map((column) => (
                <TableCell key={column.currency} align="right" sx={numeric}>
                  {column.currency in row.amounts
                    ? amountText(row.amounts[column.currency], column.currency, column.precision)
                    : '—'}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow data-testid="businesses-total-row">
            <TableCell
              component="th"
              scope="row"
              sx={{ fontWeight: 700, color: 'text.primary', fontSize: 'inherit' }}
            >
              {translate(
                whole
                  ? 'resources.businesses.list.organisationTotal'
                  : 'resources.businesses.list.listedTotal',
              )}
            </TableCell>
            <TableCell
              align="right"
              sx={{ ...numeric, fontWeight: 700, color: 'text.primary', fontSize: 'inherit' }}
            >
              {table.totals.total !== null && totalCurrency
                ? amountText(table.totals.total, totalCurrency, 2)
                : translate('resources.businesses.list.mixedCurrencies')}
            </TableCell>
            {table.columns.map((column) => (
              <TableCell
                key={column.currency}
                align="right"
                sx={{ ...numeric, fontWeight: 700, color: 'text.primary', fontSize: 'inherit' }}
              >
                {amountText(table.totals.amounts[column.currency], column.currency, column.precision)}
              </TableCell>
            ))}
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}

function BusinessCards({ view }: { view: BusinessesView }) {
  const translate = useTranslate();
  const access = useAccessContext();
  const { supportedCurrencies } = useSession();
  const { data, isPending, error, refetch, filterValues, total } = useListContext<BusinessRecord>();
  const withBalances = satisfies(all('GET_BALANCES'), access);
  const canEdit = satisfies(all('UPDATE_BUSINESS'), access);
  const { rows, coins, ready, failed } = useBalances(withBalances);
  const context = useMemo<BalanceContext>(
    () => ({ currencies: supportedCurrencies, coins }),
    [supportedCurrencies, coins],
  );
  // In the server's order: by total displayed balance where the user may read balances (see below).
  const businesses = data ?? [];
  const rowOf = useMemo(() => new Map((rows ?? []).map((row) => [String(row.businessId), row])), [rows]);
  const searching = typeof filterValues.q === 'string' && filterValues.q.trim() !== '';

  if (isPending) return <LoadingCards />;
  if (error && !data) {
    // The snackbar said so; the page says it too, with a way to try again.
    return (
      <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
        <Typography>{translate('resources.businesses.errors.loadFailed')}</Typography>
        <Button onClick={() => void refetch()}>{translate('app.action.retry')}</Button>
      </Stack>
    );
  }
  if (businesses.length === 0) {
    return (
      <Typography sx={{ mt: 2 }}>
        {translate(searching ? 'resources.businesses.list.noMatch' : 'resources.businesses.list.empty')}
      </Typography>
    );
  }
  const count = (
    <Typography variant="subtitle1" component="p" sx={{ mb: 1.5 }} data-testid="businesses-count">
      {translate(searching ? 'resources.businesses.list.countMatching' : 'resources.businesses.list.count', {
        count: formatNumber(total ?? businesses.length),
      })}
    </Typography>
  );
  // The table needs the balances; without them (no GET_BALANCES, or failed) the cards stand in.
  if (view === 'table' && withBalances && !failed) {
    return (
      <>
        {count}
        {ready ? (
          <BalancesTable
            businesses={businesses}
            rows={rows ?? []}
            context={context}
            whole={!searching && (total ?? 0) <= PER_PAGE}
            paged={(total ?? 0) > PER_PAGE}
          />
        ) : (
          <LoadingCards />
        )}
        {(total ?? 0) > PER_PAGE ? <Pagination rowsPerPageOptions={[]} /> : null}
      </>
    );
  }
  return (
    <>
      {count}
      <CardGrid>
        {businesses.map((business) => (
          <Box component="li" key={business.id}>
            <BusinessCard
              business={business}
              row={rowOf.get(String(business.id))}
              context={context}
              balancesState={!withBalances || failed ? 'hidden' : ready ? 'shown' : 'loading'}
              canEdit={canEdit}
            />
          </Box>
        ))}
      </CardGrid>
      {(total ?? 0) > PER_PAGE ? <Pagination rowsPerPageOptions={[]} /> : null}
    </>
  );
}

/** Cards or table: the user's choice on this device (docs/decisions.md, 'Preferences per user'). */
function ViewSwitch({ view, onChange }: { view: BusinessesView; onChange: (view: BusinessesView) => void }) {
  const translate = useTranslate();
  return (
    <ToggleButtonGroup
      size="small"
      sx={{ '& .MuiToggleButton-root': { textTransform: 'none', py: 0.5 } }}
      exclusive
      value={view}
      aria-label={translate('resources.businesses.list.view')}
      onChange={(_, next: BusinessesView | null) => {
        if (next) onChange(next);
      }}
    >
      <ToggleButton value="cards" aria-label={translate('resources.businesses.list.cards')}>
        <ViewModuleIcon fontSize="small" aria-hidden />
        <Box component="span" sx={{ ml: 0.5, display: { xs: 'none', sm: 'inline' } }} aria-hidden>
          {translate('resources.businesses.list.cards')}
        </Box>
      </ToggleButton>
      <ToggleButton value="table" aria-label={translate('resources.businesses.list.table')}>
        <TableRowsIcon fontSize="small" aria-hidden />
        <Box component="span" sx={{ ml: 0.5, display: { xs: 'none', sm: 'inline' } }} aria-hidden>
          {translate('resources.businesses.list.table')}
        </Box>
      </ToggleButton>
    </ToggleButtonGroup>
  );
}

export default function BusinessList() {
  const translate = useTranslate();
  const notify = useNotify();
  const access = useAccessContext();
  const canCreate = satisfies(all('CREATE_BUSINESS'), access);
  const withBalances = satisfies(BALANCE_ORDER_REQUIRES, access);
  const [view, setView] = usePreference('businessesView', 'cards');
  // With GET_BALANCES the server ranks by total displayed balance (sortBy=balance), so the first
  // paint is in its final order on every page; without it, by name.
  const sort = withBalances ? BY_BALANCE : BY_NAME;
  return (
    <ListBase<BusinessRecord>
      resource="businesses"
      perPage={PER_PAGE}
      sort={sort}
      queryOptions={{
        onError: () => notify('resources.businesses.errors.loadFailed', { type: 'error' }),
      }}
    >
      <Page
        title="resources.businesses.name"
        maxWidth="full"
        toolbar={
          <>
            <SearchBox />
            {withBalances ? <ViewSwitch view={view} onChange={setView} /> : null}
          </>
        }
        action={
          canCreate ? (
            <Button
              component={Link}
              to="/businesses/create"
              variant="contained"
              startIcon={<AddIcon aria-hidden />}
            >
              {translate('resources.businesses.list.create')}
            </Button>
          ) : null
        }
      >
        <BusinessCards view={view} />
      </Page>
    </ListBase>
  );
}
