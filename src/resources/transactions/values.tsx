/** How a field of a transaction reads: amounts per currency from decimal strings, instants with their zone. */
import { Box } from '@mui/material';
import type { CurrencyAmount } from '../../domain/transactions';
import { precisionOf } from '../../domain/transactions';
import { formatAmount, formatTimestamp } from '../../i18n/format';
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

/** The value of one field of a record, as a list cell or a details line shows it. */
export function FieldValue({ field, record }: { field: FieldSpec; record: Record<string, unknown> }) {
  const value = record[field.source];
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
  }
}
