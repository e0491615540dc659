/**
 * The transaction lists the business detail's tabs show (docs/product.md#screens-and-routes and #calls), as react-admin
 * resources with their /v1 mapping and permission: no list view of their own (the tabs list them) and
 * no menu entries. `<List resource="payments">` inside a tab reads them; canAccess answers `list` and
 * `export` from `access.list`.
 *
 * Each has a record page, react-admin's show route `/{resource}/:id/show` (./record, issue 32 §2;
 * docs/decisions.md 246) under the list's own permission, and so does a payment's deposit
 * (`payment-deposits`), the one record kind no list shows: every kind of RECORD_KINDS is a resource
 * with a `show` view. The pages are one lazy chunk.
 *
 * `business-balances` is GET /v1/balances/:businessId for the detail's statistics child.
 *
 * The views (TransactionList and its parts) are imported by the business detail, a lazy chunk, and
 * not from here, so the registry keeps them out of the shell.
 *
 * The shared messages, the record pages' messages and the CSV export and record page methods ride on
 * the first declaration (a declaration's messages are merged into the one catalogue; a custom method
 * must be declared once).
 */
import { lazy } from 'react';
import { resource, type ResourceDeclaration } from '../../declarations';
import { all } from '../../domain/requirements';
import { mergeMessages } from '../../i18n/messages';
import { transactionMethods } from './api';
import { sortFields, TRANSACTION_KINDS, transactionQuery } from './kinds';
import { transactionMessages } from './messages';
import { recordMethods } from './record/api';
import { recordMessages } from './record/messages';

/** Every record kind's page (one chunk for all). */
const RecordShow = lazy(() => import('./record/RecordShow'));

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
    access: { list: kind.requires, show: kind.requires },
    show: RecordShow,
    ...(index === 0
      ? {
          messages: mergeMessages(transactionMessages, recordMessages),
          translations: {
            de: () =>
              Promise.all([import('./messages.de'), import('./record/messages.de')]).then(([list, record]) =>
                mergeMessages(list.transactionMessagesDe, record.recordMessagesDe),
              ),
          },
          methods: { ...transactionMethods, ...recordMethods },
        }
      : {}),
  }),
);

/**
 * A payment's on-chain deposit: no list of its own (its payment lists it), a page under the
 * payment's permission. Its `api` reads the deposit as the records API answers it (`record` of
 * GET /v1/records/payment-deposits/{id}), react-admin's getOne of it.
 */
const paymentDeposits = resource({
  name: 'payment-deposits',
  api: { path: 'records/payment-deposits', listKey: 'deposits', recordKey: 'record' },
  access: { show: all('GET_PAYMENT') },
  show: RecordShow,
});

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

export const transactionResources: readonly ResourceDeclaration[] = [
  ...lists,
  paymentDeposits,
  businessBalances,
];
