/**
 * The business detail, the merchant's home (docs/product.md#screens-and-routes, 'Business detail';
 * issue 32 §3): /businesses/:id/show/<view> (legacy /business/:id/<view>). The breadcrumb
 * 'Businesses / {name}', the business id and settlement currency, the header of balances, volume and
 * callback health (./BusinessHeader.tsx), then four tabs (Crypto, Fiat, Ledger, Callbacks) whose
 * lists are links below the current tab (./tabs.ts): each shown only with its permission, the first
 * permitted one opening by default; the statistics child shows the business's balances. A business
 * that fails to load shows the failure's text instead.
 *
 * A transaction has its own address one segment below its list (src/domain/recordPaths.ts), where
 * its details open over the list. Each list (the bank and the white-label fiat deposits too) has its
 * own path, so it keeps its page, sort and filters in the URL, which two lists on one page would
 * fight over.
 */
import {
  Alert,
  Box,
  Button,
  Breadcrumbs,
  LinearProgress,
  Link as MuiLink,
  Stack,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { Link, Navigate, Route, Routes, useParams } from 'react-router-dom';
import { ShowBase, useShowContext, useTranslate, type Identifier } from 'react-admin';
import type { Business } from '../../../domain/business';
import { all, satisfies } from '../../../domain/requirements';
import { messageOf, Page, useAccessContext } from '../../../layout';
import { kindOf } from '../../transactions/kinds';
import { TransactionList } from '../../transactions/TransactionList';
import { BusinessCallbacks } from './BusinessCallbacks';
import { BusinessHeader, SettlementCurrency, useBusinessOverview } from './BusinessHeader';
import { BusinessStatistics } from './BusinessStatistics';
import {
  CALLBACKS_PATH,
  defaultChild,
  groupLabel,
  permittedGroups,
  STATISTICS_PATH,
  STATISTICS_REQUIRES,
  viewOf,
  type BusinessTab,
} from './tabs';

const ignore = () => undefined;

export default function BusinessShow() {
  const params = useParams();
  const first = defaultChild(useAccessContext());
  // The default child at once (it depends on permissions only), before the page shows: one page view.
  if (!params['*'] && first)
    return <Navigate to={`/businesses/${encodeURIComponent(params.id ?? '')}/show/${first}`} replace />;
  return (
    // No redirect on failure: the page reports it (docs/product.md#screens-and-routes).
    <ShowBase resource="businesses" queryOptions={{ onError: ignore }} redirectOnError={false}>
      <BusinessDetail />
    </ShowBase>
  );
}

function BusinessDetail() {
  const { record, error, isPending } = useShowContext<Business>();
  const translate = useTranslate();
  const params = useParams();
  const id = params.id ?? '';
  const base = `/businesses/${encodeURIComponent(id)}/show`;
  const name = record?.businessName;

  return (
    <Page title={name ?? 'resources.transactions.business.loading'} maxWidth="full">
      <Breadcrumbs aria-label={translate('resources.transactions.business.breadcrumb')} sx={{ mb: 1 }}>
        <MuiLink component={Link} to="/businesses" underline="hover" color="inherit">
          {translate('resources.transactions.business.businesses')}
        </MuiLink>
        <Typography color="text.primary" aria-current="page">
          {name ?? '…'}
        </Typography>
      </Breadcrumbs>
      {error ? (
        <Alert severity="error" role="alert">
          {messageOf(error, translate('resources.businesses.errors.loadFailed'))}
        </Alert>
      ) : isPending || !record ? (
        <LinearProgress aria-label={translate('ra.page.loading')} />
      ) : (
        <BusinessChildren business={record} base={base} child={params['*'] ?? ''} />
      )}
    </Page>
  );
}

function BusinessChildren({ business, base, child }: { business: Business; base: string; child: string }) {
  const translate = useTranslate();
  const context = useAccessContext();
  const businessId = business.id;
  const groups = permittedGroups(context);
  const views = groups.flatMap((group) => group.views);
  const current = viewOf(child, views);
  const currentGroup = groups.find((group) => group.group === current?.group);
  const statistics = satisfies(STATISTICS_REQUIRES, context);
  const mayEdit = satisfies(all('UPDATE_BUSINESS'), context);
  const first = defaultChild(context);
  const overview = useBusinessOverview(Number(businessId));
  const settlementCurrency = overview.data?.settlementCurrency ?? business.settlementCurrency;
  const callbacksPath = views.some((v) => v.path === CALLBACKS_PATH)
    ? `${base}/${CALLBACKS_PATH}`
    : undefined;
  const onStatistics = child.split('/')[0] === STATISTICS_PATH;

  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, gap: 1, mb: 1.5 }}
      >
        <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 3, rowGap: 0.5 }}>
          <Typography color="text.secondary">
            {translate('resources.transactions.business.id', { id: businessId })}
          </Typography>
          {settlementCurrency ? <SettlementCurrency currency={settlementCurrency} /> : null}
        </Stack>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          {statistics && (
            <Button
              component={Link}
              to={`${base}/${STATISTICS_PATH}`}
              variant={onStatistics ? 'contained' : 'outlined'}
              aria-current={onStatistics ? 'page' : undefined}
              size="small"
            >
              {translate('resources.transactions.tabs.statistics')}
            </Button>
          )}
          {mayEdit && (
            <Button
              component={Link}
              to={`/businesses/${encodeURIComponent(String(businessId))}`}
              variant="outlined"
              size="small"
            >
              {translate('resources.businesses.overview.settings')}
            </Button>
          )}
        </Stack>
      </Stack>
      <BusinessHeader businessId={Number(businessId)} callbacksPath={callbacksPath} />
      {groups.length > 0 && (
        <Tabs
          value={currentGroup?.group ?? false}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={translate('resources.transactions.tabsLabel')}
          // Scrolls its tabs on a narrow screen instead of widening the page.
          sx={{
            borderBottom: 1,
            borderColor: 'divider',
            contain: 'inline-size',
            '& .MuiTab-root': { px: { xs: 1.25, sm: 2 }, minWidth: 0 },
          }}
        >
          {groups.map(({ group, views: members }) => (
            <Tab
              key={group}
              value={group}
              label={translate(groupLabel(group))}
              component={Link}
              to={`${base}/${members[0].path}`}
            />
          ))}
        </Tabs>
      )}
      {currentGroup && currentGroup.group !== 'callbacks' ? (
        <ViewLinks base={base} group={currentGroup.group} views={currentGroup.views} current={current} />
      ) : (
        <Box sx={{ mb: 1 }} />
      )}
      <Routes>
        <Route
          index
          element={
            first ? (
              <Navigate to={`${base}/${first}`} replace />
            ) : (
              <Alert severity="info">{translate('resources.transactions.business.noTabs')}</Alert>
            )
          }
        />
        {views.map((view) => (
          <Route
            key={view.path}
            path={`${view.path}/*`}
            element={
              <ViewContent
                view={view}
                base={base}
                businessId={businessId}
                businessName={business.businessName}
              />
            }
          />
        ))}
        {statistics && (
          <Route path={STATISTICS_PATH} element={<BusinessStatistics businessId={businessId} />} />
        )}
        {/* An unknown child, or a view the user may not see: the default one. */}
        <Route path="*" element={<Navigate to={base} replace />} />
      </Routes>
    </>
  );
}

/** The lists of the current tab: links, the current one marked. */
function ViewLinks({
  base,
  group,
  views,
  current,
}: {
  base: string;
  group: BusinessTab['group'];
  views: readonly BusinessTab[];
  current?: BusinessTab;
}) {
  const translate = useTranslate();
  return (
    <Box
      component="nav"
      aria-label={translate('resources.transactions.viewsLabel', { group: translate(groupLabel(group)) })}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, my: 1.5 }}
    >
      {views.map((view) => {
        const here = view.path === current?.path;
        return (
          <Button
            key={view.path}
            component={Link}
            to={`${base}/${view.path}`}
            size="small"
            variant={here ? 'contained' : 'outlined'}
            aria-current={here ? 'page' : undefined}
          >
            {translate(view.label)}
          </Button>
        );
      })}
    </Box>
  );
}

function ViewContent({
  view,
  base,
  businessId,
  businessName,
}: {
  view: BusinessTab;
  base: string;
  businessId: Identifier;
  businessName?: string;
}) {
  const viewBase = `${base}/${view.path}`;
  if (!view.resource) return <BusinessCallbacks businessId={Number(businessId)} />;
  // The list at its view's path, a record of it one segment further (recordPath): the same element
  // for both, so opening and closing a record keeps the list as it is.
  return (
    <Routes>
      <Route
        path=":recordId?"
        element={
          <TransactionList
            key={view.resource}
            kind={kindOf(view.resource)}
            businessId={businessId}
            businessName={businessName}
          />
        }
      />
      <Route path="*" element={<Navigate to={viewBase} replace />} />
    </Routes>
  );
}
