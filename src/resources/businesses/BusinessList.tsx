/**
 * /businesses (GET_BUSINESSES): one card per business with its name, id and balances, Edit
 * (UPDATE_BUSINESS) and 'Expand business'; the search (server `q`, debounced, kept in the URL by
 * react-admin's list filters) and 'create new business' (CREATE_BUSINESS). With GET_BALANCES the
 * cards carry their balances and are ranked by total displayed balance, highest first, by the server
 * (sortBy=balance, so the first paint is final); without it, the plain list (by name).
 *
 * Failures (docs/product.md#error-catalogue), one text per call: the list itself 'Failed to load businesses'; its
 * balances "Couldn't load businesses" (the cards stay, without balances); the coins' precision
 * "Couldn't load business metadata" (crypto balances fall back to 6 decimals).
 */
import { useEffect, useId, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { Box, Button, Card, CardActions, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
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
import { cardBalances, type BalanceContext, type BusinessBalanceRow } from '../../domain/businessBalances';
import { all, satisfies } from '../../domain/requirements';
import { useSession } from '../../authProvider';
import { formatAmount } from '../../i18n/format';
import { Page, useAccessContext } from '../../layout';
import { BUSINESS_QUERY_KEYS, useBusinessApi } from './api';

/** A hundred cards a page; the server orders across pages. */
const PER_PAGE = 100;

const BALANCE_ORDER_REQUIRES = all('GET_BALANCES');
const BY_BALANCE = { field: 'balance', order: 'DESC' } as const;
const BY_NAME = { field: 'businessName', order: 'ASC' } as const;

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
  };
}

function BusinessCard({
  business,
  row,
  context,
  showBalances,
  canEdit,
}: {
  business: BusinessRecord;
  row: BusinessBalanceRow | undefined;
  context: BalanceContext;
  showBalances: boolean;
  canEdit: boolean;
}) {
  const translate = useTranslate();
  const headingId = useId();
  const balances = cardBalances(row, context);
  const total =
    row?.displayFiatAmount && row.displayFiatCurrency
      ? formatAmount(row.displayFiatAmount, row.displayFiatCurrency, 2)
      : null;
  return (
    <Card component="article" aria-labelledby={headingId} variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography id={headingId} component="h2" variant="h6" sx={{ wordBreak: 'break-word' }}>
          {business.businessName}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('resources.businesses.list.id', { id: business.id })}
        </Typography>
        {showBalances ? (
          <Box sx={{ mt: 1.5 }}>
            {total ? (
              <Typography variant="subtitle2">
                {translate('resources.businesses.list.total', { amount: total })}
              </Typography>
            ) : null}
            {balances.length > 0 ? (
              <Box
                component="ul"
                aria-label={translate('resources.businesses.list.balances')}
                sx={{ listStyle: 'none', m: 0, p: 0 }}
              >
                {balances.map((balance) => (
                  <Typography
                    component="li"
                    variant="body2"
                    key={balance.currency}
                    sx={{ fontVariantNumeric: 'tabular-nums' }}
                  >
                    {formatAmount(balance.amount, balance.currency, balance.precision)}
                  </Typography>
                ))}
              </Box>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {translate('resources.businesses.list.noBalances')}
              </Typography>
            )}
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

function BusinessCards() {
  const translate = useTranslate();
  const access = useAccessContext();
  const { supportedCurrencies } = useSession();
  const { data, isPending, error, refetch, filterValues, total } = useListContext<BusinessRecord>();
  const withBalances = satisfies(all('GET_BALANCES'), access);
  const canEdit = satisfies(all('UPDATE_BUSINESS'), access);
  const { rows, coins, ready } = useBalances(withBalances);
  const context = useMemo<BalanceContext>(
    () => ({ currencies: supportedCurrencies, coins }),
    [supportedCurrencies, coins],
  );
  // In the server's order: by total displayed balance where the user may read balances (see below).
  const businesses = data ?? [];
  const rowOf = useMemo(() => new Map((rows ?? []).map((row) => [String(row.businessId), row])), [rows]);

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
    const searching = typeof filterValues.q === 'string' && filterValues.q.trim() !== '';
    return (
      <Typography sx={{ mt: 2 }}>
        {translate(searching ? 'resources.businesses.list.noMatch' : 'resources.businesses.list.empty')}
      </Typography>
    );
  }
  return (
    <>
      <CardGrid>
        {businesses.map((business) => (
          <Box component="li" key={business.id}>
            <BusinessCard
              business={business}
              row={rowOf.get(String(business.id))}
              context={context}
              showBalances={withBalances && ready}
              canEdit={canEdit}
            />
          </Box>
        ))}
      </CardGrid>
      {(total ?? 0) > PER_PAGE ? <Pagination rowsPerPageOptions={[]} /> : null}
    </>
  );
}

export default function BusinessList() {
  const translate = useTranslate();
  const notify = useNotify();
  const access = useAccessContext();
  const canCreate = satisfies(all('CREATE_BUSINESS'), access);
  // With GET_BALANCES the server ranks by total displayed balance (sortBy=balance), so the first
  // paint is in its final order on every page; without it, by name.
  const sort = satisfies(BALANCE_ORDER_REQUIRES, access) ? BY_BALANCE : BY_NAME;
  return (
    <Page title="resources.businesses.name" maxWidth="full">
      <ListBase<BusinessRecord>
        resource="businesses"
        perPage={PER_PAGE}
        sort={sort}
        queryOptions={{
          onError: () => notify('resources.businesses.errors.loadFailed', { type: 'error' }),
        }}
      >
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ mb: 2, alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
        >
          <SearchBox />
          {canCreate ? (
            <Button
              component={Link}
              to="/businesses/create"
              variant="contained"
              startIcon={<AddIcon aria-hidden />}
            >
              {translate('resources.businesses.list.create')}
            </Button>
          ) : null}
        </Stack>
        <BusinessCards />
      </ListBase>
    </Page>
  );
}
