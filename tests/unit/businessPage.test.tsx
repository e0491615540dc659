/**
 * The business page as the merchant's home (issue 32 §3), in the real App over a fake /v1: the header
 * from GET /v1/businesses/{id}/overview (settlement currency, balances with held funds, the last 30
 * days' volume, callback health), each part left out when the API answers null for it, skeletons
 * while it loads and an inline error with Retry; the Callbacks tab (its query, the URL's filters, a
 * live event reading it and the header again); the signing secret's rotation on the settings (2FA,
 * shown once with Copy, the previous secret's end) and the secret of a business just created.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_ROLE_PERMISSIONS } from '../../src/domain/permissions';
import type { CallbackRow } from '../../src/domain/callbacks';
import type { BusinessOverview } from '../../src/domain/records';
import { CURRENCY_SEED } from '../../src/domain/currencies';
import { formatTimestamp } from '../../src/i18n/format';
import type { FetchFn } from '../../src/api/transport';
import {
  fakeApi,
  sampleBusiness,
  sampleSession,
  type Handler,
  type RecordedCall,
  type Reply,
} from './helpers/fakeApi';
import { fakeController } from './helpers/fakeController';
import { renderApp as renderRealApp } from './helpers/renderAdmin';

const CREATED = '2026-11-21T13:05:00.000Z';
const BUSINESS = sampleBusiness(1, 'Nordlicht Coffee', {
  depositReceivedCallbackUrl: 'https://nordlicht.example/cb',
});

const OVERVIEW: BusinessOverview = {
  businessId: 1,
  settlementCurrency: 'EUR',
  balances: [
    { currency: 'EUR', available: '1234.5', held: '0' },
    { currency: 'BTC', available: '0.12345678', held: '0.01' },
  ],
  volume30d: [{ currency: 'EUR', deposits: '5000', withdrawals: '1200.5', count: 12 }],
  callbacks: { total24h: 40, delivered24h: 38, deliveredShare: 0.95, failingNow: 2, lastFailureAt: CREATED },
};

const CALLBACK: CallbackRow = {
  id: 9,
  webhookId: 'msg_9abcdefghijklmnop',
  businessId: 1,
  businessName: 'Nordlicht Coffee',
  eventType: 'deposit.received',
  entityKind: 'payments',
  entityId: '101',
  entityStatus: 'PENDING',
  status: 'FAILED',
  attempts: 8,
  maxAttempts: 8,
  nextAttemptAt: null,
  deliveredAt: null,
  lastStatusCode: 500,
  lastError: null,
  url: 'https://nordlicht.example/cb',
  createdAt: CREATED,
  updatedAt: CREATED,
};

const MANAGER = BUILT_IN_ROLE_PERMISSIONS.MANAGER;
const empty = (listKey: string): Reply => ({ body: { [listKey]: [], total: 0 } });

/** A stream for GET /v1/events: `send` pushes one event to the open stream. */
function eventStream() {
  let push: ((text: string) => void) | undefined;
  const encoder = new TextEncoder();
  const fetch: FetchFn = async () =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          push = (text) => controller.enqueue(encoder.encode(text));
          push('event: ready\nid: 1\ndata: {}\n\n');
        },
      }),
      { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
    );
  let id = 1;
  const send = (resources: string[]) => {
    id += 1;
    push?.(
      `id: ${id}\ndata: ${JSON.stringify({ id, organisationId: 1, type: `${resources[0]}.updated`, resources, entityId: null, businessId: 1 })}\n\n`,
    );
  };
  return { fetch, send, ready: () => push !== undefined };
}

function renderApp(
  path: string,
  {
    permissions = MANAGER,
    routes = {},
    authentication = false,
    live,
  }: {
    permissions?: readonly string[];
    routes?: Record<string, Reply | Handler>;
    authentication?: boolean;
    live?: ReturnType<typeof eventStream>;
  } = {},
) {
  const api = fakeApi({
    'GET /v1/businesses/1': { body: BUSINESS },
    'GET /v1/businesses/1/overview': { body: OVERVIEW },
    'GET /v1/payments': empty('payments'),
    'GET /v1/withdrawals/crypto': empty('withdrawals'),
    'GET /v1/callbacks': { body: { callbacks: [CALLBACK], total: 1 } },
    'GET /v1/payment/organisations/metadata': {
      body: {
        enabledFiatSettlementCurrencies: ['EUR'],
        enabledCryptoSettlementCurrencies: ['BTC'],
        enabledCryptoCurrencies: ['BTC', 'USDT'],
        allowServiceFeeDistribution: false,
        feeDistributionLimit: 0,
        settlementCurrency: 'EUR',
      },
    },
    'GET /v1/audit-log': empty('entries'),
    ...routes,
  });
  const fetch: FetchFn = (input, init) =>
    live && new URL(input, 'http://api.test').pathname === '/v1/events'
      ? live.fetch(input, init)
      : api.fetch(input, init);
  const controller = fakeController(
    sampleSession({ permissions: [...permissions], authentication, supportedCurrencies: [...CURRENCY_SEED] }),
  );
  renderRealApp(path, controller, fetch, undefined, { liveEvents: live !== undefined });
  return api;
}

const callsTo = (api: ReturnType<typeof fakeApi>, method: string, path: string): RecordedCall[] =>
  api.calls.filter((c) => c.method === method && c.path === path);
const where = () => {
  const output = screen.getByTestId('where');
  return `${output.textContent ?? ''}${output.getAttribute('data-search') ?? ''}`;
};
const part = (name: string) => screen.findByRole('region', { name });

describe('the business page header', { timeout: 60_000 }, () => {
  it('shows the settlement currency, balances with held funds, 30 days of volume and callback health', async () => {
    renderApp('/businesses/1/show/deposits');
    const balances = within(await part('Balances'));
    // By currency name: Bitcoin before Euro; the held amount only where something is held.
    expect(balances.getAllByRole('term').map((t) => t.textContent)).toEqual(['BTC', 'EUR']);
    expect(balances.getByText(/^0\.12345678 BTC/)).toBeTruthy();
    expect(balances.getByText('0.01000000 BTC held')).toBeTruthy();
    expect(balances.getByText('1,234.50 EUR')).toBeTruthy();
    expect(balances.queryByText(/EUR held/)).toBeNull();
    const volume = within(await part('Last 30 days'));
    expect(volume.getByText(/^5,000\.00 EUR in/)).toBeTruthy();
    expect(volume.getByText('1,200.50 EUR out · 12 transactions')).toBeTruthy();
    const health = within(await part('Callbacks'));
    expect(health.getByText('95% delivered')).toBeTruthy();
    expect(health.getByText('38 of 40 in the last 24 h')).toBeTruthy();
    expect(health.getByRole('link', { name: '2 failing now' }).getAttribute('href')).toBe(
      '/businesses/1/show/callbacks',
    );
    expect(health.getByText(`Last failure ${formatTimestamp(CREATED)}`)).toBeTruthy();
    expect(screen.getByText('Settlement currency').textContent).toBe('Settlement currency EUR');
  });

  it('leaves out each part the API answers null for, without an error', async () => {
    renderApp('/businesses/1/show/deposits', {
      routes: {
        'GET /v1/businesses/1/overview': {
          body: { ...OVERVIEW, balances: null, callbacks: null },
        },
      },
    });
    expect(await part('Last 30 days')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Balances' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Callbacks' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('holds the place with skeletons while it loads', async () => {
    let release: (() => void) | undefined;
    renderApp('/businesses/1/show/deposits', {
      routes: {
        'GET /v1/businesses/1/overview': () =>
          new Promise<Reply>((resolve) => {
            release = () => resolve({ body: OVERVIEW });
          }),
      },
    });
    const loading = await screen.findByRole('status', { name: 'Loading the overview' });
    expect(loading.getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(release).toBeDefined());
    release!();
    expect(await part('Balances')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading the overview' })).toBeNull();
  });

  it('says a failed overview failed, in place, with Retry, and keeps the tabs', async () => {
    let fail = true;
    const api = renderApp('/businesses/1/show/deposits', {
      routes: {
        'GET /v1/businesses/1/overview': () =>
          fail ? { status: 503, body: { message: 'Try again later.' } } : { body: OVERVIEW },
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Couldn't load the overview.");
    expect(alert.textContent).toContain('Try again later.');
    expect(screen.getByRole('tablist', { name: 'Sections of the business' })).toBeTruthy();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await part('Balances')).toBeTruthy();
    expect(callsTo(api, 'GET', '/v1/businesses/1/overview').length).toBeGreaterThanOrEqual(2);
  });
});

describe('the Callbacks tab', { timeout: 60_000 }, () => {
  it("lists the business's callbacks with the URL's filters, and links to the settings", async () => {
    const filter = encodeURIComponent(JSON.stringify({ status: 'FAILED', eventType: 'deposit.received' }));
    const api = renderApp(`/businesses/1/show/callbacks?filter=${filter}`);
    expect(await screen.findByRole('tab', { name: 'Callbacks', selected: true })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Callbacks' });
    expect(within(table).getByRole('link', { name: 'Payment 101' })).toBeTruthy();
    expect(Object.fromEntries(callsTo(api, 'GET', '/v1/callbacks').at(-1)!.query)).toEqual({
      businessId: '1',
      status: 'FAILED',
      eventType: 'deposit.received',
      limit: '25',
      offset: '0',
      sortBy: 'created',
      order: 'desc',
    });
    // The active filters show on the bar; no list links below the tab (it is one list).
    expect(screen.getByRole('button', { name: 'Status: Failed' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: /^Lists of/ })).toBeNull();
    expect(
      screen
        .getByRole('link', { name: 'Callback URLs and the signing secret are in the settings.' })
        .getAttribute('href'),
    ).toBe('/businesses/1');
    // A page of its own in the URL.
    await userEvent.click(screen.getByRole('button', { name: 'Remove filter Status: Failed' }));
    await waitFor(() => expect(decodeURIComponent(where())).not.toContain('FAILED'));
  });

  it('reads the callbacks and the header again on a live event callbacks.updated', async () => {
    const live = eventStream();
    let status: CallbackRow['status'] = 'RETRYING';
    let failing = 1;
    renderApp('/businesses/1/show/callbacks', {
      live,
      routes: {
        'GET /v1/callbacks': () => ({ body: { callbacks: [{ ...CALLBACK, status }], total: 1 } }),
        'GET /v1/businesses/1/overview': () => ({
          body: { ...OVERVIEW, callbacks: { ...OVERVIEW.callbacks!, failingNow: failing } },
        }),
      },
    });
    const table = await screen.findByRole('table', { name: 'Callbacks' });
    expect(await within(table).findByText('Retrying')).toBeTruthy();
    expect(await screen.findByRole('link', { name: '1 failing now' })).toBeTruthy();
    await waitFor(() => expect(live.ready()).toBe(true));
    status = 'DELIVERED';
    failing = 0;
    live.send(['callbacks']);
    expect(await within(table).findByText('Delivered')).toBeTruthy();
    expect(await screen.findByText('0 failing now')).toBeTruthy();
  });

  it('has no Callbacks tab for a role that reads neither payments nor withdrawals', async () => {
    renderApp('/businesses/1/show/callbacks', {
      permissions: ['GET_ORGANISATION', 'GET_BUSINESSES', 'GET_FIAT_DEPOSITS'],
      routes: { 'GET /v1/payment/deposits/fiat': empty('deposits') },
    });
    const tablist = await screen.findByRole('tablist', { name: 'Sections of the business' });
    await waitFor(() => expect(where()).toBe('/businesses/1/show/fiat-deposits'));
    expect(
      within(tablist)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Fiat']);
  });
});

describe("the business's signing secret", { timeout: 60_000 }, () => {
  const ROTATED = {
    secret: 'whsec_bmV3LXNlY3JldC1vZi10aGUtYnVzaW5lc3M=',
    createdAt: CREATED,
    previousRetiresAt: '2026-11-22T13:05:00.000Z',
  };

  it('rotates with the 2FA code, shows the new secret once with Copy, and when the previous one retires', async () => {
    const user = userEvent.setup();
    const rotations: RecordedCall[] = [];
    renderApp('/businesses/1', {
      authentication: true,
      routes: {
        'POST /v1/businesses/1/callback-secret': (call) => {
          rotations.push(call);
          return call.headers['x-2fa-code'] === '123456'
            ? { status: 201, body: ROTATED }
            : { status: 401, body: { message: 'Invalid or expired 2FA verification code.' } };
        },
      },
    });
    await screen.findByRole('textbox', { name: /Business name/ });
    await user.click(screen.getByRole('button', { name: 'Rotate secret' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    // The code is required when the user has 2FA on.
    await user.click(within(dialog).getByRole('button', { name: 'Rotate' }));
    expect(await within(dialog).findByText(/2FA code is required|Enter the 6-digit code/i)).toBeTruthy();
    expect(rotations).toHaveLength(0);
    const code = within(dialog).getByRole('textbox', { name: /2FA code|code/i });
    await user.type(code, '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Rotate' }));
    // A refused code comes back on the field, without logging out.
    expect(await within(dialog).findByText('Invalid or expired 2FA verification code.')).toBeTruthy();
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Rotate' }));
    const shown = await screen.findByRole('dialog', { name: 'The signing secret has been rotated.' });
    expect(within(shown).getByTestId('callback-secret').textContent).toBe(ROTATED.secret);
    expect(
      within(shown).getByText(
        `Shown this once: copy it now and set it on the merchant's receiver. The previous secret keeps signing until ${formatTimestamp(ROTATED.previousRetiresAt)}.`,
      ),
    ).toBeTruthy();
    await user.click(within(shown).getByRole('button', { name: 'Copy signing secret' }));
    expect(await navigator.clipboard.readText()).toBe(ROTATED.secret);
    expect(within(shown).getByRole('button', { name: 'Copy signing secret' }).textContent).toBe('Copied');
    expect(rotations.map((call) => call.headers['x-2fa-code'])).toEqual(['654321', '123456']);
    // Done forgets it: nothing on the page shows it again.
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(ROTATED.secret)).toBeNull();
    // The form itself was not submitted by the dialog.
    expect(screen.getByRole('textbox', { name: /Business name/ })).toBeTruthy();
  });

  it('rotates without a code for a user without 2FA, and says a refusal in the dialog', async () => {
    const user = userEvent.setup();
    let refuse = true;
    renderApp('/businesses/1', {
      routes: {
        'POST /v1/businesses/1/callback-secret': (call) =>
          refuse
            ? { status: 403, body: { message: 'You may not change this business.' } }
            : {
                status: 201,
                body: { ...ROTATED, previousRetiresAt: null, seen: call.headers['x-2fa-code'] },
              },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Rotate secret' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Rotate' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      "Couldn't rotate the secret: You may not change this business.",
    );
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Rotate' }));
    const shown = await screen.findByRole('dialog', { name: 'The signing secret has been rotated.' });
    expect(within(shown).getByText(/There was no previous secret\./)).toBeTruthy();
  });

  it("shows a new business its signing secret once, on the create's success", async () => {
    const user = userEvent.setup();
    renderApp('/businesses/create', {
      routes: {
        'POST /v1/businesses': (call) => ({
          status: 201,
          body: {
            ...sampleBusiness(20, 'Nova Books'),
            ...(call.body as object),
            callbackSecret: { ...ROTATED, previousRetiresAt: null },
          },
        }),
      },
    });
    await user.click(await screen.findByRole('textbox', { name: /Business name/ }));
    await user.paste('Nova Books');
    await user.click(screen.getByRole('checkbox', { name: 'EUR' }));
    await user.click(screen.getByRole('button', { name: 'Choose deposit currencies' }));
    const panel = await screen.findByRole('dialog', { name: 'Deposit currencies' });
    await user.click(within(panel).getByRole('switch', { name: 'Bitcoin (BTC)' }));
    await user.click(within(panel).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Nothing to rotate before the business exists.
    expect(screen.queryByRole('button', { name: 'Rotate secret' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await user.click(await screen.findByRole('button', { name: 'Create business' }));
    expect(await screen.findByText('The business has been created.')).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Signing secret of the business' });
    expect(within(section).getByTestId('callback-secret').textContent).toBe(ROTATED.secret);
    expect(within(section).getByText(/Shown this once/).textContent).toContain(
      'There was no previous secret.',
    );
  });
});
