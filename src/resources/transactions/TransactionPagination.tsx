/**
 * Server-side pages of 25. A capped total (the API counts exactly up to 10,000, then answers
 * `totalCapped`) reads '10,000+' and leaves the next page open.
 */
import { TablePagination } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { formatNumber } from '../../i18n/format';

export function TransactionPagination() {
  const { page, perPage, total, meta, setPage, isPending, data } = useListContext();
  const translate = useTranslate();
  if (isPending || !total) return null;
  const capped = (meta as { totalCapped?: unknown } | undefined)?.totalCapped === true;
  const lastOfCapped = capped && (data?.length ?? 0) < perPage;
  return (
    <TablePagination
      component="div"
      count={capped ? (lastOfCapped ? (page - 1) * perPage + (data?.length ?? 0) : -1) : total}
      page={page - 1}
      rowsPerPage={perPage}
      rowsPerPageOptions={[]}
      onPageChange={(_event, next) => setPage(next + 1)}
      labelDisplayedRows={({ from, to }) =>
        translate('resources.transactions.pageRange', {
          from: formatNumber(from),
          to: formatNumber(to),
          total: capped ? `${formatNumber(total)}+` : formatNumber(total),
        })
      }
      getItemAriaLabel={(type) => translate(`ra.navigation.${type}`)}
      showFirstButton={false}
      showLastButton={false}
    />
  );
}
