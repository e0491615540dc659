/**
 * The businesses (merchants) of the organisation: the card list, the create / edit form (one form,
 * three steps) and the business detail (./show, with its transaction tabs). docs/product.md#screens-and-routes, #entities-and-their-fields, #states-and-transitions, #validation-rules-and-messages, #error-catalogue and #constants-and-limits.
 */
import { lazy } from 'react';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { resource } from '../../declarations';
import { all } from '../../domain/requirements';
import { businessMethods } from './api';
import { businessMessages } from './messages';

export default resource({
  name: 'businesses',
  api: {
    path: 'businesses',
    listKey: 'businesses',
    // Only the search reaches the API (?q=, over the name).
    filters: (filter) => ({
      q: typeof filter.q === 'string' && filter.q.trim() ? filter.q.trim() : undefined,
    }),
    // The sortable fields and the API's names for them.
    sort: { businessName: 'name', createdAt: 'created', balance: 'balance' },
    // PATCH /v1/businesses with the id in the body (docs/product.md#calls).
    endpoints: { update: { method: 'PATCH', path: 'businesses', idInBody: 'id' } },
  },
  access: {
    list: all('GET_BUSINESSES'),
    show: all('GET_BUSINESSES'),
    create: all('CREATE_BUSINESS'),
    edit: all('UPDATE_BUSINESS'),
  },
  // After statistics (order 10) in the Organisation section.
  menu: { section: 'organisation', label: 'resources.businesses.name', icon: StorefrontIcon, order: 20 },
  aliases: { '/create-business': 'create', '/edit-business/:id': 'edit', '/business/:id/*': 'show' },
  list: lazy(() => import('./BusinessList')),
  create: lazy(() => import('./BusinessCreate')),
  edit: lazy(() => import('./BusinessEdit')),
  show: lazy(() => import('./show/BusinessShow')),
  recordRepresentation: 'businessName',
  messages: businessMessages,
  translations: { de: () => import('./messages.de').then((m) => m.businessMessagesDe) },
  methods: businessMethods,
});
