/**
 * How a field of a transaction reads: amounts per currency from decimal strings, instants with their
 * zone, ids, references, hashes and addresses as code (copied, linked to the block explorer), and
 * businesses by name, linked to their page.
 */
import { createContext, useContext } from 'react';
import { Box, Link as MuiLink } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { businessPath } from '../../domain/recordPaths';
import { CodeValue } from '../../layout';
import type { CurrencyAmount } from '../../domain/transactions';
import { precisionOf } from '../../domain/transactions';
import { formatAmount, formatRate, formatTimestamp } from '../../i18n/format';
import { StatusChip } from '../../layout/StatusChip';
import type { FieldSpec } from './kinds';

const DASH = '—';

/** An amount in its currency, or the value as it is ('-' of a normalised white-label deposit). */
export function amountText(value: unknown, currency: unknown): string {
  if (typeof value !== 'string' || value === '') return DASH;
  if (typeof currency !== 'string' || !/^-?\d+(\.\d+)?$/.test(value)) return value;
  return formatAmount(value, currency, precisionOf(currency));
}

export function timestampText(value: unknown): string {
  return typeof value === 'string' && value ? formatTimestamp(value) : DASH;
}

/** The status chip of every list and detail (src/layout/StatusChip.tsx), here for this folder's views. */
export { StatusChip };

function ReceivedAmounts({ amounts }: { amounts: unknown }) {
  const list = Array.isArray(amounts) ? (amounts as CurrencyAmount[]) : [];
  if (list.length === 0) return <>{DASH}</>;
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column' }}>
      {list.map(({ currency, amount }) => (
        <span key={currency}>{amountText(amount, currency)}</span>
      ))}
    </Box>
  );
}

/** The business whose transactions are shown: names a business id when the record has no name for it. */
export const ShownBusinessContext = createContext<{ id: unknown; name?: string } | null>(null);

function BusinessValue({ id, name }: { id: unknown; name: unknown }) {
  const shown = useContext(ShownBusinessContext);
  if (id === null || id === undefined || id === '') return <>{DASH}</>;
  const text =
    typeof name === 'string' && name
      ? name
      : shown && String(shown.id) === String(id) && shown.name
        ? shown.name
        : `#${String(id)}`;
  return (
    <MuiLink
      component={Link}
      to={businessPath(String(id))}
      underline="hover"
      // A link in a clickable row goes where it says, not to the row's record.
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => event.stopPropagation()}
    >
      {text}
    </MuiLink>
  );
}

/** The value of one field of a record, as a list cell or a details line shows it. */
export function FieldValue({ field, record }: { field: FieldSpec; record: Record<string, unknown> }) {
  const translate = useTranslate();
  const value = record[field.source];
  const label = () => translate(`resources.transactions.codeLabels.${field.source}`, { _: field.source });
  switch (field.type) {
    case 'status':
      return <StatusChip status={value} />;
    case 'amount':
      return <>{amountText(value, field.currency ? record[field.currency] : undefined)}</>;
    case 'timestamp':
      return <>{timestampText(value)}</>;
    case 'received':
      return <ReceivedAmounts amounts={value} />;
    case 'deposits':
      return null;
    case 'text':
      return <>{value === null || value === undefined || value === '' ? DASH : String(value)}</>;
    case 'rate':
      return <>{typeof value === 'string' && value !== '' ? formatRate(value) : DASH}</>;
    case 'reference':
      return <CodeValue value={value as string | number | null} label={label()} />;
    case 'hash':
    case 'address':
      return (
        <CodeValue
          value={value as string | null}
          label={label()}
          shorten
          explorer={{
            target: field.type === 'hash' ? 'tx' : 'address',
            currency: field.currency ? String(record[field.currency] ?? '') : undefined,
            network: field.network ? String(record[field.network] ?? '') : undefined,
          }}
        />
      );
    case 'business':
      return <BusinessValue id={value} name={field.name ? record[field.name] : undefined} />;
  }
}
