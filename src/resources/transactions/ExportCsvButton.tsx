/**
 * A transaction list's CSV export (`<path>/export?format=csv&…filters`, in the list's order) through
 * the shared export button (src/layout/ExportCsvButton.tsx).
 */
import { useListContext } from 'react-admin';
import { sortQuery } from '../../dataProvider/dataProvider';
import { ExportCsvButton as ListExportButton, exportDay } from '../../layout/ExportCsvButton';
import { useTransactionApi } from './api';
import { sortFields, transactionQuery, type TransactionKind } from './kinds';

export function ExportCsvButton({ kind }: { kind: TransactionKind }) {
  const { filter, filterValues, sort } = useListContext();
  const api = useTransactionApi();
  return (
    <ListExportButton
      messages="resources.transactions.export"
      // The list's filters and its order (the rows of the file come in the order of the table).
      download={() =>
        api.exportTransactionsCsv(
          kind.path,
          {
            ...transactionQuery(kind, { ...filterValues, ...filter }),
            ...sortQuery({ sort: sortFields(kind) }, sort),
          },
          `${kind.listKey}-${exportDay()}.csv`,
        )
      }
    />
  );
}
