/**
 * The movements' shared tail (server/http/movement.ts, docs/decisions.md 202), proved on routes of this
 * file's own: `createMovement` commits the movement's row, its entry, its audit row and its
 * Idempotency-Key together; a refused `postEntry` (an overdraft, answered by the movement's `overdraft`)
 * or a failure after the posting leaves neither row nor entry nor audit row nor key; a retry under the
 * key answers the first answer. `changeMovement` runs the movement's lock and checks first, then audits
 * the decision with its before and after, and a refused decision leaves the row as it was.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requires } from '../../server/auth/access';
import { scopeOf } from '../../server/auth/scope';
import type { Db } from '../../server/db/client';
import { ApiError, notFound, validationError } from '../../server/http/errors';
import { changeMovement, createMovement } from '../../server/http/movement';
import { postEntry } from '../../server/ledger';
import { apiModules } from '../../server/modules/registry';
import { makeApp, makeDb, testScope, type TestApp } from './helpers';

const ENTITY = 'movement-test';
const AUDITED = ['fromBusinessId', 'toBusinessId', 'currency', 'amount', 'status'] as const;
const SHORT = 'Not enough on the source balance.';
const Transfer = Type.Object({
  id: Type.Integer(),
  fromBusinessId: Type.Integer(),
  toBusinessId: Type.Integer(),
  currency: Type.String(),
  amount: Type.String(),
  status: Type.String(),
});

/** A transfer between two businesses (an internal_transfers row and one entry), and its reversal. */
const movementTestModule: FastifyPluginAsyncTypebox = async (app) => {
  const route = {
    access: requires('CREATE_INTERNAL_TRANSFER'),
    tenancy: { kind: 'global' as const, reason: 'a test route: the businesses are the organisation 1 seed' },
    idempotent: true,
    audit: ENTITY,
  };
  const overdraft = () => validationError({ amount: SHORT }, SHORT);

  app.post(
    '/transfers',
    {
      config: route,
      schema: {
        body: Type.Object(
          {
            fromBusinessId: Type.Integer(),
            toBusinessId: Type.Integer(),
            currency: Type.String(),
            amount: Type.String(),
            /** 'after-post': fails once the row and the entry are written. */
            then: Type.Optional(Type.String()),
          },
          { additionalProperties: false },
        ),
        response: { 201: Type.Object({ transfer: Transfer }) },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const { fromBusinessId, toBusinessId, currency, amount, then } = request.body;
      const at = new Date(request.server.ctx.now());
      const transfer = await createMovement(request, {
        entityType: ENTITY,
        audited: AUDITED,
        overdraft,
        async write(tx, post) {
          const { rows } = await tx.query<{ id: number }>(
            `INSERT INTO internal_transfers
               (organisation_id, business_id, counterparty_business_id, currency, amount, status, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5::numeric, 'COMPLETED', $6, $6) RETURNING id`,
            [scope.organisationId, fromBusinessId, toBusinessId, currency, amount, at],
          );
          const id = Number(rows[0].id);
          const [entryId] = await post({
            kind: 'transfer',
            reference: `movement-test:${id}`,
            at,
            postings: [
              { account: { kind: 'business', businessId: fromBusinessId, currency }, amount: `-${amount}` },
              { account: { kind: 'business', businessId: toBusinessId, currency }, amount },
            ],
          });
          await tx.query('UPDATE internal_transfers SET ledger_entry_id = $2 WHERE id = $1', [id, entryId]);
          if (then === 'after-post') throw new ApiError(503, { message: 'Failed after posting.' });
          return { id, fromBusinessId, toBusinessId, currency, amount, status: 'COMPLETED' };
        },
      });
      return reply.code(201).send({ transfer });
    },
  );

  app.post(
    '/transfers/:id/reverse',
    {
      config: route,
      schema: {
        params: Type.Object({ id: Type.Integer() }),
        response: { 200: Type.Object({ transfer: Transfer }) },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const at = new Date(request.server.ctx.now());
      const transfer = await changeMovement(request, {
        action: 'reverse',
        entityType: ENTITY,
        audited: AUDITED,
        overdraft,
        async write(tx, post) {
          const { rows } = await tx.query<{
            id: number;
            business_id: number;
            counterparty_business_id: number;
            currency: string;
            amount: string;
            status: string;
          }>(
            `SELECT id, business_id, counterparty_business_id, currency, trim_scale(amount)::text AS amount, status
               FROM internal_transfers WHERE id = $1 AND organisation_id = $2 FOR UPDATE`,
            [request.params.id, scope.organisationId],
          );
          const row = rows[0];
          if (!row) throw notFound();
          if (row.status !== 'COMPLETED') throw new ApiError(409, { message: 'Reversed already.' });
          const view = (status: string) => ({
            id: Number(row.id),
            fromBusinessId: row.business_id,
            toBusinessId: row.counterparty_business_id,
            currency: row.currency,
            amount: row.amount,
            status,
          });
          const { business_id: from, counterparty_business_id: to, currency, amount } = row;
          await post({
            kind: 'transfer',
            reference: `movement-test-reversal:${row.id}`,
            at,
            postings: [
              { account: { kind: 'business', businessId: to, currency }, amount: `-${amount}` },
              { account: { kind: 'business', businessId: from, currency }, amount },
            ],
          });
          await tx.query(`UPDATE internal_transfers SET status = 'FAILED', updated_at = $2 WHERE id = $1`, [
            row.id,
            at,
          ]);
          return { before: view(row.status), after: view('FAILED') };
        },
      });
      return { transfer };
    },
  );
};

/**
 * A movement that deadlocks once for real (PostgreSQL): its first two runs each lock one business row,
 * meet, then lock the other's; PostgreSQL fails one of them with 40P01, whose movement runs again.
 */
const deadlock = { runs: 0, arrived: 0, meet: () => {} };
const bothHoldOne = new Promise<void>((resolve) => {
  deadlock.meet = resolve;
});
const deadlockTestModule: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/deadlock',
    {
      config: {
        access: requires('CREATE_INTERNAL_TRANSFER'),
        tenancy: {
          kind: 'global' as const,
          reason: 'a test route: the businesses are the organisation 1 seed',
        },
        idempotent: true,
        audit: ENTITY,
      },
      schema: {
        body: Type.Object({ first: Type.Integer(), second: Type.Integer() }, { additionalProperties: false }),
        response: { 201: Type.Object({ transfer: Transfer }) },
      },
    },
    async (request, reply) => {
      const { first, second } = request.body;
      const transfer = await createMovement(request, {
        entityType: ENTITY,
        audited: AUDITED,
        async write(tx) {
          deadlock.runs += 1;
          const run = deadlock.runs;
          await tx.query('SELECT id FROM businesses WHERE id = $1 FOR UPDATE', [first]);
          if (run <= 2) {
            deadlock.arrived += 1;
            if (deadlock.arrived === 2) deadlock.meet();
            await bothHoldOne;
          }
          await tx.query('SELECT id FROM businesses WHERE id = $1 FOR UPDATE', [second]);
          const view = { fromBusinessId: first, toBusinessId: second, currency: 'EUR', amount: '0' };
          return { id: run, ...view, status: 'COMPLETED' };
        },
      });
      return reply.code(201).send({ transfer });
    },
  );
};

/** A movement that posts its entries in two calls: refused, since it would lock its accounts twice. */
const twiceTestModule: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/twice',
    {
      config: {
        access: requires('CREATE_INTERNAL_TRANSFER'),
        tenancy: {
          kind: 'global' as const,
          reason: 'a test route: the businesses are the organisation 1 seed',
        },
        idempotent: true,
        audit: ENTITY,
      },
      schema: {
        body: Type.Object({ from: Type.Integer(), to: Type.Integer() }, { additionalProperties: false }),
        response: { 201: Type.Object({ transfer: Transfer }) },
      },
    },
    async (request, reply) => {
      const { from, to } = request.body;
      const at = new Date(request.server.ctx.now());
      const transfer = await createMovement(request, {
        entityType: ENTITY,
        audited: AUDITED,
        async write(_tx, post) {
          const leg = (n: number) => ({
            kind: 'transfer',
            reference: `movement-test-twice:${at.getTime()}:${n}`,
            at,
            postings: [
              { account: { kind: 'business' as const, businessId: from, currency: 'EUR' }, amount: '-1' },
              { account: { kind: 'business' as const, businessId: to, currency: 'EUR' }, amount: '1' },
            ],
          });
          await post(leg(1));
          await post(leg(2));
          const view = { fromBusinessId: from, toBusinessId: to, currency: 'EUR', amount: '2' };
          return { id: 0, ...view, status: 'COMPLETED' };
        },
      });
      return reply.code(201).send({ transfer });
    },
  );
};

const modules = [
  ...apiModules,
  { plugin: twiceTestModule, prefix: '/v1/movement-test' },
  { plugin: movementTestModule, prefix: '/v1/movement-test' },
  { plugin: deadlockTestModule, prefix: '/v1/movement-test' },
];

let db: Db;
let t: TestApp;
let admin: string;
/** Two businesses of organisation 1 made for this file: `rich` holds 100 EUR, `poor` nothing. */
let rich: number;
let poor: number;

beforeAll(async () => {
  db = await makeDb();
  t = await makeApp({}, { db, modules });
  admin = await t.token('admin@example.com');
  const ids: number[] = [];
  for (const name of ['Movement Rich', 'Movement Poor']) {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO businesses (organisation_id, name, settlement_currency, supported_display_currencies,
         deposit_currencies, overpayment_policy, blockchain_fee_paid_by, created_at, updated_at)
       VALUES (1, $1, 'EUR', '{EUR}', '{"BTC": ["MAIN"]}', 'PROCESS', 'USER', now(), now())
       RETURNING id`,
      [name],
    );
    ids.push(rows[0].id);
  }
  [rich, poor] = ids;
});
afterAll(async () => {
  await t.close();
  await db.close();
});

function send(path: string, body: Record<string, unknown>, key: string = randomUUID()) {
  return t.app.inject({
    method: 'POST',
    url: `/v1/movement-test${path}`,
    headers: { ...t.auth(admin), 'idempotency-key': key },
    payload: body,
  });
}

const count = async (sql: string, params: unknown[] = []) =>
  Number((await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${sql}`, params)).rows[0].n);

/** Everything the tail writes: the rows of the four tables it touches. */
const footprint = async () => ({
  transfers: await count('internal_transfers WHERE business_id = ANY($1::int[])', [[rich, poor]]),
  entries: await count("ledger_entries WHERE reference LIKE 'movement-test%'"),
  audits: await count('audit_log WHERE entity_type = $1', [ENTITY]),
  keys: await count('idempotency_keys'),
});

async function balance(businessId: number): Promise<string> {
  const { rows } = await db.query<{ balance: string }>(
    `SELECT trim_scale(balance)::text AS balance FROM ledger_accounts
      WHERE organisation_id = 1 AND business_id = $1 AND kind = 'business' AND currency = 'EUR'`,
    [businessId],
  );
  return rows[0]?.balance ?? '0';
}

describe('createMovement', () => {
  it('a refused postEntry (an overdraft) answers the overdraft and leaves no row, entry, audit row or key', async () => {
    const before = await footprint();
    const response = await send('/transfers', {
      fromBusinessId: poor,
      toBusinessId: rich,
      currency: 'EUR',
      amount: '5',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: SHORT, errors: { amount: SHORT } });
    expect(await footprint()).toEqual(before);
  });

  it('commits the row, its entry, its create audit row and its key together; a retry answers the same', async () => {
    // 100 EUR for `rich`, from the organisation's external account (the test's own entry).
    await postEntry(db, testScope(), {
      kind: 'manual',
      reference: 'funding-of-the-movement-test',
      at: new Date(t.clock.now()),
      postings: [
        { account: { kind: 'external', currency: 'EUR' }, amount: '-100' },
        { account: { kind: 'business', businessId: rich, currency: 'EUR' }, amount: '100' },
      ],
    });
    expect(await balance(rich)).toBe('100');
    const before = await footprint();
    const key = randomUUID();
    const body = { fromBusinessId: rich, toBusinessId: poor, currency: 'EUR', amount: '30' };
    const response = await send('/transfers', body, key);
    expect(response.statusCode, response.body).toBe(201);
    const { transfer } = response.json();
    expect(transfer).toEqual({ id: expect.any(Number), ...body, status: 'COMPLETED' });
    expect(await footprint()).toEqual({
      transfers: before.transfers + 1,
      entries: before.entries + 1,
      audits: before.audits + 1,
      keys: before.keys + 1,
    });
    expect([await balance(rich), await balance(poor)]).toEqual(['70', '30']);
    const { rows: linked } = await db.query<{ ledger_entry_id: number | null }>(
      'SELECT ledger_entry_id FROM internal_transfers WHERE id = $1',
      [transfer.id],
    );
    expect(linked[0].ledger_entry_id).not.toBeNull();
    const { rows: audits } = await db.query<{ action: string; entity_id: string; changes: unknown }>(
      'SELECT action, entity_id, changes FROM audit_log WHERE entity_type = $1 ORDER BY id DESC LIMIT 1',
      [ENTITY],
    );
    expect(audits[0]).toEqual({
      action: 'create',
      entity_id: String(transfer.id),
      changes: {
        fromBusinessId: { before: null, after: rich },
        toBusinessId: { before: null, after: poor },
        currency: { before: null, after: 'EUR' },
        amount: { before: null, after: '30' },
        status: { before: null, after: 'COMPLETED' },
      },
    });

    const again = await send('/transfers', body, key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ transfer });
    expect(await footprint()).toEqual({
      transfers: before.transfers + 1,
      entries: before.entries + 1,
      audits: before.audits + 1,
      keys: before.keys + 1,
    });
  });

  it('a failure after the posting rolls back the row, the entry and the balances too', async () => {
    const before = await footprint();
    const balances = [await balance(rich), await balance(poor)];
    const response = await send('/transfers', {
      fromBusinessId: rich,
      toBusinessId: poor,
      currency: 'EUR',
      amount: '1',
      then: 'after-post',
    });
    expect(response.statusCode).toBe(503);
    expect(await footprint()).toEqual(before);
    expect([await balance(rich), await balance(poor)]).toEqual(balances);
  });
});

describe('changeMovement', () => {
  it('audits the decision with its before and after; a refused one leaves the row, the balances and no audit row', async () => {
    const created = await send('/transfers', {
      fromBusinessId: rich,
      toBusinessId: poor,
      currency: 'EUR',
      amount: '10',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json().transfer;
    // `poor` spends what it got, so the reversal overdraws it.
    const spent = await send('/transfers', {
      fromBusinessId: poor,
      toBusinessId: rich,
      currency: 'EUR',
      amount: await balance(poor),
    });
    expect(spent.statusCode, spent.body).toBe(201);
    const before = await footprint();
    const refused = await send(`/transfers/${id}/reverse`, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(SHORT);
    expect(await footprint()).toEqual(before);
    expect((await db.query('SELECT status FROM internal_transfers WHERE id = $1', [id])).rows[0]).toEqual({
      status: 'COMPLETED',
    });

    // Funded again, the reversal goes through once; the second is the route's own 409.
    const back = await send('/transfers', {
      fromBusinessId: rich,
      toBusinessId: poor,
      currency: 'EUR',
      amount: '10',
    });
    expect(back.statusCode, back.body).toBe(201);
    const reversed = await send(`/transfers/${id}/reverse`, {});
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json().transfer).toMatchObject({ id, status: 'FAILED' });
    const { rows: audits } = await db.query<{ action: string; entity_id: string; changes: unknown }>(
      'SELECT action, entity_id, changes FROM audit_log WHERE entity_type = $1 ORDER BY id DESC LIMIT 1',
      [ENTITY],
    );
    expect(audits[0]).toEqual({
      action: 'reverse',
      entity_id: String(id),
      changes: { status: { before: 'COMPLETED', after: 'FAILED' } },
    });
    const twice = await send(`/transfers/${id}/reverse`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Reversed already.');
  });
});

describe('post', () => {
  it('takes every entry of a movement in one call: a second call fails the movement, nothing is left', async () => {
    const before = await footprint();
    const richBefore = await balance(rich);
    const response = await send('/twice', { from: rich, to: poor });
    expect(response.statusCode).toBe(500);
    expect(await footprint()).toEqual(before);
    expect(await count("ledger_entries WHERE reference LIKE 'movement-test-twice:%'")).toBe(0);
    expect(await balance(rich)).toBe(richBefore);
  });
});

const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

onPostgres('a movement chosen as a deadlock victim (PostgreSQL)', () => {
  it('runs again from its savepoint: both movements answer 201, the victim in a second run', async () => {
    const [a, b] = await Promise.all([
      send('/deadlock', { first: rich, second: poor }),
      send('/deadlock', { first: poor, second: rich }),
    ]);
    expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([201, 201]);
    expect(deadlock.runs).toBe(3);
    // Each movement's audit row, once: the victim's first run left nothing.
    expect(
      await count('audit_log WHERE entity_type = $1 AND entity_id = ANY($2::text[])', [
        ENTITY,
        ['1', '2', '3'],
      ]),
    ).toBe(2);
  });
});
