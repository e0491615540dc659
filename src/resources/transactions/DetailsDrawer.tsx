/**
 * A transaction's preview: a drawer over its list at the record's address in the list (`recordPath`),
 * so it can be shared and reloaded, with a link to the record's own page (`recordPagePath`: its
 * timeline, ledger entries, related records, callbacks and actions). The record comes from the list's page when it is on it, else from
 * `GET <list>/{id}`; one of another business, or none, reads as not found. Previous and next walk the
 * list, over the edge of its page onto the next or previous one (`PagePosition`). A modal dialog: focus moves into it, Escape or the close button leaves it
 * (back to the list with its filters and page), and focus returns to the record's row.
 *
 * The fields are grouped (overview, amounts, blockchain, dates), each labelled from the catalogue.
 */
import { useId } from 'react';
import CloseIcon from '@mui/icons-material/Close';
import OpenPageIcon from '@mui/icons-material/OpenInFull';
import NextIcon from '@mui/icons-material/KeyboardArrowDown';
import PreviousIcon from '@mui/icons-material/KeyboardArrowUp';
import {
  Alert,
  Box,
  Button,
  Drawer,
  IconButton,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { Link } from 'react-router-dom';
import { useGetOne, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { isRecordKind, recordPagePath } from '../../domain/recordPaths';
import type { PaymentDeposit } from '../../domain/transactions';
import { formatNumber } from '../../i18n/format';
import { CodeValue, messageOf } from '../../layout';
import { groupOf, type FieldGroup, type FieldSpec, type TransactionKind } from './kinds';
import { amountText, FieldValue, StatusChip, timestampText } from './values';

const GROUPS: readonly FieldGroup[] = ['overview', 'amounts', 'chain', 'dates'];

function Deposits({ deposits }: { deposits: unknown }) {
  const translate = useTranslate();
  const list = Array.isArray(deposits) ? (deposits as PaymentDeposit[]) : [];
  if (list.length === 0) return <>{translate('resources.transactions.details.none')}</>;
  const label = (key: string) => translate(`resources.payments.deposit.${key}`);
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" sx={{ '& td, & th': { px: 1 } }}>
        <TableHead>
          <TableRow>
            <TableCell>{label('status')}</TableCell>
            <TableCell align="right">{label('amount')}</TableCell>
            <TableCell>{label('txHash')}</TableCell>
            <TableCell align="right">{label('confirmations')}</TableCell>
            <TableCell>{label('createdAt')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {list.map((d) => (
            <TableRow key={d.id}>
              <TableCell>
                <StatusChip status={d.status} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {amountText(d.depositAmount, d.depositCurrency)}
              </TableCell>
              <TableCell>
                <CodeValue
                  value={d.txHash}
                  label={label('txHash')}
                  shorten
                  explorer={{ target: 'tx', currency: d.depositCurrency, network: d.network }}
                />
              </TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {d.confirmations}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{timestampText(d.createdAt)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** Whether a record belongs to the business shown (a transfer to both of its businesses). */
export function belongsTo(record: RaRecord, businessId: Identifier): boolean {
  return [record.businessId, record.toBusinessId].some(
    (id) => id !== undefined && id !== null && String(id) === String(businessId),
  );
}

/** The list's page the rows are: where they stand in the whole list, and how to turn it. */
export interface PagePosition {
  /** How many records come before the page (page − 1 × per page). */
  offset: number;
  /** The list's total; `capped`: the server counted up to it (more may follow). */
  total?: number;
  capped?: boolean;
  hasPreviousPage: boolean;
  hasNextPage: boolean;
  /** Turns to the previous (−1) or next (1) page and opens its last or first record. */
  turn: (direction: -1 | 1) => void;
}

/**
 * The records before and after one on the list's page, and, at the page's edge, the page that holds
 * them: `previous`/`next` is a record of the page, or 'page' when the walk turns the page.
 */
export function neighbours(
  rows: readonly RaRecord[],
  id: string | undefined,
  position?: Pick<PagePosition, 'hasPreviousPage' | 'hasNextPage'>,
) {
  const index = rows.findIndex((row) => String(row.id) === id);
  const first = index === 0 && position?.hasPreviousPage;
  const last = index >= 0 && index === rows.length - 1 && position?.hasNextPage;
  return {
    index,
    previous: index > 0 ? rows[index - 1] : first ? ('page' as const) : undefined,
    next: index >= 0 && index < rows.length - 1 ? rows[index + 1] : last ? ('page' as const) : undefined,
  };
}

function Fields({ kind, record }: { kind: TransactionKind; record: RaRecord }) {
  const translate = useTranslate();
  const label = (source: string) => translate(`resources.${kind.resource}.fields.${source}`);
  const shown = kind.fields.filter((f) => f.type !== 'deposits');
  return (
    <>
      {GROUPS.map((group) => {
        const fields: FieldSpec[] = shown.filter((f) => groupOf(f) === group);
        if (fields.length === 0) return null;
        return (
          <Box component="section" key={group} sx={{ mb: 2 }}>
            <Typography component="h3" variant="subtitle2" color="text.secondary" sx={{ mb: 0.5 }}>
              {translate(`resources.transactions.details.groups.${group}`)}
            </Typography>
            <Box
              component="dl"
              sx={{
                display: 'grid',
                // One label width for every section, so the values line up from one section to the next.
                gridTemplateColumns: { xs: '8.5rem minmax(0, 1fr)', sm: '10rem minmax(0, 1fr)' },
                columnGap: 2,
                rowGap: 0.75,
                m: 0,
                '& dt': { color: 'text.secondary' },
                '& dd': { m: 0, minWidth: 0, overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' },
              }}
            >
              {fields.map((field) => (
                <Box key={field.source} sx={{ display: 'contents' }}>
                  <dt>{label(field.source)}</dt>
                  <dd>
                    <FieldValue field={field} record={record} />
                  </dd>
                </Box>
              ))}
            </Box>
          </Box>
        );
      })}
      {kind.fields.some((f) => f.type === 'deposits') && (
        <Box component="section">
          <Typography component="h3" variant="subtitle2" color="text.secondary" sx={{ mb: 0.5 }}>
            {translate('resources.transactions.details.deposits')}
          </Typography>
          <Deposits deposits={record.deposits} />
        </Box>
      )}
    </>
  );
}

export function DetailsDrawer({
  kind,
  businessId,
  recordId,
  rows,
  position,
  onOpen,
  onClose,
  onClosed,
}: {
  kind: TransactionKind;
  businessId: Identifier;
  /** The record's id from the address; undefined: the drawer is closed. */
  recordId: string | undefined;
  /** The list's current page. */
  rows: readonly RaRecord[];
  /** Where that page stands in the list (without it, the walk stays on the page). */
  position?: PagePosition;
  onOpen: (id: Identifier) => void;
  onClose: () => void;
  /** Once the drawer has slid away (and let go of the focus). */
  onClosed?: () => void;
}) {
  const translate = useTranslate();
  const titleId = useId();
  const onPage = rows.find((row) => String(row.id) === recordId);
  const fetched = useGetOne(
    kind.resource,
    { id: recordId ?? '' },
    { enabled: recordId !== undefined && !onPage, retry: false },
  );
  const record = onPage ?? (fetched.data as RaRecord | undefined);
  const name = translate(`resources.${kind.resource}.name`, { smart_count: 1 });
  const { index, previous, next } = neighbours(rows, recordId, position);
  const walk = (to: RaRecord | 'page' | undefined, direction: -1 | 1) => {
    if (to === 'page') position?.turn(direction);
    else if (to) onOpen(to.id);
  };
  const status = (fetched.error as { status?: number } | null)?.status;
  const notFound = (record && !belongsTo(record, businessId)) || status === 404 || status === 400;

  return (
    <Drawer
      anchor="right"
      open={recordId !== undefined}
      onClose={onClose}
      disableRestoreFocus
      slotProps={{
        transition: { onExited: onClosed },
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': titleId,
          sx: { width: { xs: '100%', sm: 560 }, p: 2 },
        },
      }}
    >
      {recordId !== undefined && (
        <>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, mb: 1 }}>
            <Typography component="h2" variant="h6" id={titleId} sx={{ flex: 1, minWidth: 0 }}>
              {translate('resources.transactions.details.title', { name, id: recordId })}
            </Typography>
            {index >= 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {translate('resources.transactions.details.position', {
                  index: formatNumber((position?.offset ?? 0) + index + 1),
                  count:
                    position?.total === undefined
                      ? formatNumber(rows.length)
                      : `${formatNumber(position.total)}${position.capped ? '+' : ''}`,
                })}
              </Typography>
            )}
            <Tooltip title={translate('resources.transactions.details.previous')}>
              {/* aria-disabled, not disabled: the button keeps the focus at the end of the list. */}
              <IconButton
                aria-label={translate('resources.transactions.details.previous')}
                aria-disabled={!previous}
                onClick={() => walk(previous, -1)}
                sx={previous ? undefined : { opacity: 0.38, cursor: 'default' }}
              >
                <PreviousIcon />
              </IconButton>
            </Tooltip>
            <Tooltip title={translate('resources.transactions.details.next')}>
              {/* aria-disabled, not disabled: the button keeps the focus at the end of the list. */}
              <IconButton
                aria-label={translate('resources.transactions.details.next')}
                aria-disabled={!next}
                onClick={() => walk(next, 1)}
                sx={next ? undefined : { opacity: 0.38, cursor: 'default' }}
              >
                <NextIcon />
              </IconButton>
            </Tooltip>
            <IconButton onClick={onClose} aria-label={translate('resources.transactions.details.close')}>
              <CloseIcon />
            </IconButton>
          </Stack>
          {notFound ? (
            <Alert severity="warning" role="alert">
              {translate('resources.transactions.details.notFound', { name, id: recordId })}
            </Alert>
          ) : fetched.error && !record ? (
            <Alert severity="error" role="alert">
              {messageOf(fetched.error, translate('resources.transactions.details.loadFailed'))}
            </Alert>
          ) : !record ? (
            <LinearProgress aria-label={translate('ra.page.loading')} />
          ) : (
            <>
              {isRecordKind(kind.resource) ? (
                <Button
                  component={Link}
                  to={recordPagePath(kind.resource, record.id)}
                  variant="outlined"
                  size="small"
                  startIcon={<OpenPageIcon aria-hidden />}
                  sx={{ mb: 2 }}
                >
                  {translate('resources.transactions.details.openPage')}
                </Button>
              ) : null}
              <Fields kind={kind} record={record} />
            </>
          )}
        </>
      )}
    </Drawer>
  );
}
