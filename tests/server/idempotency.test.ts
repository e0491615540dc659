/**
 * `config.idempotent` (server/http/idempotency.ts, migration 0037), proved on a route of this file's own
 * (no money movement route exists yet) that posts a ledger entry and writes its audit row: the key is
 * required and a UUID, a retry answers the stored answer without a second entry (also when the two
 * arrive at once, and on PostgreSQL on two app instances over one database), another request under the
 * key is 422, keys are the organisation's and kept 24 hours, and a refused request leaves nothing.
 * A key is its principal's (a user, an API key): another one's is 422 without the stored answer; the
 * 2FA code is spent with the key's claim, so a refused request leaves it usable and a retry answered
 * from the stored answer may carry the code that made the change (docs/decisions.md 224).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requires } from '../../server/auth/access';
import { scopeOf } from '../../server/auth/scope';
import { audit } from '../../server/audit';
import type { Db } from '../../server/db/client';
import { ApiError } from '../../server/http/errors';
import { dbOf, IDEMPOTENCY_TTL_MS, REPLAYED_HEADER } from '../../server/http/idempotency';
import { postEntry } from '../../server/ledger';
import { apiModules } from '../../server/modules/registry';
import { BOREALIS } from '../../server/db/seed';
import { IDEMPOTENCY_HEADER, TWO_FA_HEADER } from '../../src/domain/api';
import {
  anotherInstanceDb,
  makeApp,
  makeClock,
  makeDb,
  nextTwoFaCode,
  twoFaCodeAt,
  type TestApp,
} from './helpers';

/** Gates of the handler, by request marker: the test opens them when it wants the handler to finish. */
const gates = new Map<string, { entered: () => void; release: Promise<void> }>();

/** The header by which a request of this file stands for an API-key caller (see the route's preHandler). */
const AS_API_KEY = 'x-test-as-api-key';

/** POST /v1/idempotency-test/deposits: credits a business from outside (one ledger entry), idempotent. */
const depositsModule: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/deposits',
    {
      // No idempotent route takes an API key yet (config.apiKey is for GETs): a request carrying
      // AS_API_KEY (an API key's id) is that key's, as server/auth/apiKeys.ts would make it.
      preHandler: async (request) => {
        const keyId = request.headers[AS_API_KEY];
        if (typeof keyId === 'string')
          request.auth = { ...request.auth, apiKey: { id: keyId, name: 'Test key', businessId: shop } };
      },
      config: {
        access: requires('CREATE_INTERNAL_TRANSFER'),
        tenancy: { kind: 'global', reason: 'a test route: the business is checked by the ledger' },
        idempotent: true,
        twoFactor: true,
        audit: 'ledger-entry',
      },
      schema: {
        body: Type.Object(
          {
            businessId: Type.Integer({ minimum: 1 }),
            currency: Type.String({ minLength: 3, maxLength: 10 }),
            amount: Type.String({ pattern: '^[0-9]+(\\.[0-9]+)?$' }),
            /** 'refuse': answers 409 after posting; 'throw': throws after posting; 'gate:<marker>'. */
            then: Type.Optional(Type.String({ maxLength: 100 })),
          },
          { additionalProperties: false },
        ),
        response: {
          201: Type.Object({ entryId: Type.Integer(), reference: Type.String(), amount: Type.String() }),
          409: Type.Object({ message: Type.String() }),
        },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const { businessId, currency, amount, then } = request.body;
      const reference = `idempotency-test:${randomUUID()}`;
      const { entryId } = await dbOf(request).transaction(async (tx) => {
        const posted = await postEntry(tx, scope, {
          kind: 'manual',
          reference,
          at: new Date(request.server.ctx.now()),
          postings: [
            { account: { kind: 'external', currency }, amount: `-${amount}` },
            { account: { kind: 'business', businessId, currency }, amount },
          ],
        });
        await audit(tx, request, { action: 'create', entityType: 'ledger-entry', entityId: posted.entryId });
        return posted;
      });
      const gate = then?.startsWith('gate:') ? gates.get(then.slice(5)) : undefined;
      if (gate) {
        gate.entered();
        await gate.release;
      }
      if (then === 'refuse') return reply.code(409).send({ message: 'Refused after posting.' });
      if (then === 'throw') throw new ApiError(503, { message: 'Failed after posting.' });
      reply.code(201);
      return { entryId, reference, amount };
    },
  );
};

const modules = [...apiModules, { plugin: depositsModule, prefix: '/v1/idempotency-test' }];

let db: Db;
let t: TestApp;
let admin: string;
let manager: string;
let shop: number;
let apiKeyId: string;

beforeAll(async () => {
  db = await makeDb();
  t = await makeApp({}, { db, modules });
  admin = await t.token('admin@example.com');
  manager = await t.token('manager@example.com');
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO businesses (organisation_id, name, settlement_currency, supported_display_currencies,
       deposit_currencies, overpayment_policy, blockchain_fee_paid_by, created_at, updated_at)
     VALUES (1, 'Idempotency Shop', 'EUR', '{EUR}', '{"BTC": ["MAIN"]}', 'PROCESS', 'USER', now(), now())
     RETURNING id`,
  );
  shop = rows[0].id;
  apiKeyId = (await db.query<{ id: string }>('SELECT id FROM api_keys WHERE organisation_id = 1 LIMIT 1'))
    .rows[0].id;
});
afterAll(async () => {
  await t.close();
  await db.close();
});

const URL = '/v1/idempotency-test/deposits';

function deposit(
  body: Record<string, unknown>,
  key: string | undefined,
  options: { token?: string; app?: TestApp; headers?: Record<string, string> } = {},
) {
  const on = options.app ?? t;
  return on.app.inject({
    method: 'POST',
    url: URL,
    headers: {
      ...on.auth(options.token ?? manager),
      ...(key === undefined ? {} : { [IDEMPOTENCY_HEADER]: key }),
      ...options.headers,
    },
    payload: body,
  });
}

const body = (amount: string, extra: Record<string, unknown> = {}) => ({
  businessId: shop,
  currency: 'EUR',
  amount,
  ...extra,
});

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await db.query<{ n: number | string }>(sql, params);
  return Number(rows[0].n);
}
const entries = () =>
  count(`SELECT count(*) AS n FROM ledger_entries WHERE reference LIKE 'idempotency-test:%'`);
const keys = () => count('SELECT count(*) AS n FROM idempotency_keys');
const auditRows = () => count(`SELECT count(*) AS n FROM audit_log WHERE entity_type = 'ledger-entry'`);
async function balance(): Promise<string | undefined> {
  const { rows } = await db.query<{ balance: string }>(
    `SELECT balance::text AS balance FROM ledger_accounts WHERE kind = 'business' AND business_id = $1 AND currency = 'EUR'`,
    [shop],
  );
  return rows[0]?.balance;
}

/** Resolves once `check` holds (checked every few milliseconds), failing after `tries`. */
async function until(check: () => Promise<boolean>, tries = 2000): Promise<void> {
  for (let i = 0; i < tries; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('condition never held');
}

describe('config.idempotent', { timeout: 15_000 }, () => {
  it('needs an Idempotency-Key that is a UUID: 400 otherwise, nothing posted', async () => {
    const before = await entries();
    for (const key of [undefined, '', 'not-a-uuid', `${randomUUID()}x`]) {
      const response = await deposit(body('1'), key);
      expect(response.statusCode, String(key)).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'An Idempotency-Key header (a UUID) is required.',
        errors: { [IDEMPOTENCY_HEADER]: key ? 'must be a UUID' : 'is required' },
      });
    }
    expect(await entries()).toBe(before);
  });

  it('answers a retry with the stored status and body, without a second entry', async () => {
    const key = randomUUID();
    const [entriesBefore, auditBefore] = [await entries(), await auditRows()];
    const first = await deposit(body('10'), key);
    expect(first.statusCode).toBe(201);
    expect(first.headers[REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    // The same request, its fields in another order and the key in capitals: the same answer.
    const again = await deposit({ amount: '10', currency: 'EUR', businessId: shop }, key.toUpperCase());
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers[REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(await entries()).toBe(entriesBefore + 1);
    expect(await auditRows()).toBe(auditBefore + 1);
    expect(await balance()).toBe('10.000000000000000000');
  });

  it('is 422 for the same key with another body, and posts nothing', async () => {
    const key = randomUUID();
    expect((await deposit(body('1'), key)).statusCode).toBe(201);
    const before = await entries();
    const other = await deposit(body('2'), key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      message: 'This Idempotency-Key was already used with another request.',
    });
    expect(await entries()).toBe(before);
  });

  it('runs two requests with one key arriving at once once: both get the first answer', async () => {
    const key = randomUUID();
    const before = await entries();
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    gates.set('concurrent', { entered, release: new Promise<void>((resolve) => (release = resolve)) });
    const request = body('3', { then: 'gate:concurrent' });
    const first = deposit(request, key);
    await inside; // the first holds its claim (and has posted its entry, uncommitted)
    const second = deposit(request, key);
    if (process.env.TEST_DATABASE_URL) {
      // On PostgreSQL the second waits on the first one's claim.
      await until(
        async () =>
          (await count(
            `SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'INSERT INTO idempotency_keys%'`,
          )) > 0,
      );
    }
    release();
    const [a, b] = await Promise.all([first, second]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json()).toEqual(a.json());
    expect(await entries()).toBe(before + 1);
  });

  it('leaves nothing when the request is refused: no entry, no audit row, no stored key', async () => {
    const [entriesBefore, auditBefore, keysBefore] = [await entries(), await auditRows(), await keys()];
    const key = randomUUID();
    const refused = await deposit(body('4', { then: 'refuse' }), key);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'Refused after posting.' });
    const failed = await deposit(body('4', { then: 'throw' }), randomUUID());
    expect(failed.statusCode).toBe(503);
    expect(await entries()).toBe(entriesBefore);
    expect(await auditRows()).toBe(auditBefore);
    expect(await keys()).toBe(keysBefore);
    // The key is free: the retry runs afresh.
    const retry = await deposit(body('4', { then: 'refuse' }), key);
    expect(retry.statusCode).toBe(409);
    expect(retry.headers[REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
  });

  it('checks the 2FA code on every request; a retry with a new code answers the stored answer', async () => {
    const twofa = await t.token('twofa@example.com', { twoFaCode: twoFaCodeAt(t.clock.now()) });
    const key = randomUUID();
    const before = await entries();
    t.clock.advance(30_000);
    const code = (steps: number) => ({ [TWO_FA_HEADER]: twoFaCodeAt(t.clock.now(), steps) });
    const refused = await deposit(body('5'), key, { token: twofa, headers: { [TWO_FA_HEADER]: '000000' } });
    expect(refused.statusCode).toBe(401);
    const first = await deposit(body('5'), key, { token: twofa, headers: code(0) });
    expect(first.statusCode).toBe(201);
    t.clock.advance(30_000);
    const retry = await deposit(body('5'), key, { token: twofa, headers: code(0) });
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await entries()).toBe(before + 1);
  });

  it("keeps keys per organisation: another organisation's request under the key is its own", async () => {
    const key = randomUUID();
    expect((await deposit(body('6'), key, { token: admin })).statusCode).toBe(201);
    const sw = await t.app.inject({
      method: 'POST',
      url: `/v1/auth/login/${BOREALIS}`,
      headers: t.auth(await t.token('admin@example.com')),
    });
    expect(sw.statusCode).toBe(200);
    const borealis = String(sw.headers['x-identity-token']);
    // The same key and body in Borealis: not a replay of Aurora's answer (the shop is not Borealis's).
    const there = await deposit(body('6'), key, { token: borealis });
    expect(there.headers[REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    expect(there.statusCode).not.toBe(201);
  });

  it("is 422 for another user's key with the same request, without the stored answer", async () => {
    const key = randomUUID();
    const first = await deposit(body('11'), key, { token: admin });
    expect(first.statusCode).toBe(201);
    const before = [await entries(), await keys()];
    const other = await deposit(body('11'), key, { token: manager });
    expect(other.statusCode).toBe(422);
    expect(other.headers[REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    expect(other.json()).toEqual({
      message: 'This Idempotency-Key was already used with another request.',
      errors: { [IDEMPOTENCY_HEADER]: 'was used with another request' },
    });
    expect(other.body).not.toContain(String(first.json().reference));
    expect([await entries(), await keys()]).toEqual(before);
    // The key's own user still gets its answer.
    const mine = await deposit(body('11'), key, { token: admin });
    expect(mine.statusCode).toBe(201);
    expect(mine.json()).toEqual(first.json());
  });

  it("keeps an API key's keys from its organisation's users, and theirs from it", async () => {
    const asKey = { headers: { [AS_API_KEY]: apiKeyId } };
    const keyed = randomUUID();
    const first = await deposit(body('12'), keyed, asKey);
    expect(first.statusCode).toBe(201);
    const user = await deposit(body('12'), keyed, { token: manager });
    expect(user.statusCode).toBe(422);
    expect(user.body).not.toContain(String(first.json().reference));
    const again = await deposit(body('12'), keyed, asKey);
    expect(again.headers[REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(again.json()).toEqual(first.json());

    const users = randomUUID();
    const mine = await deposit(body('13'), users, { token: manager });
    expect(mine.statusCode).toBe(201);
    const byKey = await deposit(body('13'), users, asKey);
    expect(byKey.statusCode).toBe(422);
    expect(byKey.body).not.toContain(String(mine.json().reference));
  });

  it('keeps the 2FA code of a refused request usable: the corrected request goes through with it', async () => {
    const twofa = await t.token('twofa@example.com', { twoFaCode: twoFaCodeAt(t.clock.now()) });
    t.clock.advance(30_000);
    const code = { [TWO_FA_HEADER]: twoFaCodeAt(t.clock.now()) };
    const before = await entries();
    const refused = await deposit(body('14', { then: 'refuse' }), randomUUID(), {
      token: twofa,
      headers: code,
    });
    expect(refused.statusCode).toBe(409);
    const failed = await deposit(body('14', { then: 'throw' }), randomUUID(), {
      token: twofa,
      headers: code,
    });
    expect(failed.statusCode).toBe(503);
    expect(await entries()).toBe(before);
    const key = randomUUID();
    const corrected = await deposit(body('14'), key, { token: twofa, headers: code });
    expect(corrected.statusCode, corrected.body).toBe(201);
    expect(await entries()).toBe(before + 1);
    // The answer was lost: the retry with the same key and the same (now spent) code gets it.
    const retry = await deposit(body('14'), key, { token: twofa, headers: code });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers[REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(retry.json()).toEqual(corrected.json());
    // The code is spent for anything else: another key is 401, nothing posted, the key left free.
    const keysBefore = await keys();
    const other = await deposit(body('14'), randomUUID(), { token: twofa, headers: code });
    expect(other.statusCode).toBe(401);
    expect(other.json()).toEqual({ message: 'Invalid or expired 2FA verification code.' });
    expect([await entries(), await keys()]).toEqual([before + 1, keysBefore]);
  });

  it('refuses an X-2FA-Code that is not 6 digits (400), with 2FA off as on, and posts nothing', async () => {
    const twofa = await t.token('twofa@example.com', { twoFaCode: nextTwoFaCode(t) });
    const before = await entries();
    for (const token of [manager, twofa]) {
      for (const code of ['12345', 'abcdef', '1234567']) {
        const response = await deposit(body('15'), randomUUID(), {
          token,
          headers: { [TWO_FA_HEADER]: code },
        });
        expect(response.statusCode, code).toBe(400);
        expect(response.json()).toEqual({
          message: 'Some fields are invalid.',
          errors: { [TWO_FA_HEADER]: '2FA must be 6 digits' },
        });
      }
    }
    expect(await entries()).toBe(before);
    // Without the header, 2FA off: no code needed.
    expect((await deposit(body('15'), randomUUID())).statusCode).toBe(201);
  });

  it('keeps a key 24 hours (the server clock): after them the key is new again', async () => {
    const key = randomUUID();
    const before = await entries();
    const first = await deposit(body('7'), key);
    t.clock.advance(IDEMPOTENCY_TTL_MS - 1000);
    // A session does not last a day: a new one, of the same organisation, retries.
    const later = await t.token('manager@example.com');
    const within = await deposit(body('7'), key, { token: later });
    expect(within.json()).toEqual(first.json());
    expect(await entries()).toBe(before + 1);
    t.clock.advance(2000);
    const after = await deposit(body('7'), key, { token: later });
    expect(after.statusCode).toBe(201);
    expect(after.json().entryId).not.toBe(first.json().entryId);
    expect(await entries()).toBe(before + 2);
    // Expired keys of any request are swept by later ones.
    expect(
      await count('SELECT count(*) AS n FROM idempotency_keys WHERE expires_at <= $1', [
        new Date(t.clock.now()),
      ]),
    ).toBe(0);
  });
});

describe('the API document', () => {
  it('names the Idempotency-Key header (required) and the 422 of an idempotent route', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    const operation = response.json().paths[URL].post;
    expect(operation.parameters).toContainEqual(
      expect.objectContaining({ name: IDEMPOTENCY_HEADER, in: 'header', required: true }),
    );
    expect(operation.responses['422']).toBeDefined();
  });
});

describe('two API instances on one PostgreSQL database', { timeout: 60_000 }, () => {
  it('replays a key on the other instance, also when the two requests arrive at once', async (context) => {
    const second = anotherInstanceDb(db);
    if (!second) return context.skip(); // PGlite: one process holds the database
    const other = await makeApp({}, { db: second, modules, clock: makeClock(t.clock.now()) });
    try {
      const otherManager = await other.token('manager@example.com');
      const here = await t.token('manager@example.com');
      const key = randomUUID();
      const before = await entries();
      const first = await deposit(body('8'), key, { token: here });
      const replay = await deposit(body('8'), key, { app: other, token: otherManager });
      expect(replay.statusCode).toBe(201);
      expect(replay.json()).toEqual(first.json());
      expect(replay.headers[REPLAYED_HEADER.toLowerCase()]).toBe('true');
      expect(await entries()).toBe(before + 1);

      // At once: the first holds its claim on this instance, the second arrives on the other.
      const racing = randomUUID();
      let entered!: () => void;
      const inside = new Promise<void>((resolve) => (entered = resolve));
      let release!: () => void;
      gates.set('instances', { entered, release: new Promise<void>((resolve) => (release = resolve)) });
      const request = body('9', { then: 'gate:instances' });
      const a = deposit(request, racing, { token: here });
      await inside;
      const b = deposit(request, racing, { app: other, token: otherManager });
      await until(
        async () =>
          (await count(
            `SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'INSERT INTO idempotency_keys%'`,
          )) > 0,
      );
      release();
      const [ra, rb] = await Promise.all([a, b]);
      expect([ra.statusCode, rb.statusCode]).toEqual([201, 201]);
      expect(rb.json()).toEqual(ra.json());
      expect(await entries()).toBe(before + 2);
    } finally {
      await other.close();
      await second.close();
    }
  });
});
