/**
 * A record's own page (issue 32 §2) in the real App over a fake /v1: its address for every kind, the
 * header, the timeline oldest first (who, where, confirmations n of m, 2FA, reasons, callbacks'
 * attempts), the ledger entries with signed amounts and the balance after, related records linked
 * both ways, a withdrawal approved from its page through the approvals' own dialog, the skeleton, the
 * error with Retry and the 404; and the rules under them (paths, live events, amounts, actions).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_ROLE_PERMISSIONS } from '../../src/domain/permissions';
import type { CallbackRow } from '../../src/domain/callbacks';
import { RECORD_KINDS, type RecordPage, type TimelineStep } from '../../src/domain/records';
import {
  auditEntityPath,
  recordPagePath,
  relatedPath,
  AUDIT_ENTITY_RECORD_KINDS,
} from '../../src/domain/recordPaths';
import { AUDIT_ENTITY_TYPES } from '../../src/domain/auditLog';
import { formatTimestamp } from '../../src/i18n/format';
import { staleByRule } from '../../src/layout/liveEvents';
import {
  createdByUser,
  decisionSubject,
  explorerTarget,
  failureOf,
  oldestFirst,
  recordPageKey,
  recordStaleOn,
  signedAmountText,
  stepTitle,
} from '../../src/resources/transactions/record/rules';
import { fakeApi, sampleSession, type Handler, type Reply } from './helpers/fakeApi';
import { fakeController } from './helpers/fakeController';
import { renderApp } from './helpers/renderAdmin';

const T0 = '2026-11-21T13:05:00.000Z';
const at = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000).toISOString();
const MANAGER = { type: 'user' as const, id: '5', label: 'manager@example.com' };
const SIMULATOR = { type: 'system' as const, id: null, label: 'Simulator' };
const ADDRESS = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';

function withdrawal(overrides: Partial<RecordPage> = {}): RecordPage {
  return {
    header: {
      kind: 'crypto-withdrawals',
      id: '130',
      amount: '0.5',
      currency: 'BTC',
      status: 'AWAITING_APPROVAL',
      businessId: 1,
      businessName: 'Nordlicht Coffee',
      reference: null,
      createdAt: T0,
    },
    record: {
      id: 130,
      businessId: 1,
      status: 'AWAITING_APPROVAL',
      cryptoCurrency: 'BTC',
      network: 'MAIN',
      amount: '0.5',
      fee: '0.0001',
      address: ADDRESS,
      txHash: null,
      createdAt: T0,
      updatedAt: T0,
    },
    // Out of order on purpose: the page shows them oldest first.
    timeline: [
      {
        at: at(1),
        type: 'approval_requested',
        actor: MANAGER,
        source: 'dashboard',
        status: 'AWAITING_APPROVAL',
      },
      { at: T0, type: 'created', actor: MANAGER, source: 'dashboard' },
      { at: at(1), type: 'held', actor: MANAGER, source: 'dashboard' },
    ],
    ledger: [
      {
        entryId: 901,
        kind: 'withdrawal_hold',
        description: null,
        createdAt: at(1),
        postings: [
          {
            account: 'available',
            businessId: 1,
            businessName: 'Nordlicht Coffee',
            currency: 'BTC',
            amount: '-0.5001',
            balanceAfter: '1.2',
          },
          {
            account: 'held',
            businessId: 1,
            businessName: 'Nordlicht Coffee',
            currency: 'BTC',
            amount: '0.5001',
            balanceAfter: '0.5001',
          },
        ],
      },
    ],
    related: [
      {
        kind: 'whitelisted-addresses',
        id: '7',
        relation: 'whitelisted-address',
        label: 'Cold wallet',
        status: null,
        businessId: 1,
      },
    ],
    callbacks: [],
    actions: { approve: true, reject: true, resendCallback: false },
    ...overrides,
  };
}

function payment(): RecordPage {
  const steps: TimelineStep[] = [
    {
      at: T0,
      type: 'created',
      actor: { type: 'apiKey', id: 'k1', label: 'Shop key' },
      source: 'api',
      status: 'PENDING',
    },
    { at: at(60), type: 'deposit_seen', actor: SIMULATOR, source: 'simulator', depositId: '1261' },
    {
      at: at(120),
      type: 'confirmation',
      actor: SIMULATOR,
      source: 'simulator',
      depositId: '1261',
      confirmations: { count: 3, required: 6 },
    },
    { at: at(240), type: 'paid', actor: SIMULATOR, source: 'simulator', status: 'PAID' },
    {
      at: at(241),
      type: 'callback',
      actor: null,
      source: 'system',
      callback: {
        id: 55,
        eventType: 'deposit.updated',
        attempt: 1,
        of: 8,
        statusCode: 200,
        error: null,
        status: 'DELIVERED',
      },
    },
    {
      at: at(242),
      type: 'callback',
      actor: null,
      source: 'system',
      callback: {
        id: 56,
        eventType: 'deposit.updated',
        attempt: 2,
        of: 8,
        statusCode: 500,
        error: null,
        status: 'RETRYING',
      },
    },
  ];
  return {
    header: {
      kind: 'payments',
      id: '126',
      amount: '100.00',
      currency: 'EUR',
      status: 'PAID',
      businessId: 1,
      businessName: 'Nordlicht Coffee',
      reference: 'ORDER-126',
      createdAt: T0,
    },
    record: {
      id: 126,
      businessId: 1,
      status: 'PAID',
      reference: 'ORDER-126',
      priceCurrency: 'EUR',
      priceAmount: '100.00',
      depositCurrency: 'BTC',
      depositNetwork: 'MAIN',
      expectedAmount: '0.0025',
      expiresAt: at(3600),
      createdAt: T0,
      updatedAt: at(240),
      deposits: [
        {
          id: 1261,
          status: 'CONFIRMED',
          depositCurrency: 'BTC',
          network: 'MAIN',
          depositAmount: '0.0025',
          txHash: 'hash-1261',
          confirmations: 6,
          createdAt: at(60),
        },
      ],
    },
    timeline: steps,
    ledger: [],
    related: [
      {
        kind: 'payment-deposits',
        id: '1261',
        relation: 'deposit',
        label: 'hash-1261',
        status: 'CONFIRMED',
        businessId: 1,
      },
    ],
    callbacks: [],
    actions: { approve: false, reject: false, resendCallback: true },
  };
}

const ADMIN = sampleSession({ permissions: [...BUILT_IN_ROLE_PERMISSIONS.ADMIN] });

function mount(path: string, routes: Record<string, Handler | Reply>, session = ADMIN) {
  const api = fakeApi(routes);
  renderApp(path, fakeController(session), api.fetch);
  return api;
}

describe('record paths', () => {
  it('gives every record kind its page at /{kind}/{id}/show, the id escaped', () => {
    for (const kind of RECORD_KINDS) expect(recordPagePath(kind, 7)).toBe(`/${kind}/7/show`);
    expect(recordPagePath('payments', 'a/b')).toBe('/payments/a%2Fb/show');
  });

  it('links an audit entry to the record it names, and nothing else', () => {
    expect(auditEntityPath('crypto-withdrawal', '130')).toBe('/crypto-withdrawals/130/show');
    expect(auditEntityPath('payment-request', '5')).toBe('/payments/5/show');
    expect(auditEntityPath('deposit', '9')).toBe('/payment-deposits/9/show');
    expect(auditEntityPath('fiat-withdrawal', '3')).toBe('/settlements/3/show');
    expect(auditEntityPath('business', '1')).toBeUndefined();
    expect(auditEntityPath('crypto-withdrawal', null)).toBeUndefined();
    // Every mapped entity type is one the log writes.
    for (const type of Object.keys(AUDIT_ENTITY_RECORD_KINDS)) expect(AUDIT_ENTITY_TYPES).toContain(type);
  });

  it('opens a related record at its page, a business at its detail, an address or an account in its list', () => {
    expect(relatedPath({ kind: 'payments', id: '4', label: 'x' })).toBe('/payments/4/show');
    expect(relatedPath({ kind: 'businesses', id: '2', label: 'x' })).toBe('/businesses/2/show');
    const accounts = new URL(relatedPath({ kind: 'bank-accounts', id: '3', label: 'EUR main' }), 'http://x');
    expect(accounts.pathname).toBe('/bank-accounts');
    expect(JSON.parse(accounts.searchParams.get('filter')!)).toEqual({ q: 'EUR main' });
    const list = new URL(
      relatedPath({ kind: 'whitelisted-addresses', id: '7', label: 'Cold wallet' }),
      'http://x',
    );
    expect(list.pathname).toBe('/whitelisted-addresses');
    expect(JSON.parse(list.searchParams.get('filter')!)).toEqual({ q: 'Cold wallet' });
  });
});

describe('the page’s rules', () => {
  it('goes stale on its resource’s events, the callbacks’, and any of its businesses', () => {
    const stale = recordStaleOn('payment-deposits');
    const page = withdrawal({
      related: [
        { kind: 'businesses', id: '4', relation: 'counterparty', label: 'B', status: null, businessId: 4 },
      ],
    });
    const event = (resources: string[], businessId: number | null) => ({
      type: 'x.updated',
      resources,
      entityId: null,
      businessId,
    });
    // A deposit goes by its payment's events.
    expect(stale(event(['payments'], 9), undefined)).toBe(true);
    expect(stale(event(['callbacks'], 9), undefined)).toBe(true);
    expect(stale(event(['balances'], 1), page)).toBe(true);
    expect(stale(event(['balances'], 4), page)).toBe(true);
    expect(stale(event(['balances'], 9), page)).toBe(false);
    expect(stale(event(['balances'], null), page)).toBe(false);
    // Before the page is there, no business is known.
    expect(stale(event(['balances'], 1), undefined)).toBe(false);
    expect(recordPageKey('payment-deposits', '9')[0]).toBe('payments');
  });

  it('marks stale the cached pages an event concerns, once, and leaves the others', async () => {
    const queryClient = new QueryClient();
    const mine = recordPageKey('crypto-withdrawals', '130');
    const other = recordPageKey('settlements', '8');
    queryClient.setQueryData(mine, withdrawal());
    queryClient.setQueryData(other, { ...withdrawal(), header: { ...withdrawal().header, businessId: 2 } });
    // The cache keeps a query's meta from its options (as useQuery gives them).
    queryClient
      .getQueryCache()
      .find({ queryKey: mine })!
      .setOptions({
        queryKey: mine,
        meta: { staleOn: recordStaleOn('crypto-withdrawals') },
      });
    queryClient
      .getQueryCache()
      .find({ queryKey: other })!
      .setOptions({
        queryKey: other,
        meta: { staleOn: recordStaleOn('settlements') },
      });
    const event = { type: 'balances.updated', resources: ['balances'], entityId: null, businessId: 1 };
    expect(staleByRule(queryClient, [event], new Set(['balances']))).toEqual([mine]);
    // A page its resource's key already reaches is not asked twice.
    expect(staleByRule(queryClient, [event], new Set(['crypto-withdrawals']))).toEqual([]);
    expect(staleByRule(queryClient, [], new Set())).toEqual([]);
  });

  it('signs a posting’s amount: + credits, the locale’s minus debits, zero unsigned', () => {
    expect(signedAmountText('0.5001', 'BTC')).toBe('+0.50010000\u00a0BTC');
    expect(signedAmountText('-12.5', 'EUR')).toBe('-12.50\u00a0EUR');
    expect(signedAmountText('0', 'EUR')).toBe('0.00\u00a0EUR');
  });

  it('tells a record that is not there from another failure', () => {
    expect(failureOf({ status: 404 })).toBe('notFound');
    expect(failureOf({ status: 400 })).toBe('notFound');
    expect(failureOf({ status: 500 })).toBe('other');
    expect(failureOf(new Error('x'))).toBe('other');
  });

  it('orders the steps oldest first, steps of one instant as the API gave them', () => {
    expect(oldestFirst(withdrawal().timeline).map((s) => s.type)).toEqual([
      'created',
      'approval_requested',
      'held',
    ]);
    expect(stepTitle(payment().timeline[2])).toEqual({
      key: 'resources.records.steps.confirmationOf',
      args: { count: 3, required: 6 },
    });
    expect(stepTitle({ at: T0, type: 'paid', actor: null, source: 'system' }).key).toBe(
      'resources.records.steps.paid',
    );
  });

  it('names a withdrawal for the decision, knows its creator, and finds what the explorer shows', () => {
    expect(decisionSubject(withdrawal())).toEqual({
      id: 130,
      amount: '0.5',
      currency: 'BTC',
      businessName: 'Nordlicht Coffee',
      address: ADDRESS,
      destinationTag: null,
      addressLabel: 'Cold wallet',
    });
    expect(decisionSubject(payment())).toBeUndefined();
    expect(createdByUser(withdrawal(), 5)).toBe(true);
    expect(createdByUser(withdrawal(), 7)).toBe(false);
    // No hash yet: its address.
    expect(explorerTarget(withdrawal())).toEqual({
      target: 'address',
      value: ADDRESS,
      currency: 'BTC',
      network: 'MAIN',
    });
    const sent = withdrawal({ record: { ...withdrawal().record, txHash: 'abc' } });
    expect(explorerTarget(sent)?.target).toBe('tx');
    expect(explorerTarget(payment())).toBeUndefined();
  });
});

describe('a record’s page', { timeout: 60_000 }, () => {
  it('shows a withdrawal: header, timeline oldest first, ledger, related, and Approve through the approvals’ dialog with 2FA', async () => {
    const user = userEvent.setup();
    let decided = false;
    const approved = () =>
      withdrawal({
        header: { ...withdrawal().header, status: 'PENDING' },
        timeline: [
          ...withdrawal().timeline,
          {
            at: at(30),
            type: 'approved',
            actor: { type: 'user', id: '7', label: 'admin@example.com' },
            source: 'dashboard',
            status: 'PENDING',
            twoFactor: true,
          },
        ],
        actions: { approve: false, reject: false, resendCallback: false },
      });
    const api = mount(
      '/crypto-withdrawals/130/show',
      {
        'GET /v1/records/crypto-withdrawals/130': () => ({ body: decided ? approved() : withdrawal() }),
        'POST /v1/withdrawals/crypto/130/approve': () => {
          decided = true;
          return { body: { withdrawal: { id: 130, status: 'PENDING' } } };
        },
      },
      sampleSession({ permissions: [...BUILT_IN_ROLE_PERMISSIONS.ADMIN], authentication: true }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Crypto withdrawal 130' })).toBeTruthy();
    const header = await screen.findByTestId('record-header');
    expect(within(header).getByTestId('record-amount').textContent).toBe('0.50000000\u00a0BTC');
    expect(within(header).getByText('Awaiting approval')).toBeTruthy();
    expect(within(header).getByRole('link', { name: 'Nordlicht Coffee' }).getAttribute('href')).toBe(
      '/businesses/1/show',
    );
    expect(within(header).getByText(formatTimestamp(T0))).toBeTruthy();
    // The breadcrumb leads to the business's list of its kind.
    const trail = screen.getByRole('navigation', { name: 'Where this record is' });
    expect(within(trail).getByRole('link', { name: 'Crypto withdrawals' }).getAttribute('href')).toBe(
      '/businesses/1/show/withdrawals',
    );

    const steps = within(screen.getByTestId('record-timeline')).getAllByRole('listitem');
    expect(steps.map((li) => li.getAttribute('data-step'))).toEqual([
      'created',
      'approval_requested',
      'held',
    ]);
    expect(steps[0].textContent).toContain('manager@example.com (user) · Dashboard');
    expect(within(steps[0]).getByText(formatTimestamp(T0)).closest('time')!.getAttribute('dateTime')).toBe(
      T0,
    );

    const ledger = screen.getByTestId('record-ledger');
    expect(within(ledger).getByText(/Withdrawal hold/)).toBeTruthy();
    const available = ledger.querySelector('tr[data-account="available"]')!;
    expect(available.textContent).toContain('Available');
    expect(available.textContent).toContain('-0.50010000\u00a0BTC');
    expect(available.textContent).toContain('1.20000000\u00a0BTC');
    expect(ledger.querySelector('tr[data-account="held"]')!.textContent).toContain('+0.50010000\u00a0BTC');

    const related = screen.getByTestId('record-related');
    expect(
      (await within(related).findByRole('link', { name: 'Cold wallet' }, { timeout: 10_000 })).getAttribute(
        'href',
      ),
    ).toContain('/whitelisted-addresses?filter=');
    // The address: copied, and in the block explorer.
    expect(screen.getByRole('link', { name: 'View in the block explorer' }).getAttribute('href')).toBe(
      `https://mempool.space/address/${ADDRESS}`,
    );

    await user.click(screen.getByRole('button', { name: 'Approve withdrawal 130 of 0.50000000\u00a0BTC' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve withdrawal' });
    expect(within(dialog).getByText(/Cold wallet — bc1q/)).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/2FA code/i), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/v1/withdrawals/crypto/130/approve');
    expect(post.headers['x-2fa-code']).toBe('123456');
    expect(post.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    // The page reads itself again: approved by whom, with 2FA; nothing left to decide.
    const approvedStep = await screen.findByText('Approved');
    expect(approvedStep.closest('li')!.textContent).toContain('Confirmed with 2FA');
    expect(approvedStep.closest('li')!.textContent).toContain('admin@example.com (user)');
    expect(screen.queryByRole('button', { name: /Approve withdrawal/ })).toBeNull();
  });

  it('says why its creator cannot approve it (four eyes)', async () => {
    mount(
      '/crypto-withdrawals/130/show',
      {
        'GET /v1/records/crypto-withdrawals/130': {
          body: withdrawal({ actions: { approve: false, reject: false, resendCallback: false } }),
        },
      },
      sampleSession({ id: 5, permissions: [...BUILT_IN_ROLE_PERMISSIONS.MANAGER] }),
    );
    expect(await screen.findByTestId('own-withdrawal')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();
  });

  it('shows a payment’s life: deposit seen, confirmations n of m, paid, callbacks with their attempts', async () => {
    mount('/payments/126/show', { 'GET /v1/records/payments/126': { body: payment() } });
    const timeline = await screen.findByTestId('record-timeline');
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps.map((li) => li.getAttribute('data-step'))).toEqual([
      'created',
      'deposit_seen',
      'confirmation',
      'paid',
      'callback',
      'callback',
    ]);
    expect(steps[0].textContent).toContain('Shop key (API key) · API');
    expect(within(steps[1]).getByRole('link', { name: 'Deposit 1261' }).getAttribute('href')).toBe(
      '/payment-deposits/1261/show',
    );
    expect(steps[2].textContent).toContain('Confirmation 3 of 6');
    // Its title, and the status it left the payment in.
    expect(within(steps[3]).getAllByText('Paid')).toHaveLength(2);
    expect(steps[3].textContent).toMatch(/· Simulator$/);
    expect(steps[4].textContent).toContain('Callback: Deposit updated');
    expect(steps[4].textContent).toContain('HTTP 200 · Attempt 1 of 8');
    expect(steps[5].textContent).toContain('HTTP 500 · Attempt 2 of 8');
    // Its deposit, linked to its page; the reference copied.
    // (Links wait for react-admin's canAccess, a query of its own.)
    const deposit = await within(screen.getByTestId('record-related')).findByRole(
      'link',
      { name: 'hash-1261' },
      { timeout: 10_000 },
    );
    expect(deposit.getAttribute('href')).toBe('/payment-deposits/1261/show');
    expect(screen.getAllByRole('button', { name: 'Copy Reference' }).length).toBeGreaterThan(0);
    expect(screen.getByText('This record has posted no ledger entries.')).toBeTruthy();
    // Received, from its deposits (as the list reads it).
    expect(screen.getAllByText('0.00250000 BTC').length).toBeGreaterThan(0);
  });

  it('lists its callbacks with their attempts and Resend, scoped to the record (a deposit: its payment)', async () => {
    const user = userEvent.setup();
    const callback: CallbackRow = {
      id: 56,
      webhookId: 'msg_56abcdefghijklmnop',
      businessId: 1,
      businessName: 'Nordlicht Coffee',
      eventType: 'deposit.updated',
      entityKind: 'payments',
      entityId: '126',
      entityStatus: 'PAID',
      status: 'RETRYING',
      attempts: 2,
      maxAttempts: 8,
      nextAttemptAt: at(600),
      deliveredAt: null,
      lastStatusCode: 500,
      lastError: null,
      url: 'https://merchant.example/callbacks',
      createdAt: at(241),
      updatedAt: at(242),
    };
    const deposit: RecordPage = {
      ...payment(),
      header: {
        ...payment().header,
        kind: 'payment-deposits',
        id: '1261',
        amount: '0.0025',
        currency: 'BTC',
      },
      record: { ...(payment().record.deposits as Record<string, unknown>[])[0], paymentId: 126 },
      related: [
        {
          kind: 'payments',
          id: '126',
          relation: 'payment',
          label: 'ORDER-126',
          status: 'PAID',
          businessId: 1,
        },
      ],
      callbacks: [callback],
    };
    const api = mount('/payment-deposits/1261/show', {
      'GET /v1/records/payment-deposits/1261': { body: deposit },
      'GET /v1/callbacks': { body: { callbacks: [callback], total: 1 } },
      'POST /v1/callbacks/56/resend': {
        status: 202,
        body: { callback: { ...callback, nextAttemptAt: at(0) } },
      },
    });
    const section = await screen.findByTestId('record-callbacks');
    const row = await within(section).findByText('Retrying');
    expect(row.closest('tr')!.textContent).toContain('2 of 8');
    const list = api.calls.find((c) => c.path === '/v1/callbacks')!;
    expect(Object.fromEntries(list.query)).toMatchObject({ entityKind: 'payments', entityId: '126' });
    await user.click(within(section).getByRole('button', { name: /Resend/ }));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/v1/callbacks/56/resend')).toBe(true));
    const resend = api.calls.find((c) => c.path === '/v1/callbacks/56/resend')!;
    expect(resend.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    // Its payment, linked both ways.
    expect(
      (await screen.findByRole('link', { name: 'ORDER-126' }, { timeout: 10_000 })).getAttribute('href'),
    ).toBe('/payments/126/show');
  });

  it('says so when a payment had no callbacks', async () => {
    mount('/payments/126/show', { 'GET /v1/records/payments/126': { body: payment() } });
    expect(await screen.findByText('No callbacks were sent about this record.')).toBeTruthy();
  });

  it('holds the layout with a skeleton while it loads', async () => {
    let release: (reply: Reply) => void = () => undefined;
    mount('/settlements/8/show', {
      'GET /v1/records/settlements/8': () => new Promise<Reply>((resolve) => (release = resolve)),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Settlement 8' })).toBeTruthy();
    expect(screen.getByTestId('record-skeleton').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Loading the record')).toBeTruthy();
    release({
      body: withdrawal({
        header: {
          ...withdrawal().header,
          kind: 'settlements',
          id: '8',
          currency: 'EUR',
          amount: '10',
          status: 'COMPLETED',
        },
        record: {
          id: 8,
          businessId: 1,
          status: 'COMPLETED',
          amount: '10',
          fee: '0',
          currency: 'EUR',
          reference: 'S-8',
        },
        actions: { approve: false, reject: false, resendCallback: false },
      }),
    });
    expect(await screen.findByTestId('record-header')).toBeTruthy();
    expect(screen.queryByTestId('record-skeleton')).toBeNull();
    // No callback is about a settlement: no section for them.
    expect(screen.queryByTestId('record-callbacks')).toBeNull();
  });

  it('says a record that is not there does not exist or is not the caller’s', async () => {
    mount('/crypto-withdrawals/999/show', {
      'GET /v1/records/crypto-withdrawals/999': { status: 404, body: { message: 'Not found.' } },
    });
    expect(
      await screen.findByText('There is no Crypto withdrawal 999, or it is not yours to see.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('says why it failed, with Retry, never an empty page', async () => {
    const user = userEvent.setup();
    let fail = true;
    mount('/crypto-withdrawals/130/show', {
      'GET /v1/records/crypto-withdrawals/130': () =>
        fail ? { status: 500, body: { message: 'The database is not answering.' } } : { body: withdrawal() },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The database is not answering.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('record-header')).toBeTruthy();
  });

  it('sends a user without the kind’s permission away, before asking the API', async () => {
    const api = mount(
      '/crypto-withdrawals/130/show',
      { 'GET /v1/records/crypto-withdrawals/130': { body: withdrawal() } },
      sampleSession({ permissions: ['GET_ORGANISATION', 'GET_BUSINESSES'] }),
    );
    await waitFor(() => expect(screen.getByTestId('where').textContent).not.toContain('/crypto-withdrawals'));
    expect(api.calls.some((c) => c.path.startsWith('/v1/records'))).toBe(false);
  });
});
