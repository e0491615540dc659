/**
 * The statistics child of the business detail (GET_BALANCES): the business's balances from
 * GET /v1/balances/:businessId, one row per currency in currency-name order, and the totals in the
 * display currencies. The charts of the statistics page come with a later issue.
 */
import {
  Alert,
  Box,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useGetOne, useTranslate, type Identifier } from 'react-admin';
import { ERROR_TEXTS } from '../../../domain/errors';
import { messageOf } from '../../../layout';
import { amountText } from '../../transactions/values';

interface BalanceRow {
  id: Identifier;
  businessId: number;
  balances: Record<string, { amount: string }>;
  displayFiatAmount?: string | null;
  displayFiatCurrency?: string | null;
  displayCryptoAmount?: string | null;
  displayCryptoCurrency?: string | null;
}

export function BusinessStatistics({ businessId }: { businessId: Identifier }) {
  const translate = useTranslate();
  const { data, error, isPending } = useGetOne<BalanceRow>('business-balances', { id: businessId });
  const t = (key: string, options?: object) => translate(`resources.transactions.statistics.${key}`, options);

  if (error) return <Alert severity="error">{messageOf(error, ERROR_TEXTS.default)}</Alert>;
  if (isPending || !data) return <LinearProgress aria-label={translate('ra.page.loading')} />;

  const rows = Object.entries(data.balances ?? {}).sort(([a], [b]) => a.localeCompare(b));
  const totals = [
    [data.displayFiatAmount, data.displayFiatCurrency],
    [data.displayCryptoAmount, data.displayCryptoCurrency],
  ].filter(([amount, currency]) => amount && currency) as [string, string][];

  return (
    <Box sx={{ maxWidth: 560 }}>
      <Typography component="h2" variant="h6" sx={{ mt: 1, mb: 1 }}>
        {t('title')}
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{t('empty')}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('currency')}</TableCell>
                <TableCell align="right">{t('amount')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map(([currency, { amount }]) => (
                <TableRow key={currency}>
                  <TableCell>{currency}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {amountText(amount, currency)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {totals.map(([amount, currency]) => (
        <Typography key={currency} sx={{ mt: 1 }}>
          {t('total', { currency })}: <strong>{amountText(amount, currency)}</strong>
        </Typography>
      ))}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {t('charts')}
      </Typography>
    </Box>
  );
}
