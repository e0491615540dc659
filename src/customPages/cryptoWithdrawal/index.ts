import { lazy } from 'react';
import CallMadeIcon from '@mui/icons-material/CallMade';
import { page } from '../../declarations';
import { all } from '../../domain/requirements';
import { cryptoWithdrawalMethods } from './api';
import { cryptoWithdrawalMessages } from './messages';

/**
 * /crypto-withdrawal (CREATE_WITHDRAWAL): a withdrawal to one of the organisation's whitelisted
 * addresses, its amount reserved at once and approved by another user (docs/decisions.md 175–177).
 */
export default page({
  name: 'crypto-withdrawal',
  path: '/crypto-withdrawal',
  access: all('CREATE_WITHDRAWAL'),
  // Billing: crypto deposit 10, crypto withdrawal 20, fiat deposit 30, fiat withdrawal 40.
  menu: { section: 'billing', label: 'pages.cryptoWithdrawal.menu', icon: CallMadeIcon, order: 20 },
  component: lazy(() => import('./CryptoWithdrawalPage')),
  messages: cryptoWithdrawalMessages,
  translations: { de: () => import('./messages.de').then((m) => m.cryptoWithdrawalMessagesDe) },
  methods: cryptoWithdrawalMethods,
});
