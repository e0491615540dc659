/**
 * The four statistics calls (docs/product.md#calls), added to the data provider by the /statistics page's
 * declaration (src/customPages/statistics) and read by the statistics view here, which the page and
 * the business detail's statistics child both show.
 */
import { useDataProvider, type DataProvider } from 'react-admin';
import type { HttpClient } from '../../api';
import type { CustomMethods, MethodsOf } from '../../dataProvider/types';
// Types only: the declaration imports this module into the shell, which must not carry big.js for it.
import type { Histogram, StatisticsKind, StatisticsQuery, StatisticsTotals } from '../../domain/statistics';

/** docs/product.md#constants-and-limits: grouped by DAY (STATISTICS_GROUP_BY of src/domain/statistics.ts). */
const GROUP_BY: Histogram['groupByCriteria'] = 'DAY';

/** GET statistics/{kind}/histogram?after[&before]&groupByCriteria=DAY[&businessId]. */
const histogram =
  (kind: StatisticsKind) =>
  (http: HttpClient) =>
  async ({ after, before, businessId }: StatisticsQuery): Promise<Histogram> =>
    (
      await http.request<Histogram>(`statistics/${kind}/histogram`, {
        query: { after, before, groupByCriteria: GROUP_BY, businessId },
      })
    ).json;

/** GET statistics/{kind}?after[&before][&businessId]. */
const totals =
  (kind: StatisticsKind) =>
  (http: HttpClient) =>
  async ({ after, before, businessId }: StatisticsQuery): Promise<StatisticsTotals> =>
    (await http.request<StatisticsTotals>(`statistics/${kind}`, { query: { after, before, businessId } }))
      .json;

export const statisticsMethods = {
  /** CONFIRMED payment deposits per UTC day (GET_STATISTICS). */
  getDepositsHistogram: histogram('deposits'),
  /** COMPLETED crypto withdrawals per UTC day (GET_STATISTICS). */
  getWithdrawalsHistogram: histogram('withdrawals'),
  /** Deposits' totals, coins and the balances (GET_STATISTICS and GET_BALANCES). */
  getDepositsStatistics: totals('deposits'),
  /** Withdrawals' totals, coins and the balances (GET_STATISTICS and GET_BALANCES). */
  getWithdrawalsStatistics: totals('withdrawals'),
} satisfies CustomMethods;

export type StatisticsApi = DataProvider & MethodsOf<typeof statisticsMethods>;

export const useStatisticsApi = () => useDataProvider<StatisticsApi>();
