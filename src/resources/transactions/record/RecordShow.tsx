/**
 * A record's own page (issue 32 §2; docs/decisions.md 246–249): react-admin's show route of its
 * resource, `/{kind}/{id}/show` (src/domain/recordPaths.ts `recordPagePath`), for every kind of
 * RECORD_KINDS. One call (`GET /v1/records/{kind}/{id}`) gives:
 *
 * - the header: kind, amount and currency, status, business (linked), reference, created;
 * - the timeline, oldest first, and the record's own fields (copy buttons, block-explorer links);
 * - the ledger entries it posted, with the business's balance after each posting;
 * - the related records, linked both ways, and its callbacks with their attempts and Resend;
 * - the actions allowed now and to this user (`actions`): approve or reject a withdrawal.
 *
 * It stays live while open: a live event naming its resource, its business or the callbacks reads it
 * again (src/layout/liveEvents.ts, `meta.staleOn`), with what is shown kept meanwhile. While it first
 * loads, a skeleton holds the page's layout; a failure says why with Retry (never an empty page), and
 * a 404 that the record does not exist or is not the caller's.
 */
import type { ReactNode } from 'react';
import {
  Alert,
  Box,
  Breadcrumbs,
  Button,
  Link as MuiLink,
  Paper,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { Link, useParams } from 'react-router-dom';
import { useResourceContext, useTranslate } from 'react-admin';
import { businessPath, isRecordKind } from '../../../domain/recordPaths';
import { satisfies } from '../../../domain/requirements';
import { CALLBACKS_REQUIRES, CallbacksTable } from '../../../features/callbacks';
import type { RecordKind, RecordPage } from '../../../domain/records';
import { messageOf, NotFound, Page, useAccessContext } from '../../../layout';
import { ShownBusinessContext } from '../values';
import { useRecordPage } from './useRecordPage';
import { LedgerEntries } from './LedgerEntries';
import { RecordActions } from './RecordActions';
import { RecordDetails } from './RecordDetails';
import { RecordHeader } from './RecordHeader';
import { RelatedRecords } from './RelatedRecords';
import { callbackScope, failureOf, listTabOf, recordKindSpec } from './rules';
import { Section } from './Section';
import { Timeline } from './Timeline';

export default function RecordShow() {
  const resource = useResourceContext();
  const { id } = useParams();
  if (!resource || !isRecordKind(resource) || !id) return <NotFound />;
  return <RecordPageView kind={resource} id={id} />;
}

/** Two columns from md up (the timeline wider), one on smaller screens. */
function Columns({ left, right }: { left: ReactNode; right: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 7fr) minmax(0, 5fr)' },
        gap: 2,
        alignItems: 'start',
        mb: 2,
      }}
    >
      <Stack sx={{ gap: 2, minWidth: 0 }}>{left}</Stack>
      <Stack sx={{ gap: 2, minWidth: 0 }}>{right}</Stack>
    </Box>
  );
}

function RecordPageView({ kind, id }: { kind: RecordKind; id: string }) {
  const translate = useTranslate();
  const query = useRecordPage(kind, id);
  const name = translate(`resources.${kind}.name`, { smart_count: 1 });
  const title = translate('resources.records.title', { name, id });
  const page = query.data;
  return (
    <Page
      title={title}
      maxWidth="full"
      action={page ? <RecordActions page={page} onDecided={() => void query.refetch()} /> : undefined}
    >
      <Trail kind={kind} page={page} />
      {page ? (
        <>
          {query.error ? (
            // A read again that failed: what is shown stays, with the reason.
            <Alert
              severity="warning"
              role="alert"
              sx={{ mb: 2 }}
              action={<RetryButton onRetry={() => void query.refetch()} />}
            >
              {messageOf(query.error, translate('resources.records.loadFailed'))}
            </Alert>
          ) : null}
          <RecordBody kind={kind} page={page} />
        </>
      ) : query.error ? (
        failureOf(query.error) === 'notFound' ? (
          <Alert severity="warning" role="alert" data-testid="record-not-found">
            {translate('resources.records.notFound', { name, id })}
          </Alert>
        ) : (
          <Alert
            severity="error"
            role="alert"
            action={<RetryButton onRetry={() => void query.refetch()} busy={query.isFetching} />}
          >
            {messageOf(query.error, translate('resources.records.loadFailed'))}
          </Alert>
        )
      ) : (
        <RecordSkeleton />
      )}
    </Page>
  );
}

function RetryButton({ onRetry, busy = false }: { onRetry: () => void; busy?: boolean }) {
  const translate = useTranslate();
  return (
    <Button color="inherit" size="small" onClick={onRetry} disabled={busy}>
      {translate('resources.records.retry')}
    </Button>
  );
}

/** Businesses / {business} / {its list}: where the record is listed. */
function Trail({ kind, page }: { kind: RecordKind; page: RecordPage | undefined }) {
  const translate = useTranslate();
  const { listResource } = recordKindSpec(kind);
  return (
    <Breadcrumbs aria-label={translate('resources.records.breadcrumb')} sx={{ mb: 2 }}>
      <MuiLink component={Link} to="/businesses" underline="hover" color="inherit">
        {translate('resources.transactions.business.businesses')}
      </MuiLink>
      {page ? (
        <MuiLink component={Link} to={businessPath(page.header.businessId)} underline="hover" color="inherit">
          {page.header.businessName}
        </MuiLink>
      ) : (
        <Skeleton variant="text" width={120} />
      )}
      {page ? (
        <MuiLink
          component={Link}
          to={`${businessPath(page.header.businessId)}/${listTabOf(kind)}`}
          underline="hover"
          color="inherit"
        >
          {translate(`resources.${listResource}.name`, { smart_count: 2 })}
        </MuiLink>
      ) : (
        <Skeleton variant="text" width={120} />
      )}
    </Breadcrumbs>
  );
}

function RecordBody({ kind, page }: { kind: RecordKind; page: RecordPage }) {
  const record = recordKindSpec(kind).toRecord(page.record);
  return (
    <ShownBusinessContext.Provider value={{ id: page.header.businessId, name: page.header.businessName }}>
      <RecordHeader header={page.header} />
      <Columns
        left={
          <Section title="resources.records.sections.timeline" testId="record-timeline-section">
            <Timeline steps={page.timeline} />
          </Section>
        }
        right={
          <>
            <Section title="resources.records.sections.details">
              <RecordDetails kind={kind} record={record} />
            </Section>
            <Section title="resources.records.sections.related">
              <RelatedRecords related={page.related} />
            </Section>
          </>
        }
      />
      <Stack sx={{ gap: 2 }}>
        <Section title="resources.records.sections.ledger">
          <LedgerEntries entries={page.ledger} />
        </Section>
        <RecordCallbacks page={page} />
      </Stack>
    </ShownBusinessContext.Provider>
  );
}

/**
 * The callbacks about the record, each with its attempts (status, latency, the answer's excerpt) and
 * Resend for INITIATE_CALLBACK: the business page's own table (src/features/callbacks), scoped to the
 * record. Only for a kind callbacks are about and a reader of them; read only when the page's answer
 * has some.
 */
function RecordCallbacks({ page }: { page: RecordPage }) {
  const translate = useTranslate();
  const scope = callbackScope(page);
  const reads = satisfies(CALLBACKS_REQUIRES, useAccessContext());
  if (!scope || !reads) return null;
  return (
    <Section title="resources.records.sections.callbacks" testId="record-callbacks">
      {page.callbacks.length === 0 ? (
        <Typography role="status" color="text.secondary">
          {translate('resources.records.callbacks.empty')}
        </Typography>
      ) : (
        <CallbacksTable scope={scope} filters={false} />
      )}
    </Section>
  );
}

/** The page's layout while it first loads: the header, the two columns and the ledger, in grey. */
function RecordSkeleton() {
  const translate = useTranslate();
  const lines = (n: number) => Array.from({ length: n }, (_, i) => <Skeleton key={i} variant="text" />);
  const card = (n: number, height?: number) => (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Skeleton variant="text" width="30%" sx={{ fontSize: '1.25rem', mb: 1 }} />
      {height ? <Skeleton variant="rectangular" height={height} /> : lines(n)}
    </Paper>
  );
  return (
    <Box aria-busy="true" data-testid="record-skeleton">
      <Typography role="status" sx={visuallyHidden}>
        {translate('resources.records.loading')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Skeleton variant="text" width={140} />
        <Skeleton variant="text" width="45%" sx={{ fontSize: '2.125rem' }} />
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 1.5 }}>
          {lines(3)}
        </Box>
      </Paper>
      <Columns
        left={card(8)}
        right={
          <>
            {card(5)}
            {card(2)}
          </>
        }
      />
      {card(0, 120)}
    </Box>
  );
}
