/**
 * The transaction lists the business detail's tabs show (docs/product.md#screens-and-routes and #calls), as react-admin
 * resources with their /v1 mapping and permission only: no views of their own (so no routes) and no
 * menu entries. `<List resource="payments">` inside a tab reads them; canAccess answers `list` and
 * `export` from `access.list`.
 *
 * `business-balances` is GET /v1/balances/:businessId for the detail's statistics child.
 *
 * The views (TransactionList and its parts) are imported by the business detail, a lazy chunk, and
 * not from here, so the registry keeps them out of the shell.
 *
 * The shared messages and the CSV export method ride on the first declaration (a declaration's
 * messages are merged into the one catalogue; a custom method must be declared once).
 */
import { resource, type ResourceDeclaration } from '../../declarations';
import { all } from '../../domain/requirements';
import { transactionMethods } from './api';
import { sortFields, TRANSACTION_KINDS, transactionQuery } from './kinds';
import { transactionMessages } from './messages';

const lists = TRANSACTION_KINDS.map((kind, index) =>
  resource({
    name: kind.resource,
    api: {
      path: kind.path,
      listKey: kind.listKey,
      filters: (filter) => transactionQuery(kind, filter),
      sort: sortFields(kind),
      ...(kind.toRecord ? { toRecord: kind.toRecord } : {}),
    },
    access: { list: kind.requires },
    ...(index === 0
      ? {
          messages: transactionMessages,
          translations: { de: () => import('./messages.de').then((m) => m.transactionMessagesDe) },
          methods: transactionMethods,
        }
      : {}),
  }),
);

const businessBalances = resource({
  name: 'business-balances',
  api: {
    path: 'balances',
    listKey: 'balances',
    // GET balances/{businessId} answers one row, identified by its businessId.
    id: 'businessId',
  },
  access: { show: all('GET_BALANCES') },
});

export const transactionResources: readonly ResourceDeclaration[] = [...lists, businessBalances];
