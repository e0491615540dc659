import { lazy } from 'react';
import SavingsIcon from '@mui/icons-material/Savings';
import { page } from '../../declarations';
import { all, both, brandAllows } from '../../domain/requirements';
import { fiatDepositMethods } from './api';
import { fiatDepositMessages } from './messages';
import { movementTranslationsDe } from '../../features/movements/translations';

/**
 * /fiat-deposit (CREATE_FIAT_DEPOSIT, and only where the brand allows fiat deposits: elsewhere neither
 * the page nor its menu item exists for the user): announces a top-up and shows how to pay it.
 */
export default page({
  name: 'fiat-deposit',
  path: '/fiat-deposit',
  access: both(all('CREATE_FIAT_DEPOSIT'), brandAllows('fiatDeposit')),
  menu: { section: 'billing', label: 'pages.fiatDeposit.menu', icon: SavingsIcon, order: 30 },
  component: lazy(() => import('./FiatDepositPage')),
  messages: fiatDepositMessages,
  translations: {
    de: movementTranslationsDe(() => import('./messages.de').then((m) => m.fiatDepositMessagesDe)),
  },
  methods: fiatDepositMethods,
});
