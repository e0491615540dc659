/**
 * The statistics child of the business detail (GET_BALANCES): the statistics view of the /statistics
 * page for this one business (its period, key figures, histograms, top coins; with
 * GET_STATISTICS), and the business's balances today from GET /v1/balances/:businessId, one row per
 * currency in currency-name order, with the totals in the display currencies.
 */
import {
  Alert,
  Box,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useGetOne, useTranslate, type Identifier } from 'react-admin';
import { useSession } from '../../../authProvider';
import { byCurrencyName } from '../../../domain/currencies';
import { ERROR_TEXTS } from '../../../domain/errors';
import { all, satisfies } from '../../../domain/requirements';
import { messageOf, useAccessContext } from '../../../layout';
import { StatisticsPeriodView } from '../../../features/statistics/StatisticsView';
import { amountText } from '../../transactions/values';

interface BalanceRow {
  id: Identifier;
  businessId: number;
  /** amount: available now; held: reserved by withdrawals awaiting approval (only when above zero). */
  balances: Record<string, { amount: string; held?: string }>;
  displayFiatAmount?: string | null;
  displayFiatCurrency?: string | null;
  displayCryptoAmount?: string | null;
  displayCryptoCurrency?: string | null;
}

function Balances({ businessId }: { businessId: Identifier }) {
  const translate = useTranslate();
  const { data, error, isPending } = useGetOne<BalanceRow>('business-balances', { id: businessId });
  const byName = byCurrencyName(useSession().supportedCurrencies);
  const t = (key: string, options?: object) => translate(`resources.transactions.statistics.${key}`, options);

  if (error) return <Alert severity="error">{messageOf(error, ERROR_TEXTS.default)}</Alert>;
  if (isPending || !data) return <LinearProgress aria-label={translate('ra.page.loading')} />;

  const rows = Object.entries(data.balances ?? {}).sort(([a], [b]) => byName(a, b));
  // The held column only when a withdrawal awaiting approval reserves something.
  const withHeld = rows.some(([, balance]) => balance.held);
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
                {withHeld ? <TableCell align="right">{t('held')}</TableCell> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map(([currency, { amount, held }]) => (
                <TableRow key={currency}>
                  <TableCell>{currency}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {amountText(amount, currency)}
                  </TableCell>
                  {withHeld ? (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {held ? amountText(held, currency) : ''}
                    </TableCell>
                  ) : null}
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
    </Box>
  );
}

export function BusinessStatistics({ businessId }: { businessId: Identifier }) {
  const access = useAccessContext();
  const id = Number(businessId);
  const withStatistics = satisfies(all('GET_STATISTICS', 'GET_BALANCES'), access) && Number.isSafeInteger(id);

  return (
    <Stack spacing={2} sx={{ mt: 1 }}>
      {/* The landing page's view and period (in the URL), for this one business. */}
      {withStatistics ? <StatisticsPeriodView businessId={id} showBalances={false} /> : null}
      <Balances businessId={businessId} />
    </Stack>
  );
}
