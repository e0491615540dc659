/**
 * The ledger entries a record posted (issue 32 §2): each entry with its kind and time, then one row
 * per posting — the account, its business, the signed amount (+ credits the account) and the
 * business account's balance right after. Amounts sit right-aligned in tabular figures with their
 * currency after them, as in the lists; on a phone each posting is a card of label-value lines.
 */
import {
  Box,
  Link as MuiLink,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import type { RecordLedgerEntry } from '../../../domain/records';
import { businessPath } from '../../../domain/recordPaths';
import { formatTimestamp } from '../../../i18n/format';
import { amountText } from '../values';
import { signedAmountText } from './rules';

const COLUMNS = ['account', 'business', 'amount', 'balanceAfter'] as const;
const NUMERIC = new Set<string>(['amount', 'balanceAfter']);

/** On a phone (below sm) each posting is a card: one line per column, its label left. */
const CARD_ROWS = {
  '@media (max-width: 599.95px)': {
    '& table, & tbody, & tr, & td, & th': { display: 'block', boxSizing: 'border-box' },
    '& thead': visuallyHidden,
    '& tbody tr': { borderBottom: 1, borderColor: 'divider', py: 0.5 },
    '& tbody td': {
      display: 'flex',
      flexDirection: 'row !important',
      justifyContent: 'space-between',
      gap: 2,
      border: 0,
      py: 0.25,
      px: 1,
      textAlign: 'right !important',
    },
    '& tbody td::before': { content: 'attr(data-label)', color: 'text.secondary', textAlign: 'left' },
    '& tbody th': { border: 0, px: 1, pt: 1.5 },
  },
} as const;

export function LedgerEntries({ entries }: { entries: readonly RecordLedgerEntry[] }) {
  const translate = useTranslate();
  // A known kind in the user's words; the server's description (English) only for a kind without them.
  const entryName = (entry: RecordLedgerEntry) =>
    translate(`resources.records.ledger.kinds.${entry.kind}`, { _: '' }) || entry.description || entry.kind;
  const label = (column: string) => translate(`resources.records.ledger.${column}`);
  if (entries.length === 0)
    return (
      <Typography role="status" color="text.secondary">
        {translate('resources.records.ledger.empty')}
      </Typography>
    );
  return (
    <Box sx={{ overflowX: 'auto', contain: 'inline-size', ...CARD_ROWS }}>
      <Table
        size="small"
        data-testid="record-ledger"
        sx={{ '& td, & th': { fontVariantNumeric: 'tabular-nums' } }}
      >
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column} align={NUMERIC.has(column) ? 'right' : 'left'}>
                {label(column)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        {/* One row group per entry: its header names the postings under it. */}
        {entries.map((entry) => (
          <TableBody key={entry.entryId}>
            <TableRow>
              <TableCell
                component="th"
                scope="rowgroup"
                colSpan={COLUMNS.length}
                sx={{ bgcolor: 'action.hover' }}
              >
                <Typography component="span" variant="body2" sx={{ fontWeight: 500 }}>
                  {entryName(entry)}
                </Typography>
                <Typography component="span" variant="body2" color="text.secondary">
                  {' · '}
                  {translate('resources.records.ledger.entryOf', { id: entry.entryId })}
                  {' · '}
                  <time dateTime={entry.createdAt}>{formatTimestamp(entry.createdAt)}</time>
                </Typography>
              </TableCell>
            </TableRow>
            {entry.postings.map((posting, index) => (
              <TableRow key={index} data-account={posting.account}>
                <TableCell data-label={label('account')}>
                  {translate(`resources.records.ledger.accounts.${posting.account}`, { _: posting.account })}
                </TableCell>
                <TableCell data-label={label('business')}>
                  {posting.businessId !== null ? (
                    <MuiLink component={Link} to={businessPath(posting.businessId)} underline="hover">
                      {posting.businessName ?? `#${posting.businessId}`}
                    </MuiLink>
                  ) : (
                    '—'
                  )}
                </TableCell>
                <TableCell data-label={label('amount')} align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {signedAmountText(posting.amount, posting.currency)}
                </TableCell>
                <TableCell data-label={label('balanceAfter')} align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {posting.balanceAfter === null ? '—' : amountText(posting.balanceAfter, posting.currency)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        ))}
      </Table>
    </Box>
  );
}
