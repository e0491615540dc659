/**
 * The callbacks of a business, or of one record (GET /v1/callbacks with `businessId`, or `entityKind`
 * and `entityId`): newest first, 25 a page from the server, the filter bar's event type, status and
 * date range, each row expanding to its attempts (./CallbackAttempts.tsx), and Resend for
 * INITIATE_CALLBACK. A failed read says so with Retry (never an empty table); a live event
 * `callbacks.updated` reads the page again.
 *
 * On a phone (below sm) each row is a card of label-value lines.
 */
import { useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Alert,
  Box,
  Button,
  IconButton,
  Link as MuiLink,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { Link } from 'react-router-dom';
import { ListBase, Pagination, useListContext, useTranslate } from 'react-admin';
import type { CallbackRow } from '../../domain/callbacks';
import { ERROR_TEXTS } from '../../domain/errors';
import { recordPagePath } from '../../domain/recordPaths';
import { formatTimestamp } from '../../i18n/format';
import { messageOf } from '../../layout';
import { FilterBar, type FilterSpec } from '../../layout/FilterBar';
import { isActive } from '../../layout/filterRules';
import { AnswerText, CallbackAttempts } from './CallbackAttempts';
import { CallbackStatusChip } from './CallbackStatusChip';
import { ResendButton, useMayResend } from './ResendButton';
import {
  CALLBACK_EVENT_TYPE_LIST,
  CALLBACKS_RESOURCE,
  eventTypeKey,
  isDue,
  statusKey,
  type CallbacksScope,
} from './rules';
import { CALLBACK_STATUSES } from '../../domain/callbacks';

const T = 'resources.callbacks';
export const CALLBACKS_PER_PAGE = 25;

const ignore = () => undefined;
const SORT = { field: 'createdAt', order: 'DESC' as const };

export interface CallbacksTableProps {
  /** Whose callbacks: a business's (its tab), or a record's (its page). */
  scope: CallbacksScope;
  /** Keep the filters and the page in the URL (a page's own list); off inside another page. */
  syncWithLocation?: boolean;
  /** The filter bar (event type, status, date range); on by default. */
  filters?: boolean;
  perPage?: number;
}

function useFilterSpecs(): FilterSpec[] {
  const translate = useTranslate();
  return useMemo(
    () => [
      {
        type: 'choice',
        source: 'eventType',
        label: translate(`${T}.filters.eventType`),
        choices: CALLBACK_EVENT_TYPE_LIST.map((type) => ({ id: type, name: translate(eventTypeKey(type)) })),
      },
      {
        type: 'choice',
        source: 'status',
        label: translate(`${T}.filters.status`),
        choices: CALLBACK_STATUSES.map((status) => ({ id: status, name: translate(statusKey(status)) })),
      },
      { type: 'dateRange', from: 'from', to: 'to', label: translate(`${T}.filters.date`) },
    ],
    [translate],
  );
}

/** When the next attempt is, or why there is none. */
function NextText({ callback }: { callback: CallbackRow }) {
  const translate = useTranslate();
  if (callback.status === 'DELIVERED')
    return (
      <>
        {callback.deliveredAt
          ? translate(`${T}.deliveredAt`, { time: formatTimestamp(callback.deliveredAt) })
          : '—'}
      </>
    );
  if (callback.status === 'SKIPPED') return <>{translate(`${T}.noUrl`)}</>;
  if (isDue(callback))
    return (
      <Box component="strong" sx={{ fontWeight: 500 }}>
        {translate(`${T}.dueNow`)}
      </Box>
    );
  return <>{callback.nextAttemptAt ? formatTimestamp(callback.nextAttemptAt) : '—'}</>;
}

/** 'Payment 12', linked to its page (src/domain/recordPaths.ts). */
function RecordLink({ callback }: { callback: CallbackRow }) {
  const translate = useTranslate();
  const text = translate(`${T}.entityKinds.${callback.entityKind}`, {
    id: callback.entityId,
    _: `${callback.entityKind} ${callback.entityId}`,
  });
  return (
    <MuiLink
      component={Link}
      to={recordPagePath(callback.entityKind, callback.entityId)}
      onClick={(event: MouseEvent) => event.stopPropagation()}
    >
      {text}
    </MuiLink>
  );
}

/** One cell, with its label for a phone's card. */
function Cell({ label, children, align }: { label: string; children: ReactNode; align?: 'right' }) {
  return (
    <TableCell data-label={label} align={align}>
      {children}
    </TableCell>
  );
}

function Row({
  callback,
  showRecord,
  mayResend,
  columns,
}: {
  callback: CallbackRow;
  showRecord: boolean;
  mayResend: boolean;
  columns: number;
}) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const panelId = `callback-${callback.id}-attempts`;
  const label = (key: string) => translate(`${T}.fields.${key}`);
  const toggle = () => setOpen((value) => !value);
  return (
    <>
      <TableRow
        hover
        data-callback-id={callback.id}
        onClick={toggle}
        sx={{ cursor: 'pointer', '& > td': { borderBottom: open ? 0 : undefined } }}
      >
        <TableCell padding="checkbox" className="CallbacksTable-toggle">
          <IconButton
            size="small"
            aria-expanded={open}
            aria-controls={open ? panelId : undefined}
            aria-label={translate(open ? `${T}.collapse` : `${T}.expand`, { id: callback.id })}
            onClick={(event) => {
              event.stopPropagation();
              toggle();
            }}
          >
            <ExpandMoreIcon
              fontSize="small"
              sx={{ transition: 'transform 150ms', transform: open ? 'rotate(180deg)' : 'none' }}
            />
          </IconButton>
        </TableCell>
        <Cell label={label('createdAt')}>{formatTimestamp(callback.createdAt)}</Cell>
        <Cell label={label('eventType')}>
          {translate(eventTypeKey(callback.eventType), { _: callback.eventType })}
        </Cell>
        {showRecord ? (
          <Cell label={label('entity')}>
            <RecordLink callback={callback} />
          </Cell>
        ) : null}
        <Cell label={label('status')}>
          <CallbackStatusChip status={callback.status} />
        </Cell>
        <Cell label={label('attempts')} align="right">
          {translate(`${T}.attemptOf`, { attempt: callback.attempts, max: callback.maxAttempts })}
        </Cell>
        <Cell label={label('lastAnswer')}>
          <AnswerText answer={callback} />
        </Cell>
        <Cell label={label('next')}>
          <NextText callback={callback} />
        </Cell>
        {mayResend ? (
          <TableCell className="CallbacksTable-action">
            <ResendButton callback={callback} />
          </TableCell>
        ) : null}
      </TableRow>
      {open ? (
        <TableRow className="CallbacksTable-panel">
          <TableCell colSpan={columns} id={panelId} sx={{ bgcolor: 'background.paper', pt: 0 }}>
            <CallbackAttempts callbackId={callback.id} />
          </TableCell>
        </TableRow>
      ) : null}
    </>
  );
}

/** On a phone each row is a card: one line per column, its label left, its value right. */
const CARD_ROWS = {
  '@media (max-width: 599.95px)': {
    '& table, & tbody, & tr, & td': { display: 'block', boxSizing: 'border-box' },
    '& thead': visuallyHidden,
    '& tbody tr': { borderBottom: 1, borderColor: 'divider', py: 1 },
    '& tbody tr.CallbacksTable-panel': { pt: 0 },
    '& tbody td': {
      display: 'flex',
      justifyContent: 'space-between',
      alignItems: 'center',
      gap: 2,
      border: 0,
      py: 0.25,
      px: 2,
      textAlign: 'right',
    },
    '& tbody td[data-label]::before': {
      content: 'attr(data-label)',
      color: 'text.secondary',
      textAlign: 'left',
    },
    '& tbody td.CallbacksTable-toggle, & tbody td.CallbacksTable-action': { justifyContent: 'flex-end' },
    '& tbody tr.CallbacksTable-panel td': { display: 'block', textAlign: 'left' },
  },
} as const;

function Rows({ showRecord, specs }: { showRecord: boolean; specs: readonly FilterSpec[] }) {
  const translate = useTranslate();
  const mayResend = useMayResend();
  const { data, error, isPending, refetch, isFetching, filterValues } = useListContext<CallbackRow>();
  const label = (key: string) => translate(`${T}.fields.${key}`);
  const columns = 7 + (showRecord ? 1 : 0) + (mayResend ? 1 : 0);

  if (error && !data)
    return (
      <Alert
        severity="error"
        role="alert"
        sx={{ my: 1 }}
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()} disabled={isFetching}>
            {translate(`${T}.retry`)}
          </Button>
        }
      >
        {translate(`${T}.loadFailed`)} {messageOf(error, ERROR_TEXTS.default)}
      </Alert>
    );

  const filtered = specs.some((spec) => isActive(spec, filterValues ?? {}));
  if (!isPending && data && data.length === 0)
    return (
      <Box role="status" sx={{ py: 6, textAlign: 'center' }}>
        <Typography color="text.secondary">
          {translate(filtered ? `${T}.emptyFiltered` : `${T}.empty`)}
        </Typography>
      </Box>
    );

  return (
    <Box sx={{ overflowX: 'auto', contain: 'inline-size', ...CARD_ROWS }}>
      <Table size="small" aria-label={translate(`${T}.tableLabel`)} aria-busy={isPending || undefined}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Box component="span" sx={visuallyHidden}>
                {translate(`${T}.attempts.title`)}
              </Box>
            </TableCell>
            <TableCell>{label('createdAt')}</TableCell>
            <TableCell>{label('eventType')}</TableCell>
            {showRecord ? <TableCell>{label('entity')}</TableCell> : null}
            <TableCell>{label('status')}</TableCell>
            <TableCell align="right">{label('attempts')}</TableCell>
            <TableCell>{label('lastAnswer')}</TableCell>
            <TableCell>{label('next')}</TableCell>
            {mayResend ? (
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  {translate(`${T}.resend.action`)}
                </Box>
              </TableCell>
            ) : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {isPending || !data
            ? [0, 1, 2].map((n) => (
                <TableRow key={n}>
                  <TableCell colSpan={columns}>
                    <Skeleton variant="text" />
                  </TableCell>
                </TableRow>
              ))
            : data.map((callback) => (
                <Row
                  key={callback.id}
                  callback={callback}
                  showRecord={showRecord}
                  mayResend={mayResend}
                  columns={columns}
                />
              ))}
        </TableBody>
      </Table>
    </Box>
  );
}

export function CallbacksTable({
  scope,
  syncWithLocation = false,
  filters = true,
  perPage = CALLBACKS_PER_PAGE,
}: CallbacksTableProps) {
  const specs = useFilterSpecs();
  const scopeKey = JSON.stringify(scope);
  // Stable across renders: a new object would read the page again.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const permanent = useMemo(() => scope, [scopeKey]);
  const showRecord = !('entityKind' in scope);
  return (
    <ListBase<CallbackRow>
      resource={CALLBACKS_RESOURCE}
      filter={permanent}
      perPage={perPage}
      sort={SORT}
      storeKey={false}
      disableSyncWithLocation={!syncWithLocation}
      // The table says it failed, with Retry: no toast besides.
      queryOptions={{ onError: ignore }}
    >
      <Box sx={{ position: 'relative' }}>{filters ? <FilterBar filters={specs} /> : null}</Box>
      <Rows showRecord={showRecord} specs={filters ? specs : []} />
      <Pagination rowsPerPageOptions={[]} />
    </ListBase>
  );
}
