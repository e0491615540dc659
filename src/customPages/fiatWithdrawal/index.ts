import { lazy } from 'react';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import { page } from '../../declarations';
import { all } from '../../domain/requirements';
import { fiatWithdrawalMethods } from './api';
import { fiatWithdrawalMessages } from './messages';
import { movementTranslationsDe } from '../../features/movements/translations';

/** /fiat-withdrawal (CREATE_FIAT_WITHDRAWAL): settles a business's balance to a bank account of the organisation. */
export default page({
  name: 'fiat-withdrawal',
  path: '/fiat-withdrawal',
  access: all('CREATE_FIAT_WITHDRAWAL'),
  // Billing: crypto deposit 10, crypto withdrawal 20, fiat deposit 30, fiat withdrawal 40.
  menu: { section: 'billing', label: 'pages.fiatWithdrawal.menu', icon: AccountBalanceIcon, order: 40 },
  component: lazy(() => import('./FiatWithdrawalPage')),
  messages: fiatWithdrawalMessages,
  translations: {
    de: movementTranslationsDe(() => import('./messages.de').then((m) => m.fiatWithdrawalMessagesDe)),
  },
  methods: fiatWithdrawalMethods,
});
