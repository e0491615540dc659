/**
 * The shared callback views (src/features/callbacks): the filter as GET /v1/callbacks's query, the
 * status chip, and the callbacks table over the real data provider and http client (a fake fetch that
 * answers the /v1 contract): its query for a business and for a record, its rows, a row expanding to
 * its attempts, Resend with its Idempotency-Key (the same key for a retry, a new one for the next
 * resend), the row due at once, Resend only for INITIATE_CALLBACK, and a failed read with Retry.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createHttpClient } from '../../src/api';
import { createDataProvider } from '../../src/dataProvider';
import { deriveApiTable, deriveCustomMethods } from '../../src/declarations';
import type { CallbackAttempt, CallbackDetail, CallbackRow } from '../../src/domain/callbacks';
import { CallbacksTable, CallbackStatusChip, callbacksQuery, isDue } from '../../src/features/callbacks';
import { formatTimestamp } from '../../src/i18n/format';
import { resources } from '../../src/resources/registry';
import { fakeApi, sampleSession, type Handler, type RecordedCall, type Reply } from './helpers/fakeApi';
import { fakeController } from './helpers/fakeController';
import { renderInAdmin } from './helpers/renderAdmin';

const CREATED = '2026-11-21T13:05:00.000Z';
const LATER = '2036-11-21T13:35:00.000Z';

function row(id: number, overrides: Partial<CallbackRow> = {}): CallbackRow {
  return {
    id,
    webhookId: `msg_${id}abcdefghijklmnop`,
    businessId: 1,
    businessName: 'Nordlicht Coffee',
    eventType: 'deposit.received',
    entityKind: 'payments',
    entityId: String(100 + id),
    entityStatus: 'PENDING',
    status: 'DELIVERED',
    attempts: 1,
    maxAttempts: 8,
    nextAttemptAt: null,
    deliveredAt: CREATED,
    lastStatusCode: 200,
    lastError: null,
    url: 'https://merchant.example/callbacks',
    createdAt: CREATED,
    updatedAt: CREATED,
    ...overrides,
  };
}

const DELIVERED = row(1);
const FAILING = row(2, {
  eventType: 'withdrawal.updated',
  entityKind: 'crypto-withdrawals',
  entityId: '130',
  status: 'RETRYING',
  attempts: 3,
  deliveredAt: null,
  lastStatusCode: 500,
  nextAttemptAt: LATER,
});
const REFUSED = row(3, {
  status: 'FAILED',
  attempts: 8,
  deliveredAt: null,
  lastStatusCode: null,
  lastError: 'timeout',
});

const ATTEMPTS: CallbackAttempt[] = [
  {
    attempt: 1,
    trigger: 'SCHEDULE',
    resentBy: null,
    startedAt: CREATED,
    statusCode: 500,
    error: null,
    latencyMs: 120,
    responseExcerpt: '{"error":"boom"}',
    nextAttemptAt: '2026-11-21T13:06:00.000Z',
  },
  {
    attempt: 2,
    trigger: 'SCHEDULE',
    resentBy: null,
    startedAt: '2026-11-21T13:06:00.000Z',
    statusCode: null,
    error: 'timeout',
    latencyMs: 10_000,
    responseExcerpt: null,
    nextAttemptAt: '2026-11-21T13:07:00.000Z',
  },
  {
    attempt: 3,
    trigger: 'RESEND',
    resentBy: 'manager@example.com',
    startedAt: '2026-11-21T13:07:00.000Z',
    statusCode: 500,
    error: null,
    latencyMs: 80,
    responseExcerpt: 'Internal error',
    nextAttemptAt: LATER,
  },
];

const detail = (callback: CallbackRow, attempts = ATTEMPTS): CallbackDetail => ({
  callback: {
    ...callback,
    payload: { type: callback.eventType, id: callback.webhookId, createdAt: callback.createdAt, data: {} },
  },
  attempts,
});

function render(
  ui: Parameters<typeof renderInAdmin>[0],
  { permissions = ['GET_PAYMENT', 'GET_WITHDRAWALS', 'INITIATE_CALLBACK'], routes = {} } = {} as {
    permissions?: string[];
    routes?: Record<string, Reply | Handler>;
  },
) {
  const api = fakeApi({
    'GET /v1/callbacks': { body: { callbacks: [DELIVERED, FAILING, REFUSED], total: 3 } },
    'GET /v1/callbacks/2': { body: detail(FAILING) },
    ...routes,
  });
  const controller = fakeController(sampleSession({ permissions: permissions as never }));
  const http = createHttpClient({ apiUrl: '', controller, fetch: api.fetch });
  const dataProvider = createDataProvider({
    http,
    api: deriveApiTable(resources),
    methods: deriveCustomMethods(resources),
  });
  renderInAdmin(ui, { controller, dataProvider, path: '/businesses/1/show/callbacks' });
  return api;
}

const callsTo = (api: ReturnType<typeof fakeApi>, method: string, path: string): RecordedCall[] =>
  api.calls.filter((c) => c.method === method && c.path === path);
const queryOf = (call: RecordedCall | undefined) => Object.fromEntries(call?.query ?? []);
const rowOf = (id: number) => document.querySelector<HTMLElement>(`tr[data-callback-id="${id}"]`)!;

describe('the callbacks query', () => {
  it('sends the scope, a known event type and status, and the days as instants; nothing else', () => {
    const query = callbacksQuery({
      businessId: 4,
      eventType: 'deposit.received',
      status: 'FAILED',
      from: '2026-11-01',
      to: '2026-11-02',
      q: 'ignored',
    });
    expect(query).toEqual({
      businessId: 4,
      entityKind: undefined,
      entityId: undefined,
      eventType: 'deposit.received',
      status: 'FAILED',
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(2026, 10, 3).toISOString(),
    });
    expect(callbacksQuery({ entityKind: 'payments', entityId: 12, status: 'LOST', eventType: 'x' })).toEqual({
      businessId: undefined,
      entityKind: 'payments',
      entityId: '12',
      eventType: undefined,
      status: undefined,
    });
    // A kind without its id says nothing.
    expect(callbacksQuery({ entityKind: 'payments' }).entityKind).toBeUndefined();
  });

  it('calls a waiting callback due when its next attempt has come, or a pending one without a time', () => {
    const now = Date.parse(CREATED);
    expect(isDue({ status: 'PENDING', nextAttemptAt: null }, now)).toBe(true);
    expect(isDue({ status: 'RETRYING', nextAttemptAt: CREATED }, now)).toBe(true);
    expect(isDue({ status: 'RETRYING', nextAttemptAt: LATER }, now)).toBe(false);
    expect(isDue({ status: 'DELIVERED', nextAttemptAt: CREATED }, now)).toBe(false);
  });
});

describe('the callback status chip', () => {
  it('names each status and gives it its meaning', () => {
    render(
      <>
        {(['PENDING', 'RETRYING', 'DELIVERED', 'FAILED', 'SKIPPED'] as const).map((status) => (
          <CallbackStatusChip key={status} status={status} />
        ))}
      </>,
    );
    const chips = [...document.querySelectorAll('[data-meaning]')].map((chip) => [
      chip.textContent,
      chip.getAttribute('data-meaning'),
    ]);
    expect(chips).toEqual([
      ['Pending', 'pending'],
      ['Retrying', 'attention'],
      ['Delivered', 'success'],
      ['Failed', 'failed'],
      ['Skipped', 'neutral'],
    ]);
  });
});

describe('the callbacks table', { timeout: 30_000 }, () => {
  it("lists a business's callbacks newest first, 25 a page, with their state", async () => {
    const api = render(<CallbacksTable scope={{ businessId: 1 }} />);
    const table = await screen.findByRole('table', { name: 'Callbacks' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(queryOf(callsTo(api, 'GET', '/v1/callbacks').at(-1))).toEqual({
      businessId: '1',
      limit: '25',
      offset: '0',
      sortBy: 'created',
      order: 'desc',
    });
    const delivered = rowOf(1);
    expect(within(delivered).getByText('Deposit received')).toBeTruthy();
    expect(within(delivered).getByRole('link', { name: 'Payment 101' }).getAttribute('href')).toBe(
      '/payments/101/show',
    );
    expect(within(delivered).getByText('Delivered')).toBeTruthy();
    expect(within(delivered).getByText('1 of 8')).toBeTruthy();
    expect(within(delivered).getByText('HTTP 200')).toBeTruthy();
    expect(within(delivered).getByText(`Delivered ${formatTimestamp(CREATED)}`)).toBeTruthy();

    const failing = rowOf(2);
    expect(within(failing).getByText('Withdrawal updated')).toBeTruthy();
    expect(within(failing).getByRole('link', { name: 'Withdrawal 130' })).toBeTruthy();
    expect(within(failing).getByText('Retrying')).toBeTruthy();
    expect(within(failing).getByText('3 of 8')).toBeTruthy();
    expect(within(failing).getByText('HTTP 500')).toBeTruthy();
    expect(within(failing).getByText(formatTimestamp(LATER))).toBeTruthy();

    expect(within(rowOf(3)).getByText('timeout')).toBeTruthy();
    expect(within(rowOf(3)).getByText('8 of 8')).toBeTruthy();
  });

  it("lists a record's callbacks by its kind and id, without the record column", async () => {
    const api = render(<CallbacksTable scope={{ entityKind: 'crypto-withdrawals', entityId: '130' }} />, {
      routes: { 'GET /v1/callbacks': { body: { callbacks: [FAILING], total: 1 } } },
    });
    await screen.findByText('Withdrawal updated');
    expect(queryOf(callsTo(api, 'GET', '/v1/callbacks').at(-1))).toMatchObject({
      entityKind: 'crypto-withdrawals',
      entityId: '130',
    });
    expect(screen.queryByRole('columnheader', { name: 'Record' })).toBeNull();
  });

  it('expands a row to its attempts: n of m, trigger, time, answer, latency, excerpt, next attempt', async () => {
    const user = userEvent.setup();
    const api = render(<CallbacksTable scope={{ businessId: 1 }} />);
    const toggle = await screen.findByRole('button', { name: 'Show the attempts of callback 2' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    const panel = await screen.findByRole('region', { name: 'Attempts of callback 2' });
    expect(callsTo(api, 'GET', '/v1/callbacks/2')).toHaveLength(1);
    expect(
      screen.getByRole('button', { name: 'Hide the attempts of callback 2' }).getAttribute('aria-expanded'),
    ).toBe('true');
    const items = within(panel).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const first = within(items[0]);
    expect(first.getByText('1 of 8')).toBeTruthy();
    expect(first.getByText('Scheduled')).toBeTruthy();
    expect(first.getByText(formatTimestamp(CREATED))).toBeTruthy();
    expect(first.getByText('HTTP 500')).toBeTruthy();
    expect(first.getByText('120 ms')).toBeTruthy();
    expect(first.getByText('{"error":"boom"}')).toBeTruthy();
    expect(first.getByText(formatTimestamp('2026-11-21T13:06:00.000Z'))).toBeTruthy();
    const second = within(items[1]);
    expect(second.getByText('timeout')).toBeTruthy();
    expect(second.getByText('10,000 ms')).toBeTruthy();
    expect(second.getByText('Empty answer')).toBeTruthy();
    expect(within(items[2]).getByText('Resent by manager@example.com')).toBeTruthy();
    expect(within(panel).getByText('https://merchant.example/callbacks')).toBeTruthy();
    // Closing hides them again.
    await user.click(screen.getByRole('button', { name: 'Hide the attempts of callback 2' }));
    expect(screen.queryByRole('region', { name: 'Attempts of callback 2' })).toBeNull();
  });

  it('resends under an Idempotency-Key, shows the callback due, and keeps the key for a retry only', async () => {
    const user = userEvent.setup();
    let fail = true;
    const resends: RecordedCall[] = [];
    let refused = REFUSED;
    const api = render(<CallbacksTable scope={{ businessId: 1 }} />, {
      routes: {
        'GET /v1/callbacks': () => ({ body: { callbacks: [DELIVERED, FAILING, refused], total: 3 } }),
        'POST /v1/callbacks/3/resend': (call) => {
          resends.push(call);
          if (fail) {
            fail = false;
            return { status: 503, body: { message: 'Try again later.' } };
          }
          refused = { ...REFUSED, status: 'PENDING', nextAttemptAt: new Date().toISOString() };
          return { status: 202, body: { callback: refused } };
        },
      },
    });
    const resend = await screen.findByRole('button', { name: 'Resend callback 3' });
    await user.click(resend);
    await waitFor(() => expect(resends).toHaveLength(1));
    await waitFor(() => expect(resend.hasAttribute('disabled')).toBe(false));
    await user.click(resend);
    await waitFor(() => expect(resends).toHaveLength(2));
    const [first, second] = resends.map((call) => call.headers['idempotency-key']);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    // The retry of a resend whose answer was lost: the same key, so the server resends once.
    expect(second).toBe(first);
    await waitFor(() => expect(within(rowOf(3)).getByText('Due now')).toBeTruthy());
    expect(within(rowOf(3)).getByText('Pending')).toBeTruthy();
    expect(await screen.findByText('Callback 3 is due again: its attempt follows in a moment.')).toBeTruthy();
    // The next resend is a new one.
    await user.click(screen.getByRole('button', { name: 'Resend callback 3' }));
    await waitFor(() => expect(resends).toHaveLength(3));
    expect(resends[2].headers['idempotency-key']).not.toBe(first);
    expect(callsTo(api, 'POST', '/v1/callbacks/3/resend')).toHaveLength(3);
  });

  it('offers Resend only with INITIATE_CALLBACK', async () => {
    render(<CallbacksTable scope={{ businessId: 1 }} />, { permissions: ['GET_PAYMENT', 'GET_WITHDRAWALS'] });
    await screen.findByText('Withdrawal updated');
    expect(screen.queryByRole('button', { name: /^Resend/ })).toBeNull();
  });

  it('says a failed read failed, with Retry, never an empty table', async () => {
    const user = userEvent.setup();
    let failing = true;
    const api = render(<CallbacksTable scope={{ businessId: 1 }} />, {
      routes: {
        'GET /v1/callbacks': () =>
          failing
            ? { status: 500, body: { message: 'Database unavailable.' } }
            : { body: { callbacks: [DELIVERED], total: 1 } },
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Couldn't load the callbacks.");
    expect(screen.queryByText('No callbacks yet.')).toBeNull();
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Deposit received')).toBeTruthy();
    expect(callsTo(api, 'GET', '/v1/callbacks').length).toBeGreaterThanOrEqual(2);
  });

  it('filters by status through the filter bar, and says when nothing matches', async () => {
    const user = userEvent.setup();
    const api = render(<CallbacksTable scope={{ businessId: 1 }} />, {
      routes: {
        'GET /v1/callbacks': (call) =>
          call.query.get('status')
            ? { body: { callbacks: [], total: 0 } }
            : { body: { callbacks: [DELIVERED], total: 1 } },
      },
    });
    await screen.findByText('Deposit received');
    await user.click(screen.getByRole('button', { name: 'Status' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Failed' }));
    expect(await screen.findByText('No callbacks match these filters.')).toBeTruthy();
    expect(queryOf(callsTo(api, 'GET', '/v1/callbacks').at(-1))).toMatchObject({
      businessId: '1',
      status: 'FAILED',
    });
  });
});
