/**
 * The travel rule (docs/decisions.md 148–152): the organisation's crypto deposits lacking the
 * originator's data, and the form that adds it. The list needs GET_DEPOSITS_WITHOUT_TRAVEL_RULE; the
 * form UPDATE_DEPOSITS_WITHOUT_TRAVEL_RULE (a view-only user sees the list without its edit buttons).
 * The sidebar item carries the count of deposits lacking data as its badge.
 */
import { lazy } from 'react';
import TravelRuleIcon from '@mui/icons-material/FactCheckOutlined';
import { resource } from '../../declarations';
import { all } from '../../domain/requirements';
import { TRAVEL_RULE_RESOURCE } from './api';
import { travelRuleMessages } from './messages';
import { TravelRuleBadge } from './TravelRuleBadge';

export default resource({
  name: TRAVEL_RULE_RESOURCE,
  api: {
    path: 'deposits/travel-rule',
    listKey: 'deposits',
    filters: (filter) => ({
      q: typeof filter.q === 'string' && filter.q.trim() ? filter.q.trim() : undefined,
    }),
    sort: {
      receivedAt: 'receivedAt',
      amount: 'amount',
      currency: 'currency',
      network: 'network',
      businessName: 'business',
    },
  },
  access: {
    list: all('GET_DEPOSITS_WITHOUT_TRAVEL_RULE'),
    edit: all('UPDATE_DEPOSITS_WITHOUT_TRAVEL_RULE'),
  },
  // Organisation: statistics 10, businesses 20, bank accounts 30, whitelisted addresses 40,
  // withdrawal approvals 50, travel rule 60.
  menu: {
    section: 'organisation',
    label: 'resources.travel-rule.name',
    icon: TravelRuleIcon,
    order: 60,
    badge: TravelRuleBadge,
  },
  list: lazy(() => import('./TravelRuleList')),
  edit: lazy(() => import('./TravelRuleEdit')),
  messages: travelRuleMessages,
  translations: { de: () => import('./messages.de').then((m) => m.travelRuleMessagesDe) },
});
