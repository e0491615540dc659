import { lazy } from 'react';
import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import { page } from '../../declarations';
import { all } from '../../domain/requirements';
import { balanceConversionMethods } from './api';
import { balanceConversionMessages } from './messages';

/** /balance-conversion (CREATE_BALANCE_CONVERSION): quote, then execute, a conversion of a business's balance. */
export default page({
  name: 'balance-conversion',
  path: '/balance-conversion',
  access: all('CREATE_BALANCE_CONVERSION'),
  menu: {
    section: 'balanceManagement',
    label: 'pages.balanceConversion.menu',
    icon: CurrencyExchangeIcon,
    order: 50,
  },
  component: lazy(() => import('./BalanceConversionPage')),
  messages: balanceConversionMessages,
  translations: { de: () => import('./messages.de').then((m) => m.balanceConversionMessagesDe) },
  methods: balanceConversionMethods,
});
