/**
 * The filters of a transaction list as the shared filter bar (src/layout/FilterBar.tsx): the search,
 * the status (lists that have one), the currency of the list's kind and the date range. The keys are
 * the ones transactionQuery (./kinds.ts) reads: `q`, `status`, `currency`, `from`, `to`.
 */
import { useTranslate } from 'react-admin';
import { FilterBar, type FilterSpec } from '../../layout/FilterBar';
import { currencyChoices, type TransactionKind } from './kinds';

export function TransactionFilters({ kind }: { kind: TransactionKind }) {
  const translate = useTranslate();
  const filters: FilterSpec[] = [];
  if (kind.statuses.length > 0)
    filters.push({
      type: 'choice',
      source: 'status',
      label: translate('resources.transactions.filters.status'),
      choices: kind.statuses.map((status) => ({
        id: status,
        name: translate(`resources.transactions.statuses.${status}`),
      })),
    });
  filters.push(
    {
      type: 'choice',
      source: 'currency',
      label: translate('resources.transactions.filters.currency'),
      choices: currencyChoices(kind).map((code) => ({ id: code, name: code })),
    },
    { type: 'dateRange', from: 'from', to: 'to', label: translate('resources.transactions.filters.date') },
  );
  return (
    <FilterBar
      search={{ source: 'q', label: translate('resources.transactions.filters.search') }}
      filters={filters}
    />
  );
}
