/**
 * The organisation's bank accounts (docs/decisions.md 143–147): the list (IBANs and account numbers
 * masked), and one form to create and edit an account, showing just the fields its currency and
 * payment method need (GET /v1/bank-accounts/metadata). The sidebar item needs FETCH_BANK_METADATA
 * and the list's own requirement (decision 88).
 */
import { lazy } from 'react';
import AccountBalanceIcon from '@mui/icons-material/AccountBalanceOutlined';
import { resource } from '../../declarations';
import { all, any, both } from '../../domain/requirements';
import { bankAccountMethods } from './api';
import { bankAccountMessages } from './messages';

const LIST = any(all('MANAGE_BANK_ACCOUNTS'), all('FETCH_BANK_ACCOUNTS', 'FETCH_BANK_METADATA'));

export default resource({
  name: 'bank-accounts',
  api: {
    path: 'bank-accounts',
    listKey: 'bankAccounts',
    filters: (filter) => ({
      q: typeof filter.q === 'string' && filter.q.trim() ? filter.q.trim() : undefined,
    }),
    sort: {
      accountLabel: 'accountLabel',
      accountCurrency: 'accountCurrency',
      paymentMethod: 'paymentMethod',
      createdAt: 'createdAt',
    },
  },
  access: { list: LIST, create: all('MANAGE_BANK_ACCOUNTS'), edit: all('MANAGE_BANK_ACCOUNTS') },
  // Organisation: statistics 10, businesses 20, bank accounts 30.
  menu: {
    section: 'organisation',
    label: 'resources.bank-accounts.name',
    icon: AccountBalanceIcon,
    order: 30,
    requires: both(all('FETCH_BANK_METADATA'), LIST),
  },
  aliases: { '/bank-accounts/:id/edit': 'edit' },
  list: lazy(() => import('./BankAccountList')),
  create: lazy(() => import('./BankAccountCreate')),
  edit: lazy(() => import('./BankAccountEdit')),
  recordRepresentation: 'accountLabel',
  messages: bankAccountMessages,
  translations: { de: () => import('./messages.de').then((m) => m.bankAccountMessagesDe) },
  methods: bankAccountMethods,
});
