// The examples of /v1/openapi.json (server/http/examples.json), taken from the demo data: builds the
// app in-process on an in-memory PGlite seeded as a demo deployment (fixed seed day and clock, no
// server, no network), logs in as the README's demo accounts, calls every operation with a realistic
// request and records the request body and the 2xx answer. server/http/docs.ts attaches them to the
// document; tests/server/openapiExamples.test.ts fails when an operation lacks one or one no longer
// validates against its schema. Re-run after changing a route's schema or the demo data:
//   node scripts/openapi-examples.mjs [--out FILE]
// Secrets never reach the file: session tokens, the reset token, the new API key's secret and the TOTP
// secret are replaced by placeholders of the same shape (the demo password is public demo data), as are
// the few random values (session ids, the new key's id, the payment link's slug), so that a re-run
// changes nothing unless the API or the demo data did; lists are asked for (or cut to) two rows.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { tsImport } from 'tsx/esm/api';

const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const out =
  outAt >= 0 ? args[outAt + 1] : fileURLToPath(new URL('../server/http/examples.json', import.meta.url));

/** The demo's seed day and the moment the calls are made (the examples' dates follow from them). */
const SEED_NOW = new Date('2026-03-02T09:00:00Z');
/** Rows of a list (arrays of objects) kept in an example. */
const ROWS = 2;

const { buildApp } = await tsImport('../server/app.ts', import.meta.url);
const { testConfig } = await tsImport('../server/config.ts', import.meta.url);
const { openPglite } = await tsImport('../server/db/client.ts', import.meta.url);
const { migrate } = await tsImport('../server/db/migrate.ts', import.meta.url);
const { applySeeds, SEED_VERSIONS, DEMO_PASSWORD } = await tsImport(
  '../server/db/seed/index.ts',
  import.meta.url,
);
const { totpCode } = await tsImport('../server/auth/totp.ts', import.meta.url);
const { IDENTITY_HEADER } = await tsImport('../src/domain/api.ts', import.meta.url);

let clock = SEED_NOW.getTime();
const logs = [];
const db = await openPglite();
await migrate(db);
await applySeeds(db, SEED_VERSIONS, { now: SEED_NOW });
const app = await buildApp({
  db,
  config: testConfig({ logLevel: 'info' }),
  now: () => clock,
  logStream: { write: (line) => void logs.push(line) },
});
await app.ready();

/** Real secrets met on the way → their placeholders (replaced everywhere in the file). */
const secrets = new Map();
const hide = (secret, placeholder) => {
  if (secret) secrets.set(String(secret), placeholder);
};
let tokenCount = 0;
/** Session ids are random UUIDs: a fixed one each, so that a re-run changes nothing. */
const hideSession = (id) => hide(id, `5e551011-0000-4000-8000-${String(tokenCount).padStart(12, '0')}`);

/** "METHOD /v1/path/{param}" → { request?, status, response }. */
const examples = {};
let uuidCount = 0;
/** A fixed Idempotency-Key per call, so the file is the same on every run. */
const idempotencyKey = () => `00000000-0000-4000-8000-${String(++uuidCount).padStart(12, '0')}`;

async function call(operation, { as, url, body, headers = {}, record = true }) {
  const [method, template] = operation.split(' ');
  clock += 1000;
  const token = as ? await tokenOf(as) : undefined;
  const response = await app.inject({
    method,
    url: url ?? template,
    remoteAddress: '10.0.0.1',
    headers: {
      ...(token ? { authorization: `Web ${token}` } : {}),
      ...headers,
    },
    ...(body !== undefined ? { payload: body } : {}),
  });
  if (response.statusCode >= 300) {
    throw new Error(`${operation} (${url ?? template}) answered ${response.statusCode}: ${response.body}`);
  }
  const json = response.headers['content-type']?.startsWith('application/json') ? response.json() : undefined;
  if (record) {
    examples[operation] = {
      ...(body !== undefined ? { request: body } : {}),
      status: response.statusCode,
      ...(json !== undefined ? { response: json } : {}),
    };
  }
  return { json, response };
}

const tokens = new Map();
async function tokenOf(email) {
  if (tokens.has(email)) return tokens.get(email);
  const response = await app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    remoteAddress: '10.0.0.1',
    payload: { email, password: DEMO_PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`login ${email}: ${response.statusCode} ${response.body}`);
  const token = String(response.headers[IDENTITY_HEADER.toLowerCase()]);
  hide(token, `session-token-${++tokenCount}`);
  hideSession(response.json().sessionId);
  tokens.set(email, token);
  return token;
}

const ADMIN = 'admin@example.com';
const MANAGER = 'manager@example.com';
const money = (extra = {}) => ({ 'idempotency-key': idempotencyKey(), ...extra });
const list = (path) => `${path}?limit=${ROWS}`;
/** The rows of a list answer: the answer itself, or its one array of objects ({ data, total } and the like). */
const rows = (answer) =>
  Array.isArray(answer.json)
    ? answer.json
    : (Object.values(answer.json).find((v) => Array.isArray(v) && typeof v[0] === 'object') ?? []);
const first = (answer) => rows(answer)[0];
/** The id of what a create answered: `{ id, … }` or `{ thing: { id, … } }`. */
const idOf = (answer) =>
  answer.json.id ?? Object.values(answer.json).find((v) => v && typeof v === 'object' && 'id' in v)?.id;

try {
  // --- Auth and the caller's account
  {
    const login = await call('POST /v1/auth/login', {
      body: { email: ADMIN, password: DEMO_PASSWORD },
    });
    hide(login.response.headers[IDENTITY_HEADER.toLowerCase()], `session-token-${++tokenCount}`);
    hideSession(login.json.sessionId);
  }
  {
    const switched = await call('POST /v1/auth/login/{orgId}', { as: ADMIN, url: '/v1/auth/login/2' });
    hide(switched.response.headers[IDENTITY_HEADER.toLowerCase()], `session-token-${++tokenCount}`);
    hideSession(switched.json.sessionId);
  }
  tokens.delete(ADMIN); // the switch ended that session
  await call('POST /v1/auth/forgot-password', { body: { email: 'support@example.com' } });
  {
    // The link is "mailed" (logged) after the answer.
    const mailed = () => logs.find((l) => l.includes('/reset-password#token='));
    for (let i = 0; i < 100 && !mailed(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    const line = mailed();
    const token = /#token=([^"\s\\]+)/.exec(line ?? '')?.[1];
    if (!token) throw new Error('no reset link in the log');
    hide(token, 'reset-token-from-the-mailed-link');
    await call('POST /v1/auth/reset-password', { body: { token, newPassword: 'Demo-pass-2' } });
  }

  await call('GET /v1/brands/dashboard', {});
  await call('GET /v1/currencies', { as: ADMIN });

  // --- Users, roles
  {
    const users = await call('GET /v1/users', { as: ADMIN, url: list('/v1/users') });
    await call('GET /v1/users/{id}', { as: ADMIN, url: `/v1/users/${first(users).id}` });
    const created = await call('POST /v1/users', {
      as: ADMIN,
      body: {
        email: 'analyst@example.com',
        password: DEMO_PASSWORD,
        confirmationPassword: DEMO_PASSWORD,
        roleId: 4,
      },
    });
    const id = idOf(created);
    await call('PATCH /v1/users/{id}', { as: ADMIN, url: `/v1/users/${id}`, body: { roleId: 3 } });
    await call('DELETE /v1/users/{id}', { as: ADMIN, url: `/v1/users/${id}` });
  }
  {
    const roles = await call('GET /v1/roles', { as: ADMIN, url: list('/v1/roles') });
    await call('GET /v1/roles/{id}', { as: ADMIN, url: `/v1/roles/${first(roles).id}` });
    const created = await call('POST /v1/roles', {
      as: ADMIN,
      body: { name: 'Auditor', permissions: ['GET_ORGANISATION', 'GET_AUDIT_LOG'] },
    });
    const id = idOf(created);
    await call('PATCH /v1/roles/{id}', {
      as: ADMIN,
      url: `/v1/roles/${id}`,
      body: { permissions: ['GET_ORGANISATION', 'GET_AUDIT_LOG', 'GET_USERS'] },
    });
    await call('DELETE /v1/roles/{id}', { as: ADMIN, url: `/v1/roles/${id}` });
  }

  // --- API keys, bank accounts, whitelisted addresses, businesses
  {
    const businesses = await call('GET /v1/api-keys/businesses', {
      as: ADMIN,
      url: list('/v1/api-keys/businesses'),
    });
    const keys = await call('GET /v1/api-keys', { as: ADMIN, url: list('/v1/api-keys') });
    await call('GET /v1/api-keys/{id}', { as: ADMIN, url: `/v1/api-keys/${first(keys).id}` });
    const created = await call('POST /v1/api-keys', {
      as: ADMIN,
      body: {
        name: 'Shop checkout',
        businessId: first(businesses).id,
        scopes: ['GET_PAYMENT', 'GET_PAYMENTS'],
        ipAllowList: ['203.0.113.10'],
      },
    });
    // The key (`<id>.<43 characters>`, shown once) and its random id: placeholders of the same shape.
    const id = idOf(created);
    const exampleId = '00000000-0000-4000-8000-00000000a0e1';
    hide(created.json.secret, `${exampleId}.${'ExampleSecretShownOnceNotARealKey'.padEnd(43, '0')}`);
    hide(id, exampleId);
    await call('PATCH /v1/api-keys/{id}', {
      as: ADMIN,
      url: `/v1/api-keys/${id}`,
      body: { name: 'Shop checkout EU', scopes: ['GET_PAYMENT', 'GET_PAYMENTS', 'GET_BALANCES'] },
    });
    await call('DELETE /v1/api-keys/{id}', { as: ADMIN, url: `/v1/api-keys/${id}` });
  }
  {
    await call('GET /v1/bank-accounts/metadata', { as: ADMIN });
    const accounts = await call('GET /v1/bank-accounts', { as: ADMIN, url: list('/v1/bank-accounts') });
    await call('GET /v1/bank-accounts/{id}', { as: ADMIN, url: `/v1/bank-accounts/${first(accounts).id}` });
    const created = await call('POST /v1/bank-accounts', {
      as: ADMIN,
      body: {
        accountLabel: 'Payroll EUR',
        holderName: 'Aurora Payments GmbH',
        holderAddress: 'Friedrichstraße 12',
        holderCity: 'Berlin',
        holderCountry: 'DE',
        accountCurrency: 'EUR',
        paymentMethod: 'SEPA',
        iban: 'DE89370400440532013000',
        swiftCode: 'COBADEFFXXX',
        bankName: 'Commerzbank',
      },
    });
    await call('PATCH /v1/bank-accounts/{id}', {
      as: ADMIN,
      url: `/v1/bank-accounts/${idOf(created)}`,
      body: { accountLabel: 'Payroll EUR (main)' },
    });
  }
  {
    const addresses = await call('GET /v1/whitelisted-addresses', {
      as: ADMIN,
      url: list('/v1/whitelisted-addresses'),
    });
    await call('GET /v1/whitelisted-addresses/{id}', {
      as: ADMIN,
      url: `/v1/whitelisted-addresses/${first(addresses).id}`,
    });
    const created = await call('POST /v1/whitelisted-addresses', {
      as: ADMIN,
      body: {
        label: 'Treasury cold wallet',
        currency: 'BTC',
        network: 'MAIN',
        address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      },
    });
    await call('DELETE /v1/whitelisted-addresses/{id}', {
      as: ADMIN,
      url: `/v1/whitelisted-addresses/${idOf(created)}`,
    });
  }
  let businessId;
  {
    const businesses = await call('GET /v1/businesses', { as: ADMIN, url: list('/v1/businesses') });
    businessId = first(businesses).id;
    await call('GET /v1/businesses/{id}', { as: ADMIN, url: `/v1/businesses/${businessId}` });
    await call('GET /v1/businesses/{id}/overview', {
      as: ADMIN,
      url: `/v1/businesses/${businessId}/overview`,
    });
    const body = {
      businessName: 'Lindenhof Bakery',
      supportedDisplayCurrencies: ['EUR'],
      supportedDepositCurrenciesWithNetworks: { BTC: ['MAIN'], USDT: ['TRX'] },
      depositReceivedCallbackUrl: 'https://shop.example.com/hooks/deposit',
      overpaymentPolicy: 'PROCESS',
      refundFollowUpDepositsForOneTimePayments: false,
      blockchainFeePaidBy: 'USER',
      stableCryptoCurrencyDepegThreshold: 0.02,
      userServiceFeeDistributionPercentage: 0,
    };
    const created = await call('POST /v1/businesses', { as: ADMIN, body });
    // The new business's callback signing secret is shown once: a placeholder of its shape.
    hide(created.json.callbackSecret?.secret, 'whsec_ExampleSecretShownOnceNotReal0000000');
    await call('PATCH /v1/businesses', {
      as: ADMIN,
      body: { ...body, id: idOf(created), blockchainFeePaidBy: 'MERCHANT' },
    });
  }

  // --- Callbacks (the demo's: the worker does not run here, so they are due, and one is retrying)
  {
    await call('GET /v1/callbacks', { as: ADMIN, url: list('/v1/callbacks') });
    const retrying = await call('GET /v1/callbacks', {
      as: ADMIN,
      url: '/v1/callbacks?status=RETRYING&limit=1',
      record: false,
    });
    const id = first(retrying).id;
    await call('GET /v1/callbacks/{id}', { as: ADMIN, url: `/v1/callbacks/${id}` });
    await call('POST /v1/callbacks/{id}/resend', {
      as: ADMIN,
      url: `/v1/callbacks/${id}/resend`,
      headers: money(),
    });
    const rotated = await call('POST /v1/businesses/{id}/callback-secret', {
      as: ADMIN,
      url: `/v1/businesses/${businessId}/callback-secret`,
    });
    hide(rotated.json.secret, 'whsec_ExampleRotatedSecretShownOnceNotReal0');
  }

  // --- Balances, statistics, search, metadata
  await call('GET /v1/balances', { as: ADMIN });
  await call('GET /v1/balances/organisation', { as: ADMIN });
  await call('GET /v1/balances/{businessId}', { as: ADMIN, url: `/v1/balances/${businessId}` });
  {
    const after = new Date(SEED_NOW.getTime() - 7 * 86_400_000).toISOString();
    const before = SEED_NOW.toISOString();
    const range = `after=${after}&before=${before}`;
    for (const kind of ['deposits', 'withdrawals']) {
      await call(`GET /v1/statistics/${kind}`, { as: ADMIN, url: `/v1/statistics/${kind}?${range}` });
      await call(`GET /v1/statistics/${kind}/histogram`, {
        as: ADMIN,
        url: `/v1/statistics/${kind}/histogram?${range}&groupByCriteria=DAY`,
      });
    }
  }
  await call('GET /v1/search', { as: ADMIN, url: '/v1/search?q=north' });
  await call('GET /v1/payment/organisations/metadata', { as: ADMIN });
  await call('GET /v1/withdrawals/metadata', { as: ADMIN });
  await call('GET /v1/withdrawals/destinations', { as: ADMIN });

  // --- Reports (PDF, CSV and XLSX answers: the request body only)
  await call('POST /v1/reports/balance-confirmation', {
    as: ADMIN,
    body: { businessId, asOf: '2026-02-28', locale: 'en', addresseeName: 'Müller & Partner Audit GmbH' },
  });
  await call('POST /v1/reports/transaction-ledger', {
    as: ADMIN,
    body: { businessId, from: '2026-02-01', to: '2026-02-28', currency: 'EUR', format: 'csv' },
  });

  // --- Travel rule, audit log
  {
    const deposits = await call('GET /v1/deposits/travel-rule', {
      as: ADMIN,
      url: list('/v1/deposits/travel-rule'),
    });
    const id = first(deposits).id;
    await call('GET /v1/deposits/travel-rule/{id}', { as: ADMIN, url: `/v1/deposits/travel-rule/${id}` });
    await call('PATCH /v1/deposits/travel-rule/{id}', {
      as: ADMIN,
      url: `/v1/deposits/travel-rule/${id}`,
      body: {
        originator: {
          type: 'NATURAL',
          name: 'Jana Nováková',
          address: 'Václavské náměstí 1',
          city: 'Praha',
          country: 'CZ',
          nationalIdentifierType: 'CCPT',
          nationalIdentifier: 'PX1234567',
        },
      },
    });
  }
  await call('GET /v1/audit-log', { as: ADMIN, url: list('/v1/audit-log') });

  // --- Money movement
  {
    const payments = await call('GET /v1/payments', { as: ADMIN, url: list('/v1/payments') });
    await call('GET /v1/payments/{id}', { as: ADMIN, url: `/v1/payments/${first(payments).id}` });
    const created = await call('POST /v1/payments', {
      as: ADMIN,
      headers: money(),
      body: {
        businessId,
        currency: 'BTC',
        network: 'MAIN',
        amount: '0.0125',
        expirationMinutes: 60,
        paymentId: 'order-10482',
        redirectUrl: 'https://shop.example.com/orders/10482',
      },
    });
    // The payer's link ends in a random slug: a fixed one, so that a re-run changes nothing.
    hide(/\/pay\/([^/?#]+)/.exec(created.json.payment?.link ?? '')?.[1], 'DemoPaymentLinkSlug00001');
  }
  const lists = [
    ['/v1/withdrawals/crypto'],
    ['/v1/payment/deposits/fiat'],
    ['/v1/payment/whitelabel-fiat-deposits'],
    ['/v1/payment/withdrawals/fiat'],
    ['/v1/payment/internal-transfers'],
    ['/v1/payment/deposits/unassociated'],
    ['/v1/payment/manual-movements'],
    ['/v1/payment/balance/convert'],
    ['/v1/deposits/unallocated'],
  ];
  for (const [path] of lists) {
    const row = first(await call(`GET ${path}`, { as: ADMIN, url: list(path) }));
    if (!row) throw new Error(`GET ${path}: the demo data has no row`);
    await call(`GET ${path}/{id}`, { as: ADMIN, url: `${path}/${row.id}` });
  }
  {
    const addresses = await call('GET /v1/whitelisted-addresses', {
      as: ADMIN,
      url: '/v1/whitelisted-addresses?currency=BTC',
      record: false,
    });
    await call('POST /v1/withdrawals/crypto', {
      as: ADMIN,
      headers: money(),
      body: {
        businessId,
        currency: 'BTC',
        network: 'MAIN',
        amount: '0.01',
        whitelistedAddressId: first(addresses).id,
      },
    });
  }
  await call('POST /v1/payment/deposits/fiat', {
    as: ADMIN,
    headers: money(),
    body: { businessId, currency: 'EUR', expectedAmount: '2500.00', reference: 'Top-up March' },
  });
  {
    const accounts = await call('GET /v1/bank-accounts', {
      as: ADMIN,
      url: '/v1/bank-accounts?accountCurrency=EUR',
      record: false,
    });
    await call('POST /v1/payment/withdrawals/fiat', {
      as: ADMIN,
      headers: money(),
      body: {
        businessId,
        bankAccountId: first(accounts).id,
        currency: 'EUR',
        amount: '150.00',
        reference: 'Payout February',
      },
    });
  }
  {
    const businesses = await call('GET /v1/businesses', { as: ADMIN, url: '/v1/businesses', record: false });
    const other = rows(businesses).find((b) => b.id !== businessId);
    await call('POST /v1/payment/internal-transfers', {
      as: ADMIN,
      headers: money(),
      body: { fromBusinessId: businessId, toBusinessId: other.id, currency: 'EUR', amount: '25.00' },
    });
  }
  {
    const quote = {
      businessId,
      amountCurrencyType: 'DEBIT',
      debitCurrency: 'EUR',
      creditCurrency: 'USD',
      amount: '100',
    };
    await call('GET /v1/payment/balance/convert/indicative', {
      as: ADMIN,
      url: `/v1/payment/balance/convert/indicative?${new URLSearchParams(quote)}`,
    });
    const created = await call('POST /v1/payment/balance/convert', {
      as: ADMIN,
      headers: money(),
      body: quote,
    });
    await call('PATCH /v1/payment/balance/convert/{id}', {
      as: ADMIN,
      url: `/v1/payment/balance/convert/${idOf(created)}`,
      headers: money(),
      body: {},
    });
  }
  {
    await call('GET /v1/withdrawals/approval-thresholds', { as: ADMIN });
    await call('PUT /v1/withdrawals/approval-thresholds/{currency}', {
      as: ADMIN,
      url: '/v1/withdrawals/approval-thresholds/BTC',
      body: { threshold: '0.5' },
    });
    const pending = await call('GET /v1/withdrawals/approvals', {
      as: MANAGER,
      url: '/v1/withdrawals/approvals?status=AWAITING_APPROVAL',
    });
    const [one, two] = rows(pending);
    await call('POST /v1/withdrawals/crypto/{id}/approve', {
      as: MANAGER,
      url: `/v1/withdrawals/crypto/${one.id}/approve`,
      headers: money(),
      body: { reason: 'Matches the payout schedule' },
    });
    await call('POST /v1/withdrawals/crypto/{id}/reject', {
      as: MANAGER,
      url: `/v1/withdrawals/crypto/${two.id}/reject`,
      headers: money(),
      body: { reason: 'Destination not confirmed by the merchant' },
    });
    // --- Record pages: the withdrawal just approved (its approval on its timeline), and one of each
    // other kind of the demo data (a payment with a deposit, and that deposit).
    await call('GET /v1/records/crypto-withdrawals/{id}', {
      as: ADMIN,
      url: `/v1/records/crypto-withdrawals/${one.id}`,
    });
    const payments = await call('GET /v1/payments', {
      as: ADMIN,
      url: '/v1/payments?status=PAID&limit=1',
      record: false,
    });
    const paid = first(payments);
    await call('GET /v1/records/payments/{id}', { as: ADMIN, url: `/v1/records/payments/${paid.id}` });
    await call('GET /v1/records/payment-deposits/{id}', {
      as: ADMIN,
      url: `/v1/records/payment-deposits/${paid.deposits[0].id}`,
    });
    for (const [kind, path] of [
      ['fiat-deposits', '/v1/payment/deposits/fiat'],
      ['whitelabel-fiat-deposits', '/v1/payment/whitelabel-fiat-deposits'],
      ['settlements', '/v1/payment/withdrawals/fiat'],
      ['internal-transfers', '/v1/payment/internal-transfers'],
      ['unassociated-deposits', '/v1/payment/deposits/unassociated'],
      ['manual-movements', '/v1/payment/manual-movements'],
      ['balance-conversions', '/v1/payment/balance/convert'],
    ]) {
      const row = first(await call(`GET ${path}`, { as: ADMIN, url: `${path}?limit=1`, record: false }));
      await call(`GET /v1/records/${kind}/{id}`, { as: ADMIN, url: `/v1/records/${kind}/${row.id}` });
    }
  }

  // --- Two-factor and password last: they end the caller's sessions
  {
    const user = 'backoffice@example.com';
    const state = await call('GET /v1/users/two-fa', { as: user });
    const secret = state.json.secret;
    hide(secret, 'JBSWY3DPEHPK3PXP');
    clock += 30_000;
    await call('PATCH /v1/users/two-fa', {
      as: user,
      body: { enabled: true, code: totpCode(secret, clock) },
    });
    // The code as the placeholder secret gives it at that moment (the real one was random).
    examples['PATCH /v1/users/two-fa'].request.code = totpCode('JBSWY3DPEHPK3PXP', clock);
    await call('PATCH /v1/users/password', {
      as: 'manager@example.com',
      body: { oldPassword: DEMO_PASSWORD, newPassword: 'Demo-pass-2' },
    });
  }
} finally {
  await app.close();
  await db.close();
}

/** Cuts lists to ROWS rows and replaces every secret by its placeholder. */
function tidy(value) {
  if (Array.isArray(value)) {
    const cut =
      value.length > ROWS && value.every((v) => v && typeof v === 'object') ? value.slice(0, ROWS) : value;
    return cut.map(tidy);
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, tidy(v)]));
  }
  if (typeof value === 'string') {
    let text = value;
    for (const [secret, placeholder] of secrets)
      if (secret.length >= 8) text = text.split(secret).join(placeholder);
    return text;
  }
  return value;
}

// Webhook ids are random (a callback's, in the callbacks' and the records' answers): a fixed one each, in
// the order the sorted operations show them, so that a re-run changes nothing.
let webhooks = 0;
for (const key of Object.keys(examples).sort())
  for (const [id] of JSON.stringify(examples[key]).matchAll(/msg_[A-Za-z0-9]{10,60}/g))
    if (!secrets.has(id)) hide(id, `msg_ExampleWebhookId${String(++webhooks).padStart(6, '0')}`);

const sorted = Object.fromEntries(
  Object.keys(examples)
    .sort()
    .map((key) => [key, tidy(examples[key])]),
);
// Written as Prettier writes it, so that `prettier --check` passes on a regenerated file.
const options = (await prettier.resolveConfig(out)) ?? {};
writeFileSync(out, await prettier.format(JSON.stringify(sorted), { ...options, filepath: out }));
console.log(`${Object.keys(sorted).length} operations → ${out}`);
