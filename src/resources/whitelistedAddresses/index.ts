/**
 * The organisation's whitelisted addresses (docs/decisions.md 138–142): the list (label, currency,
 * network, address, destination tag, created), a form to add one — its address checked against the
 * network's format and checksum as the API checks it — and a delete confirmation. Addresses are never
 * edited: the legacy edit path always goes home. Adding and deleting send the 2FA code when 2FA is on.
 */
import { lazy } from 'react';
import AddressIcon from '@mui/icons-material/PlaylistAddCheck';
import { resource } from '../../declarations';
import { all } from '../../domain/requirements';
import { whitelistedAddressMessages } from './messages';

const WHITELIST = all('WHITELIST_ADDRESSES');

export default resource({
  name: 'whitelisted-addresses',
  api: {
    path: 'whitelisted-addresses',
    listKey: 'addresses',
    filters: (filter) => ({
      q: typeof filter.q === 'string' && filter.q.trim() ? filter.q.trim() : undefined,
    }),
    sort: { label: 'label', currency: 'currency', network: 'network', createdAt: 'createdAt' },
  },
  access: { list: WHITELIST, create: WHITELIST, delete: WHITELIST },
  // Organisation: statistics 10, businesses 20, whitelisted addresses 40.
  menu: {
    section: 'organisation',
    label: 'resources.whitelisted-addresses.name',
    icon: AddressIcon,
    order: 40,
  },
  aliases: {
    '/whitelisted-addresses/delete/:id': 'delete',
    '/whitelisted-addresses/edit/:id': 'home',
  },
  list: lazy(() => import('./AddressList')),
  create: lazy(() => import('./AddressCreate')),
  delete: lazy(() => import('./AddressDelete')),
  messages: whitelistedAddressMessages,
  translations: { de: () => import('./messages.de').then((m) => m.whitelistedAddressMessagesDe) },
});
