/**
 * /withdrawal-approvals (CREATE_WITHDRAWAL; docs/decisions.md 175–177): the organisation's crypto
 * withdrawals, those awaiting approval first, each with Approve and Reject (a reason) behind the 2FA
 * code — except the caller's own, which say why another user must decide them. ADMIN sets the
 * per-currency approval thresholds from the page's action.
 */
import { lazy } from 'react';
import ApprovalIcon from '@mui/icons-material/HowToReg';
import { resource } from '../../declarations';
import { all } from '../../domain/requirements';
import { APPROVALS_RESOURCE, withdrawalApprovalMethods } from './api';
import { withdrawalApprovalMessages } from './messages';

export default resource({
  name: APPROVALS_RESOURCE,
  api: {
    path: 'withdrawals/approvals',
    listKey: 'withdrawals',
    filters: (filter) => ({
      q: typeof filter.q === 'string' && filter.q.trim() ? filter.q.trim() : undefined,
      status: typeof filter.status === 'string' && filter.status ? filter.status : undefined,
    }),
    sort: { createdAt: 'createdAt', amount: 'amount' },
  },
  access: { list: all('CREATE_WITHDRAWAL') },
  // Organisation: statistics 10, businesses 20, bank accounts 30, whitelisted addresses 40,
  // withdrawal approvals 50, travel rule 60.
  menu: {
    section: 'organisation',
    label: 'resources.withdrawal-approvals.name',
    icon: ApprovalIcon,
    order: 50,
  },
  list: lazy(() => import('./ApprovalList')),
  messages: withdrawalApprovalMessages,
  translations: { de: () => import('./messages.de').then((m) => m.withdrawalApprovalMessagesDe) },
  methods: withdrawalApprovalMethods,
});
