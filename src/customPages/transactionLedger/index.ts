import { lazy } from 'react';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { page } from '../../declarations';
import { all } from '../../domain/requirements';
import { transactionLedgerMethods } from './api';
import { transactionLedgerMessages } from './messages';

/** /transaction-ledger (GET_BALANCES): every posting of a window with opening and closing balances, as CSV or XLSX. */
export default page({
  name: 'transaction-ledger',
  path: '/transaction-ledger',
  access: all('GET_BALANCES'),
  menu: { section: 'reporting', label: 'pages.transactionLedger.menu', icon: ReceiptLongIcon, order: 20 },
  component: lazy(() => import('./TransactionLedgerPage')),
  messages: transactionLedgerMessages,
  translations: { de: () => import('./messages.de').then((m) => m.transactionLedgerMessagesDe) },
  methods: transactionLedgerMethods,
});
