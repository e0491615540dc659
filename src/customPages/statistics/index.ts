/**
 * /statistics (docs/product.md#screens-and-routes, #entities-and-their-fields, #calls and #constants-and-limits): the last month of deposits and withdrawals, for every
 * business or one, with the settlement balances. The route and its sidebar item (Organisation, first)
 * need GET_STATISTICS and GET_BALANCES: the item shows only where the page opens (docs/decisions.md).
 *
 * The view itself and the four statistics calls live in src/features/statistics, because the business
 * detail's statistics child (a resource's view) shows the same view for one business; this declaration
 * adds the calls to the data provider and the texts (`pages.statistics.*`) to the catalogue.
 */
import { lazy } from 'react';
import BarChartIcon from '@mui/icons-material/BarChart';
import { page } from '../../declarations';
import { all } from '../../domain/requirements';
import { statisticsMethods } from '../../features/statistics/api';
import { statisticsMessages } from './messages';

export default page({
  name: 'statistics',
  path: '/statistics',
  access: all('GET_STATISTICS', 'GET_BALANCES'),
  // Businesses is 20.
  menu: { section: 'organisation', label: 'pages.statistics.menu', icon: BarChartIcon, order: 10 },
  component: lazy(() => import('./StatisticsPage')),
  messages: statisticsMessages,
  translations: { de: () => import('./messages.de').then((m) => m.statisticsMessagesDe) },
  methods: statisticsMethods,
});
