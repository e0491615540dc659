import { lazy } from 'react';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import { page } from '../../declarations';
import { all } from '../../domain/requirements';
import { balanceConfirmationMethods } from './api';
import { balanceConfirmationMessages } from './messages';

/** /balance-confirmation (GET_BALANCES): the organisation's or one business's balances as of a day, as a PDF letter. */
export default page({
  name: 'balance-confirmation',
  path: '/balance-confirmation',
  access: all('GET_BALANCES'),
  menu: { section: 'reporting', label: 'pages.balanceConfirmation.menu', icon: FactCheckIcon, order: 10 },
  component: lazy(() => import('./BalanceConfirmationPage')),
  messages: balanceConfirmationMessages,
  translations: { de: () => import('./messages.de').then((m) => m.balanceConfirmationMessagesDe) },
  methods: balanceConfirmationMethods,
});
