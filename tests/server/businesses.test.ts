/** /v1/businesses: list, one, create, update (docs/product.md#entities-and-their-fields, #states-and-transitions, #validation-rules-and-messages and #calls). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Business, BusinessPayload } from '../../src/domain/business';
import { ERROR_TEXTS } from '../../src/domain/errors';
import { AURORA, BUSINESSES, DEMO_ACCOUNTS, HIDDEN_BUSINESS } from '../../server/db/seed';
import { makeApp, twoFaCodeAt, type TestApp, demoMay } from './helpers';

let t: TestApp;
const tokens = new Map<string, string>();

beforeAll(async () => {
  t = await makeApp();
  for (const account of DEMO_ACCOUNTS) {
    const code = account.totpSecret ? { twoFaCode: twoFaCodeAt(t.clock.now()) } : {};
    tokens.set(account.email, await t.token(account.email, code));
  }
});
afterAll(() => t.close());

const ADMIN = 'admin@example.com';
const MANAGER = 'manager@example.com';
const SUPPORT = 'support@example.com';

/** Whether a demo account's role (in Aurora, where every demo account is) has a permission. */
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, email: string, payload?: object) =>
  t.app.inject({ method, url, headers: t.auth(tokens.get(email)!), ...(payload ? { payload } : {}) });

let names = 0;
/** A valid new business of Aurora with a name no other test uses. */
const newBusiness = (change: Partial<BusinessPayload> = {}): BusinessPayload => ({
  businessName: `Test Shop ${++names}`,
  supportedDisplayCurrencies: ['EUR', 'USD'],
  supportedDepositCurrenciesWithNetworks: { BTC: ['MAIN'], USDT: ['ETH', 'TRX'] },
  depositReceivedCallbackUrl: 'https://shop.example/deposit',
  overpaymentPolicy: 'PROCESS',
  refundFollowUpDepositsForOneTimePayments: false,
  blockchainFeePaidBy: 'USER',
  stableCryptoCurrencyDepegThreshold: null,
  userServiceFeeDistributionPercentage: 0.01,
  ...change,
});

const row = async (id: number) =>
  (await t.db.query('SELECT to_jsonb(b) AS row FROM businesses b WHERE id = $1', [id])).rows[0];
const count = async () =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM businesses')).rows[0].n;

/** A new business as the API reads it (its creation's answer also shows its callback secret, once). */
async function created(change: Partial<BusinessPayload> = {}): Promise<Business> {
  const response = await call('POST', '/v1/businesses', MANAGER, newBusiness(change));
  expect(response.statusCode, response.body).toBe(201);
  const { callbackSecret, ...business } = response.json();
  expect(callbackSecret).toEqual({
    secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/),
    createdAt: business.createdAt,
    previousRetiresAt: null,
  });
  return business;
}

const auroraBusinesses = BUSINESSES.filter((b) => b.organisationId === AURORA);

describe('permissions of every route × the seven demo accounts', () => {
  it.each(DEMO_ACCOUNTS.map((a) => a.email))('%s', async (email) => {
    const reads = demoMay(email, 'GET_BUSINESSES') ? 200 : 403;
    expect((await call('GET', '/v1/businesses', email)).statusCode).toBe(reads);
    expect((await call('GET', '/v1/businesses/1', email)).statusCode).toBe(reads);

    const before = await count();
    const post = await call('POST', '/v1/businesses', email, newBusiness());
    expect(post.statusCode).toBe(demoMay(email, 'CREATE_BUSINESS') ? 201 : 403);
    expect(await count()).toBe(before + (post.statusCode === 201 ? 1 : 0));

    const target = await created();
    const patch = await call('PATCH', '/v1/businesses', email, { id: target.id, ...newBusiness() });
    expect(patch.statusCode).toBe(demoMay(email, 'UPDATE_BUSINESS') ? 200 : 403);
    if (patch.statusCode === 403) {
      expect(patch.json()).toEqual({ message: ERROR_TEXTS.forbidden });
      expect((await call('GET', `/v1/businesses/${target.id}`, ADMIN)).json()).toEqual(target);
    }
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/businesses' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'PATCH', url: '/v1/businesses', payload: { id: 1, ...newBusiness() } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('another organisation and the hidden business', () => {
  it("answers 404 for another organisation's business, by id and by PATCH, changing nothing", async () => {
    const foreign = BUSINESSES.find((b) => b.organisationId !== AURORA)!.id;
    expect((await call('GET', `/v1/businesses/${foreign}`, ADMIN)).statusCode).toBe(404);
    const before = await row(foreign);
    const patch = await call('PATCH', '/v1/businesses', ADMIN, { id: foreign, ...newBusiness() });
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toEqual({ message: ERROR_TEXTS.notFound });
    expect(await row(foreign)).toEqual(before);
    const ids = ((await call('GET', '/v1/businesses?limit=100', ADMIN)).json().businesses as Business[]).map(
      (b) => b.id,
    );
    expect(ids).not.toContain(foreign);
  });

  it.each([MANAGER, SUPPORT])('hides the hidden business from %s (lists, by id, PATCH)', async (email) => {
    const list = (await call('GET', '/v1/businesses?limit=100', email)).json();
    expect((list.businesses as Business[]).map((b) => b.id)).not.toContain(HIDDEN_BUSINESS);
    expect((await call('GET', `/v1/businesses/${HIDDEN_BUSINESS}`, email)).statusCode).toBe(404);
    const total = (await call('GET', '/v1/businesses?limit=1', email)).json().total;
    expect(total).toBe(list.total);
    if (demoMay(email, 'UPDATE_BUSINESS')) {
      const before = await row(HIDDEN_BUSINESS);
      const patch = await call('PATCH', '/v1/businesses', email, { id: HIDDEN_BUSINESS, ...newBusiness() });
      expect(patch.statusCode).toBe(404);
      expect(await row(HIDDEN_BUSINESS)).toEqual(before);
    }
  });

  it('shows the hidden business to ADMIN', async () => {
    const list = (await call('GET', '/v1/businesses?limit=100', ADMIN)).json();
    expect((list.businesses as Business[]).map((b) => b.id)).toEqual(
      expect.arrayContaining(auroraBusinesses.map((b) => b.id)),
    );
    const one = await call('GET', `/v1/businesses/${HIDDEN_BUSINESS}`, ADMIN);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: HIDDEN_BUSINESS, businessName: 'Aurora Treasury' });
  });
});

describe('creating a business', () => {
  it('answers the business, its settlement currency from the organisation', async () => {
    const payload = newBusiness({ businessName: '  Spaced Name 1  ' });
    const business = await created(payload);
    expect(business).toEqual({
      id: expect.any(Number),
      businessName: 'Spaced Name 1',
      settlementCurrency: 'EUR',
      supportedDisplayCurrencies: ['EUR', 'USD'],
      supportedDepositCurrenciesWithNetworks: { BTC: ['MAIN'], USDT: ['ETH', 'TRX'] },
      supportedDepositCurrencies: ['BTC', 'USDT'],
      depositReceivedCallbackUrl: 'https://shop.example/deposit',
      withdrawalCallbackUrl: null,
      withdrawalApprovalCallbackUrl: null,
      overpaymentPolicy: 'PROCESS',
      refundFollowUpDepositsForOneTimePayments: false,
      blockchainFeePaidBy: 'USER',
      stableCryptoCurrencyDepegThreshold: null,
      userServiceFeeDistributionPercentage: 0.01,
      createdAt: new Date(t.clock.now()).toISOString(),
      updatedAt: new Date(t.clock.now()).toISOString(),
    });
    expect((await call('GET', `/v1/businesses/${business.id}`, SUPPORT)).json()).toEqual(business);
  });

  it.each`
    change                                                                                  | field                                         | message
    ${{ businessName: '' }}                                                                 | ${'businessName'}                             | ${'Business name is required'}
    ${{ businessName: 'Shop <script>' }}                                                    | ${'businessName'}                             | ${'Name should only contain letters,numbers and spaces'}
    ${{ businessName: 'x'.repeat(500) }}                                                    | ${'businessName'}                             | ${'Name should only contain letters,numbers and spaces'}
    ${{ withdrawalCallbackUrl: 'not a url' }}                                               | ${'withdrawalCallbackUrl'}                    | ${'Invalid URL format'}
    ${{ withdrawalApprovalCallbackUrl: `https://a.example/${'p'.repeat(2100)}` }}           | ${'withdrawalApprovalCallbackUrl'}            | ${'Invalid URL format'}
    ${{ supportedDisplayCurrencies: [] }}                                                   | ${'supportedDisplayCurrencies'}               | ${'Select at least one display currency'}
    ${{ supportedDisplayCurrencies: ['BTC'] }}                                              | ${'supportedDisplayCurrencies'}               | ${'Display currencies must be fiat currencies'}
    ${{ supportedDepositCurrenciesWithNetworks: {} }}                                       | ${'supportedDepositCurrenciesWithNetworks'}   | ${'Select at least one deposit currency with a network'}
    ${{ supportedDepositCurrenciesWithNetworks: { XLM: ['MAIN'] } }}                        | ${'supportedDepositCurrenciesWithNetworks'}   | ${'Deposit currencies must be cryptocurrencies enabled for the organisation'}
    ${{ supportedDepositCurrenciesWithNetworks: { BTC: ['TRX'] } }}                         | ${'supportedDepositCurrenciesWithNetworks'}   | ${'Select only networks the currency supports'}
    ${{ stableCryptoCurrencyDepegThreshold: 0.2, userServiceFeeDistributionPercentage: 0 }} | ${'stableCryptoCurrencyDepegThreshold'}       | ${'The depeg threshold must be above 0 % and at most 10 %'}
    ${{ userServiceFeeDistributionPercentage: 0.06 }}                                       | ${'userServiceFeeDistributionPercentage'}     | ${"The fee distribution must be between 0 % and the organisation's limit"}
    ${{ stableCryptoCurrencyDepegThreshold: 0.01 }}                                         | ${'userServiceFeeDistributionPercentage'}     | ${'1:1 rates and fee distribution cannot both be enabled'}
    ${{ overpaymentPolicy: 'EXCESS_REFUND' }}                                               | ${'refundFollowUpDepositsForOneTimePayments'} | ${'Refunding overpayments requires refunding follow-up deposits'}
    ${{ overpaymentPolicy: 'SOMETIMES' }}                                                   | ${'overpaymentPolicy'}                        | ${'must be one of: PROCESS, EXCESS_REFUND'}
    ${{ surprise: true }}                                                                   | ${'surprise'}                                 | ${'is not a known field'}
  `('refuses $field: $message, saving nothing', async ({ change, field, message }) => {
    const before = await count();
    const response = await call('POST', '/v1/businesses', MANAGER, newBusiness(change));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ [field]: message });
    expect(await count()).toBe(before);
  });

  it('reports every broken field at once', async () => {
    const response = await call(
      'POST',
      '/v1/businesses',
      MANAGER,
      newBusiness({
        businessName: 'Bad!',
        supportedDisplayCurrencies: [],
        overpaymentPolicy: 'EXCESS_REFUND',
      }),
    );
    expect(Object.keys(response.json().errors).sort()).toEqual([
      'businessName',
      'refundFollowUpDepositsForOneTimePayments',
      'supportedDisplayCurrencies',
    ]);
  });

  it('refuses a name the organisation has already, ignoring case (the hidden business too, for ADMIN)', async () => {
    // A non-ADMIN is never told the hidden business's name exists (tests/server/strictInput.test.ts).
    for (const [name, email] of [
      ['northwind COFFEE', MANAGER],
      ['Aurora Treasury', ADMIN],
    ]) {
      const before = await count();
      const response = await call('POST', '/v1/businesses', email, newBusiness({ businessName: name }));
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ businessName: 'A business with this name already exists' });
      expect(await count()).toBe(before);
    }
  });

  it('of two at once with one name, makes one and refuses the other', async () => {
    const payload = newBusiness();
    const before = await count();
    const answers = await Promise.all([
      call('POST', '/v1/businesses', MANAGER, payload),
      call('POST', '/v1/businesses', ADMIN, payload),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    expect(answers.find((a) => a.statusCode === 400)!.json().errors).toEqual({
      businessName: 'A business with this name already exists',
    });
    expect(await count()).toBe(before + 1);
  });
});

describe('updating a business', () => {
  it('replaces its fields, keeps its settlement currency and creation time, and clears omitted URLs', async () => {
    const business = await created({ withdrawalCallbackUrl: 'ftp://files.example/in' });
    t.clock.advance(60_000);
    const { depositReceivedCallbackUrl: _, ...change } = newBusiness({
      businessName: 'Renamed Shop',
      supportedDisplayCurrencies: ['GBP'],
      supportedDepositCurrenciesWithNetworks: { ETH: ['ETH'] },
      overpaymentPolicy: 'EXCESS_REFUND',
      refundFollowUpDepositsForOneTimePayments: true,
      blockchainFeePaidBy: 'MERCHANT',
      stableCryptoCurrencyDepegThreshold: 0.015,
      userServiceFeeDistributionPercentage: 0,
    });
    const response = await call('PATCH', '/v1/businesses', MANAGER, { id: business.id, ...change });
    expect(response.statusCode, response.body).toBe(200);
    const updated = {
      ...business,
      businessName: 'Renamed Shop',
      supportedDisplayCurrencies: ['GBP'],
      supportedDepositCurrenciesWithNetworks: { ETH: ['ETH'] },
      supportedDepositCurrencies: ['ETH'],
      depositReceivedCallbackUrl: null,
      withdrawalCallbackUrl: null,
      overpaymentPolicy: 'EXCESS_REFUND',
      refundFollowUpDepositsForOneTimePayments: true,
      blockchainFeePaidBy: 'MERCHANT',
      stableCryptoCurrencyDepegThreshold: 0.015,
      userServiceFeeDistributionPercentage: 0,
      updatedAt: new Date(t.clock.now()).toISOString(),
    };
    expect(response.json()).toEqual(updated);
    expect((await call('GET', `/v1/businesses/${business.id}`, MANAGER)).json()).toEqual(updated);
  });

  it('keeps its own name (any case) and refuses another business’s, changing nothing', async () => {
    const business = await created();
    const same = await call('PATCH', '/v1/businesses', MANAGER, {
      id: business.id,
      ...newBusiness({ businessName: business.businessName.toUpperCase() }),
    });
    expect(same.statusCode).toBe(200);
    const before = await row(business.id);
    const taken = await call('PATCH', '/v1/businesses', MANAGER, {
      id: business.id,
      ...newBusiness({ businessName: 'Lumen Games' }),
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual({ businessName: 'A business with this name already exists' });
    expect(await row(business.id)).toEqual(before);
  });

  it('refuses an invalid update with field messages, changing nothing', async () => {
    const business = await created();
    const before = await row(business.id);
    const response = await call('PATCH', '/v1/businesses', MANAGER, {
      id: business.id,
      ...newBusiness({
        supportedDepositCurrenciesWithNetworks: { BTC: [] },
        withdrawalCallbackUrl: 'mailto:x',
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      supportedDepositCurrenciesWithNetworks: 'Select at least one deposit currency with a network',
      withdrawalCallbackUrl: 'Invalid URL format',
    });
    expect(await row(business.id)).toEqual(before);
  });

  it('applies two updates at once one after the other: the row is one of them, whole', async () => {
    const business = await created();
    const first = newBusiness({ supportedDisplayCurrencies: ['EUR'], blockchainFeePaidBy: 'USER' });
    const second = newBusiness({ supportedDisplayCurrencies: ['USD'], blockchainFeePaidBy: 'MERCHANT' });
    const answers = await Promise.all(
      [first, second].map((p) => call('PATCH', '/v1/businesses', MANAGER, { id: business.id, ...p })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const final = (await call('GET', `/v1/businesses/${business.id}`, MANAGER)).json() as Business;
    const winner = [first, second].find((p) => p.businessName === final.businessName)!;
    expect(final).toMatchObject({
      supportedDisplayCurrencies: winner.supportedDisplayCurrencies,
      blockchainFeePaidBy: winner.blockchainFeePaidBy,
    });
  });
});

describe('the list', () => {
  it('pages without gaps or repeats, oldest first by default', async () => {
    const all = (await call('GET', '/v1/businesses?limit=100', MANAGER)).json();
    const seen: Business[] = [];
    for (let offset = 0; offset < all.total; offset += 3) {
      const page = (await call('GET', `/v1/businesses?limit=3&offset=${offset}`, MANAGER)).json();
      expect(page.total).toBe(all.total);
      seen.push(...page.businesses);
    }
    expect(seen.map((b) => b.id)).toEqual((all.businesses as Business[]).map((b) => b.id));
    const created = seen.map((b) => b.createdAt);
    expect(created).toEqual([...created].sort());
  });

  it('searches the name (q) and sorts by name', async () => {
    const found = (await call('GET', '/v1/businesses?q=COFFEE', MANAGER)).json();
    expect(found.total).toBeGreaterThanOrEqual(1);
    for (const b of found.businesses as Business[]) expect(b.businessName.toLowerCase()).toContain('coffee');
    expect((await call('GET', '/v1/businesses?q=Treasury', MANAGER)).json().total).toBe(0);
    expect((await call('GET', '/v1/businesses?q=Treasury', ADMIN)).json().total).toBe(1);

    for (const order of ['asc', 'desc'] as const) {
      const names = (
        (await call('GET', `/v1/businesses?limit=100&sortBy=name&order=${order}`, MANAGER)).json()
          .businesses as Business[]
      ).map((b) => b.businessName.toLowerCase());
      const sorted = [...names].sort();
      expect(names).toEqual(order === 'asc' ? sorted : sorted.reverse());
    }
    expect((await call('GET', '/v1/businesses?sortBy=settlementCurrency', MANAGER)).statusCode).toBe(400);
  });
});
