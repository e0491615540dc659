import { lazy } from 'react';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import { page } from '../../declarations';
import { all } from '../../domain/requirements';
import { cryptoDepositMethods } from './api';
import { cryptoDepositMessages } from './messages';

/**
 * /crypto-deposit (CREATE_PAYMENT): a payment request — business, currency and network, an optional
 * amount, the expiration and an optional mail — answered by its address with a QR code, the time
 * left and its link, the status following the deposit (docs/decisions.md 170–174).
 */
export default page({
  name: 'crypto-deposit',
  path: '/crypto-deposit',
  access: all('CREATE_PAYMENT'),
  menu: { section: 'billing', label: 'pages.cryptoDeposit.menu', icon: QrCode2Icon, order: 10 },
  component: lazy(() => import('./CryptoDepositPage')),
  messages: cryptoDepositMessages,
  translations: { de: () => import('./messages.de').then((m) => m.cryptoDepositMessagesDe) },
  methods: cryptoDepositMethods,
});
