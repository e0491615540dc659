/**
 * The business detail (docs/product.md#screens-and-routes, 'Business detail'): /businesses/:id/show/<tab> (legacy
 * /business/:id/<tab>). The header has the breadcrumb 'Businesses / {name}' and the business id; the
 * tabs are the spec's eight transaction lists, each shown only with its permission, the first
 * permitted one opening by default; the statistics child shows the business's balances. A business
 * that fails to load shows the failure's text instead.
 *
 * A transaction has its own address one segment below its list (src/domain/recordPaths.ts), where
 * its details open over the list.
 *
 * Fiat deposits has two lists (bank and white-label fiat deposits) behind a switch of two links
 * (fiat-deposits and fiat-deposits/white-label): each list keeps its page, sort and filters in the URL,
 * which two lists on one page would fight over.
 */
import type { ReactNode } from 'react';
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
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { Link, Navigate, Route, Routes, useParams } from 'react-router-dom';
import { ShowBase, useShowContext, useTranslate, type Identifier } from 'react-admin';
import type { Business } from '../../../domain/business';
import { satisfies } from '../../../domain/requirements';
import { messageOf, Page, useAccessContext } from '../../../layout';
import { kindOf } from '../../transactions/kinds';
import { TransactionList } from '../../transactions/TransactionList';
import { BusinessStatistics } from './BusinessStatistics';
import {
  defaultChild,
  permittedTabs,
  STATISTICS_PATH,
  STATISTICS_REQUIRES,
  WHITE_LABEL_PATH,
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
        <BusinessChildren
          businessId={record.id}
          businessName={name}
          base={base}
          child={(params['*'] ?? '').split('/')[0]}
        />
      )}
    </Page>
  );
}

function BusinessChildren({
  businessId,
  businessName,
  base,
  child,
}: {
  businessId: Identifier;
  businessName?: string;
  base: string;
  child: string;
}) {
  const translate = useTranslate();
  // From sm up the tabs wrap onto a second line when they do not fit (none hides behind a scroll
  // arrow); a phone scrolls them.
  const wraps = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  const context = useAccessContext();
  const tabs = permittedTabs(context);
  const statistics = satisfies(STATISTICS_REQUIRES, context);
  const first = defaultChild(context);

  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, gap: 1, mb: 1 }}
      >
        <Typography color="text.secondary">
          {translate('resources.transactions.business.id', { id: businessId })}
        </Typography>
        {statistics && (
          <Button
            component={Link}
            to={`${base}/${STATISTICS_PATH}`}
            variant={child === STATISTICS_PATH ? 'contained' : 'outlined'}
            aria-current={child === STATISTICS_PATH ? 'page' : undefined}
            size="small"
          >
            {translate('resources.transactions.tabs.statistics')}
          </Button>
        )}
      </Stack>
      {tabs.length > 0 && (
        <Tabs
          value={tabs.some((tab) => tab.path === child) ? child : false}
          variant={wraps ? 'standard' : 'scrollable'}
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={translate('resources.transactions.tabsLabel')}
          // Scrolls its tabs on a narrow screen instead of widening the page.
          sx={{
            borderBottom: 1,
            borderColor: 'divider',
            mb: 1,
            contain: 'inline-size',
            ...(wraps
              ? {
                  // Wrapped tabs mark the current one with their own underline (the sliding
                  // indicator follows one line only).
                  '& .MuiTabs-flexContainer': { flexWrap: 'wrap' },
                  '& .MuiTabs-indicator': { display: 'none' },
                  '& .MuiTab-root': { px: 1.5, minWidth: 0, borderBottom: 2, borderColor: 'transparent' },
                  '& .MuiTab-root.Mui-selected': { borderColor: 'primary.main' },
                }
              : {}),
          }}
        >
          {tabs.map((tab) => (
            <Tab
              key={tab.path}
              value={tab.path}
              label={translate(tab.label)}
              component={Link}
              to={`${base}/${tab.path}`}
            />
          ))}
        </Tabs>
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
        {tabs.map((tab) => (
          <Route
            key={tab.path}
            path={`${tab.path}/*`}
            element={<TabContent tab={tab} base={base} businessId={businessId} businessName={businessName} />}
          />
        ))}
        {statistics && (
          <Route path={STATISTICS_PATH} element={<BusinessStatistics businessId={businessId} />} />
        )}
        {/* An unknown child, or a tab the user may not see: the default one. */}
        <Route path="*" element={<Navigate to={base} replace />} />
      </Routes>
    </>
  );
}

function TabContent({
  tab,
  base,
  businessId,
  businessName,
}: {
  tab: BusinessTab;
  base: string;
  businessId: Identifier;
  businessName?: string;
}) {
  // Each list at its tab's path, a record of it one segment further (recordPath): the same element
  // for both, so opening and closing a record keeps the list as it is.
  const list = (resource: string) => (
    <TransactionList
      key={resource}
      kind={kindOf(resource)}
      businessId={businessId}
      businessName={businessName}
    />
  );
  const tabBase = `${base}/${tab.path}`;
  if (tab.resources.length === 1)
    return (
      <Routes>
        <Route path=":recordId?" element={list(tab.resources[0])} />
        <Route path="*" element={<Navigate to={tabBase} replace />} />
      </Routes>
    );
  const [bank, whiteLabel] = tab.resources;
  return (
    <Routes>
      <Route
        path=":recordId?"
        element={
          <FiatSwitch tabBase={tabBase} current="bank">
            {list(bank)}
          </FiatSwitch>
        }
      />
      <Route
        path={`${WHITE_LABEL_PATH}/:recordId?`}
        element={
          <FiatSwitch tabBase={tabBase} current="whiteLabel">
            {list(whiteLabel)}
          </FiatSwitch>
        }
      />
      <Route path="*" element={<Navigate to={tabBase} replace />} />
    </Routes>
  );
}

/** The two fiat deposit lists: links, the current one marked. */
function FiatSwitch({
  tabBase,
  current,
  children,
}: {
  tabBase: string;
  current: 'bank' | 'whiteLabel';
  children: ReactNode;
}) {
  const translate = useTranslate();
  const options = [
    { key: 'bank', to: tabBase },
    { key: 'whiteLabel', to: `${tabBase}/${WHITE_LABEL_PATH}` },
  ] as const;
  return (
    <>
      <Box
        component="nav"
        aria-label={translate('resources.transactions.fiatKinds.label')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, my: 1 }}
      >
        {options.map((option) => (
          <Button
            key={option.key}
            component={Link}
            to={option.to}
            size="small"
            variant={current === option.key ? 'contained' : 'outlined'}
            aria-current={current === option.key ? 'page' : undefined}
          >
            {translate(`resources.transactions.fiatKinds.${option.key}`)}
          </Button>
        ))}
      </Box>
      {children}
    </>
  );
}
