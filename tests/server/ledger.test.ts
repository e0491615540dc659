/**
 * The double-entry ledger (server/ledger, migration 0011): entries balance per currency, balances are
 * the sum of their postings, a business account never goes below zero, and the database enforces it
 * for any code path, not only for postEntry and postEntries.
 */
import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import {
  balances,
  fundsOf,
  holdPostings,
  LedgerError,
  postEntries,
  postEntry,
  postMovement,
  releasePostings,
  type PostingInput,
  type ScopedEntry,
} from '../../server/ledger';
import { makeDb, testScope } from './helpers';

const AURORA = 1;
const BOREALIS = 2;

let db: Db;
/**
 * Businesses of the tests' own (ledger accounts name a real business of their organisation), so the
 * demo data's balances never mix with the amounts asserted here: b[11] … b[21] in Aurora, and
 * `borealis` in Borealis Exchange.
 */
const b: Record<number, number> = {};
let borealis = 0;

async function openBusiness(organisationId: number, name: string, currency: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO businesses (organisation_id, name, settlement_currency, supported_display_currencies,
       deposit_currencies, overpayment_policy, blockchain_fee_paid_by, created_at, updated_at)
     VALUES ($1, $2, $3, $4, '{"BTC": ["MAIN"]}', 'PROCESS', 'USER', now(), now()) RETURNING id`,
    [organisationId, name, currency, [currency]],
  );
  return rows[0].id;
}

beforeAll(async () => {
  db = await makeDb();
  for (const n of [11, 12, 13, 14, 15, 16, 17, 18, 19, 21])
    b[n] = await openBusiness(AURORA, `Ledger test ${n}`, 'EUR');
  borealis = await openBusiness(BOREALIS, 'Ledger test Borealis', 'GBP');
});
afterAll(() => db.close());

const at = new Date('2026-11-01T10:00:00Z');
let references = 0;

const business = (businessId: number, currency: string) => ({
  kind: 'business' as const,
  businessId,
  currency,
});
const external = (currency: string) => ({ kind: 'external' as const, currency });
const fee = (currency: string) => ({ kind: 'fee' as const, currency });

function entry(postings: PostingInput[], organisationId = AURORA): ScopedEntry {
  return {
    scope: testScope({ organisationId }),
    kind: 'payment',
    reference: `test:${++references}`,
    at,
    postings,
  };
}

/** Posts an entry for its own scope. */
const post = (e: ScopedEntry, on: Db = db) => postEntry(on, e.scope, e);

/** A deposit of `amount` into a business, from the outside world. */
const deposit = (businessId: number, currency: string, amount: string, organisationId = AURORA) =>
  post(
    entry(
      [
        { account: external(currency), amount: `-${amount}` },
        { account: business(businessId, currency), amount },
      ],
      organisationId,
    ),
  );

async function balanceOf(
  organisationId: number,
  businessId: number | null,
  currency: string,
  kind = 'business',
) {
  const list = await balances(db, testScope({ organisationId }));
  return list.find((b) => b.kind === kind && b.businessId === businessId && b.currency === currency)?.balance;
}

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await db.query<{ n: number | string }>(sql, params);
  return Number(rows[0].n);
}

describe('posting entries', () => {
  it('moves money between accounts and keeps every balance equal to the sum of its postings', async () => {
    const fees = await balanceOf(AURORA, null, 'BTC', 'fee');
    await deposit(b[11], 'BTC', '1.5');
    await post(
      entry([
        { account: business(b[11], 'BTC'), amount: '-0.25' },
        { account: fee('BTC'), amount: '0.005' },
        { account: external('BTC'), amount: '0.245' },
      ]),
    );
    expect(await balanceOf(AURORA, b[11], 'BTC')).toBe('1.25');
    expect(await balanceOf(AURORA, null, 'BTC', 'fee')).toBe(new Big(fees ?? '0').plus('0.005').toFixed());
    const mismatched = await count(
      `SELECT count(*) AS n FROM ledger_accounts a
        WHERE a.balance <> COALESCE((SELECT sum(amount) FROM ledger_postings p WHERE p.account_id = a.id), 0)`,
    );
    expect(mismatched).toBe(0);
    const { rows } = await db.query<{ balance_after: string }>(
      `SELECT p.balance_after::text AS balance_after FROM ledger_postings p
         JOIN ledger_accounts a ON a.id = p.account_id
        WHERE a.kind = 'business' AND a.business_id = $1 ORDER BY p.id`,
      [b[11]],
    );
    expect(rows.map((r) => r.balance_after)).toEqual(['1.500000000000000000', '1.250000000000000000']);
  });

  it('keeps small crypto amounts exact (no float anywhere)', async () => {
    await deposit(b[12], 'ETH', '0.1');
    await deposit(b[12], 'ETH', '0.2');
    expect(await balanceOf(AURORA, b[12], 'ETH')).toBe('0.3');
    await deposit(b[12], 'ETH', '0.000000000000000001');
    expect(await balanceOf(AURORA, b[12], 'ETH')).toBe('0.300000000000000001');
  });

  it('refuses an entry that does not balance, a zero or malformed amount, a single posting', async () => {
    const before = await count('SELECT count(*) AS n FROM ledger_entries');
    await expect(
      post(
        entry([
          { account: business(b[13], 'EUR'), amount: '10' },
          { account: external('EUR'), amount: '-9.99' },
        ]),
      ),
    ).rejects.toMatchObject({ code: 'unbalanced' });
    await expect(
      post(
        entry([
          { account: business(b[13], 'EUR'), amount: '0' },
          { account: external('EUR'), amount: '0' },
        ]),
      ),
    ).rejects.toMatchObject({ code: 'invalid-amount' });
    await expect(
      post(
        entry([
          { account: business(b[13], 'EUR'), amount: '1e3' },
          { account: external('EUR'), amount: '-1e3' },
        ]),
      ),
    ).rejects.toMatchObject({ code: 'invalid-amount' });
    await expect(post(entry([{ account: business(b[13], 'EUR'), amount: '5' }]))).rejects.toMatchObject({
      code: 'too-few-postings',
    });
    // Balanced per currency, not across currencies.
    await expect(
      post(
        entry([
          { account: business(b[13], 'EUR'), amount: '5' },
          { account: external('USD'), amount: '-5' },
        ]),
      ),
    ).rejects.toMatchObject({ code: 'unbalanced' });
    expect(await count('SELECT count(*) AS n FROM ledger_entries')).toBe(before);
  });

  it('refuses an overdraft of a business account and leaves nothing behind', async () => {
    const outside = await balanceOf(AURORA, null, 'USDT', 'external');
    await deposit(b[14], 'USDT', '100');
    const entries = await count('SELECT count(*) AS n FROM ledger_entries');
    const postings = await count('SELECT count(*) AS n FROM ledger_postings');
    const overdraft = post(
      entry([
        { account: business(b[14], 'USDT'), amount: '-100.01' },
        { account: external('USDT'), amount: '100.01' },
      ]),
    );
    await expect(overdraft).rejects.toBeInstanceOf(LedgerError);
    await expect(overdraft).rejects.toMatchObject({ code: 'overdraft' });
    expect(await balanceOf(AURORA, b[14], 'USDT')).toBe('100');
    expect(await count('SELECT count(*) AS n FROM ledger_entries')).toBe(entries);
    expect(await count('SELECT count(*) AS n FROM ledger_postings')).toBe(postings);
    // Counter-accounts may go below zero.
    const after = await balanceOf(AURORA, null, 'USDT', 'external');
    expect(after).toBe(new Big(outside ?? '0').minus(100).toFixed());
    expect(new Big(after ?? '0').lt(0)).toBe(true);
  });

  it('posts a reference once per organisation', async () => {
    const once = entry([
      { account: business(b[15], 'EUR'), amount: '1' },
      { account: external('EUR'), amount: '-1' },
    ]);
    await post(once);
    await expect(post(once)).rejects.toMatchObject({ code: 'duplicate' });
    // Another organisation's own reference.
    await post({
      ...once,
      scope: testScope({ organisationId: BOREALIS }),
      postings: [
        { account: business(borealis, 'EUR'), amount: '1' },
        { account: external('EUR'), amount: '-1' },
      ],
    });
    expect(await balanceOf(AURORA, b[15], 'EUR')).toBe('1');
    expect(await balanceOf(BOREALIS, borealis, 'EUR')).toBe('1');
  });

  it('never lets concurrent withdrawals overdraw: exactly the covered ones go through', async () => {
    await deposit(b[16], 'LTC', '100');
    const withdraw = () =>
      post(
        entry([
          { account: business(b[16], 'LTC'), amount: '-10' },
          { account: external('LTC'), amount: '10' },
        ]),
      ).then(
        () => 'ok',
        (error: unknown) => (error instanceof LedgerError ? error.code : String(error)),
      );
    const outcomes = await Promise.all(Array.from({ length: 14 }, withdraw));
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(10);
    expect(outcomes.filter((o) => o !== 'ok').every((o) => o === 'overdraft')).toBe(true);
    expect(await balanceOf(AURORA, b[16], 'LTC')).toBe('0');
  });
});

describe('several entries in one transaction (a movement posting more than one)', () => {
  const held = (businessId: number, currency: string) => ({ kind: 'held' as const, businessId, currency });
  const entriesOf = async (references: readonly string[]) =>
    count('SELECT count(*) AS n FROM ledger_entries WHERE reference = ANY($1::text[])', [references]);

  it('posts two and three entries atomically in one transaction, each checked when posted', async () => {
    await deposit(b[17], 'EUR', '100');
    const fees = await balanceOf(AURORA, null, 'EUR', 'fee');
    // A conversion-like pair: the movement and its fee.
    const pair = [
      entry([
        { account: business(b[17], 'EUR'), amount: '-40' },
        { account: business(b[18], 'EUR'), amount: '40' },
      ]),
      entry([
        { account: business(b[17], 'EUR'), amount: '-1.5' },
        { account: fee('EUR'), amount: '1.5' },
      ]),
    ];
    await db.transaction(async (tx) => {
      for (const e of pair) await post(e, tx);
    });
    expect(await entriesOf(pair.map((e) => e.reference))).toBe(2);
    // Three: a hold, its release, and a transfer spending what the release gave back.
    const three = [
      entry(holdPostings(b[17], 'EUR', '50')),
      entry(releasePostings(b[17], 'EUR', '50')),
      entry([
        { account: business(b[17], 'EUR'), amount: '-58.5' },
        { account: business(b[18], 'EUR'), amount: '58.5' },
      ]),
    ];
    const ids = await db.transaction(async (tx) => {
      const answers = [];
      for (const e of three) answers.push((await post(e, tx)).entryId);
      return answers;
    });
    expect(new Set(ids).size).toBe(3);
    expect(await entriesOf(three.map((e) => e.reference))).toBe(3);
    expect(await balanceOf(AURORA, b[17], 'EUR')).toBe('0');
    expect(await balanceOf(AURORA, b[18], 'EUR')).toBe('98.5');
    expect(await balanceOf(AURORA, b[17], 'EUR', 'held')).toBe('0');
    expect(await balanceOf(AURORA, null, 'EUR', 'fee')).toBe(new Big(fees ?? '0').plus('1.5').toFixed());
  });

  it('rolls back a refused entry alone: the transaction goes on and commits the others', async () => {
    await deposit(b[19], 'EUR', '10');
    const first = entry([
      { account: business(b[19], 'EUR'), amount: '-6' },
      { account: external('EUR'), amount: '6' },
    ]);
    const overdraft = entry([
      { account: business(b[19], 'EUR'), amount: '-5' },
      { account: external('EUR'), amount: '5' },
    ]);
    const third = entry([
      { account: business(b[19], 'EUR'), amount: '-4' },
      { account: external('EUR'), amount: '4' },
    ]);
    const refused = await db.transaction(async (tx) => {
      await post(first, tx);
      const code = await post(overdraft, tx).then(
        () => 'posted',
        (error: unknown) => (error as LedgerError).code,
      );
      await post(third, tx); // the transaction is still usable
      return code;
    });
    expect(refused).toBe('overdraft');
    expect(await entriesOf([first.reference, third.reference])).toBe(2);
    expect(await entriesOf([overdraft.reference])).toBe(0);
    expect(await balanceOf(AURORA, b[19], 'EUR')).toBe('0');
    // A duplicate reference inside a transaction is refused the same way.
    await deposit(b[19], 'EUR', '1');
    const again = await db.transaction(async (tx) =>
      post({ ...first, postings: [...first.postings].reverse() }, tx).catch((e: LedgerError) => e.code),
    );
    expect(again).toBe('duplicate');
  });

  it('rolls them all back when the transaction fails after them', async () => {
    const before = await count('SELECT count(*) AS n FROM ledger_entries');
    const balance = await balanceOf(AURORA, b[18], 'EUR');
    const two = [
      entry([
        { account: external('EUR'), amount: '-3' },
        { account: business(b[18], 'EUR'), amount: '3' },
      ]),
      entry(holdPostings(b[18], 'EUR', '2')),
    ];
    await expect(
      db.transaction(async (tx) => {
        for (const e of two) await post(e, tx);
        throw new Error('the movement failed after its entries');
      }),
    ).rejects.toThrow(/after its entries/);
    expect(await count('SELECT count(*) AS n FROM ledger_entries')).toBe(before);
    expect(await balanceOf(AURORA, b[18], 'EUR')).toBe(balance);
    expect(await balanceOf(AURORA, b[18], 'EUR', 'held')).toBeUndefined();
    // A raw unbalanced entry later in the same transaction is still refused at commit.
    await expect(
      db.transaction(async (tx) => {
        await post(two[0], tx);
        const { rows } = await tx.query<{ id: number }>(
          `INSERT INTO ledger_entries (organisation_id, kind, reference, created_at)
           VALUES (1, 'manual', $1, now()) RETURNING id`,
          [`raw:${++references}`],
        );
        await tx.query(
          `INSERT INTO ledger_postings (entry_id, account_id, currency, amount)
           SELECT $1, id, currency, 1 FROM ledger_accounts WHERE kind = 'business' AND business_id = $2 AND currency = 'EUR'`,
          [rows[0].id, b[18]],
        );
      }),
    ).rejects.toThrow(/does not balance/);
    expect(await count('SELECT count(*) AS n FROM ledger_entries')).toBe(before);
  });

  it('holds funds: available goes down, held up, their total unchanged; neither below zero', async () => {
    const shop = b[18];
    const total = (await fundsOf(db, testScope(), shop)).find((f) => f.currency === 'EUR')!;
    await post(entry(holdPostings(shop, 'EUR', '30')));
    let eur = (await fundsOf(db, testScope(), shop)).find((f) => f.currency === 'EUR')!;
    expect(eur.held).toBe('30');
    expect(eur.available).toBe(new Big(total.available).minus(30).toFixed());
    expect(eur.total).toBe(total.total);
    // A hold beyond the available balance, a release beyond the held funds: refused, nothing left.
    const entries = await count('SELECT count(*) AS n FROM ledger_entries');
    await expect(
      post(entry(holdPostings(shop, 'EUR', new Big(eur.available).plus('0.01').toFixed()))),
    ).rejects.toMatchObject({ code: 'overdraft' });
    await expect(post(entry(releasePostings(shop, 'EUR', '30.01')))).rejects.toMatchObject({
      code: 'overdraft',
    });
    expect(await count('SELECT count(*) AS n FROM ledger_entries')).toBe(entries);
    // The withdrawal executes from the held funds (held → outside, with a fee); the rest is released.
    await post(
      entry([
        { account: held(shop, 'EUR'), amount: '-20' },
        { account: external('EUR'), amount: '19.5' },
        { account: fee('EUR'), amount: '0.5' },
      ]),
    );
    await post(entry(releasePostings(shop, 'EUR', '10')));
    eur = (await fundsOf(db, testScope(), shop)).find((f) => f.currency === 'EUR')!;
    expect(eur).toEqual({
      currency: 'EUR',
      available: new Big(total.available).minus(20).toFixed(),
      held: '0',
      total: new Big(total.total).minus(20).toFixed(),
    });
    // The balances of the dashboard read the business accounts: what the business can move.
    const { balancesRepository } = await import('../../server/modules/balances/repository');
    await post(entry(holdPostings(shop, 'EUR', '1')));
    const shown = (await balancesRepository(db).accounts(testScope(), shop)).find(
      (a) => a.currency === 'EUR',
    );
    expect(new Big(shown!.balance).toFixed()).toBe(new Big(total.available).minus(21).toFixed());
    // Held funds belong to a business, like its balance.
    await expect(
      db.query(
        `INSERT INTO ledger_accounts (organisation_id, business_id, kind, currency) VALUES (1, NULL, 'held', 'EUR')`,
      ),
    ).rejects.toThrow(/ledger_accounts_owner/);
    const mismatched = await count(
      `SELECT count(*) AS n FROM ledger_accounts a
        WHERE a.balance <> COALESCE((SELECT sum(amount) FROM ledger_postings p WHERE p.account_id = a.id), 0)`,
    );
    expect(mismatched).toBe(0);
  });

  it("posts for a scope: its organisation's accounts, an API key's own business only", async () => {
    // Another organisation's business is not an account of this scope's organisation.
    await expect(
      postEntry(db, testScope({ organisationId: AURORA }), {
        kind: 'manual',
        reference: `scope:${++references}`,
        at,
        postings: [
          { account: external('GBP'), amount: '-1' },
          { account: business(borealis, 'GBP'), amount: '1' },
        ],
      }),
    ).rejects.toThrow(/ledger_accounts_business/);
    const keyScope = { ...testScope(), onlyBusinessId: b[11] };
    await expect(
      postEntry(db, keyScope, {
        kind: 'manual',
        reference: `scope:${++references}`,
        at,
        postings: [
          { account: external('EUR'), amount: '-1' },
          { account: business(b[12], 'EUR'), amount: '1' },
        ],
      }),
    ).rejects.toMatchObject({ code: 'out-of-scope' });
  });
});

describe('posting many entries at once (postEntries)', () => {
  it('posts them in order, so a debit may follow the credit that covers it, and answers their ids', async () => {
    const before = await count('SELECT count(*) AS n FROM ledger_entries');
    const list = [
      entry([
        { account: external('XRP'), amount: '-40' },
        { account: business(b[12], 'XRP'), amount: '40' },
      ]),
      entry([
        { account: business(b[12], 'XRP'), amount: '-30' },
        { account: business(b[13], 'XRP'), amount: '30' },
      ]),
      entry([
        { account: business(b[13], 'XRP'), amount: '-29.5' },
        { account: external('XRP'), amount: '29' },
        { account: fee('XRP'), amount: '0.5' },
      ]),
    ];
    const { entryIds } = await postEntries(db, list);
    expect(entryIds).toHaveLength(3);
    const { rows } = await db.query<{ id: number | string; reference: string }>(
      'SELECT id, reference FROM ledger_entries WHERE id = ANY($1::bigint[]) ORDER BY id',
      [entryIds],
    );
    expect(rows.map((r) => [Number(r.id), r.reference])).toEqual(
      list.map((e, i) => [entryIds[i], e.reference]),
    );
    expect(await count('SELECT count(*) AS n FROM ledger_entries')).toBe(before + 3);
    expect(await balanceOf(AURORA, b[12], 'XRP')).toBe('10');
    expect(await balanceOf(AURORA, b[13], 'XRP')).toBe('0.5');
  });

  it('refuses the whole batch when one entry would overdraw, repeats a reference or does not balance', async () => {
    const entries = await count('SELECT count(*) AS n FROM ledger_entries');
    const postings = await count('SELECT count(*) AS n FROM ledger_postings');
    const credit = () =>
      entry([
        { account: external('XRP'), amount: '-5' },
        { account: business(b[12], 'XRP'), amount: '5' },
      ]);
    // The debit comes before the credit that would have covered it.
    const overdraft = postEntries(db, [
      entry([
        { account: business(b[12], 'XRP'), amount: '-12' },
        { account: external('XRP'), amount: '12' },
      ]),
      credit(),
    ]);
    await expect(overdraft).rejects.toMatchObject({ code: 'overdraft' });
    const twice = credit();
    await expect(postEntries(db, [twice, { ...twice }])).rejects.toMatchObject({ code: 'duplicate' });
    await expect(
      postEntries(db, [
        credit(),
        entry([
          { account: business(b[12], 'XRP'), amount: '1' },
          { account: external('XRP'), amount: '-0.9' },
        ]),
      ]),
    ).rejects.toMatchObject({ code: 'unbalanced' });
    expect(await count('SELECT count(*) AS n FROM ledger_entries')).toBe(entries);
    expect(await count('SELECT count(*) AS n FROM ledger_postings')).toBe(postings);
    expect(await balanceOf(AURORA, b[12], 'XRP')).toBe('10');
    expect((await postEntries(db, [])).entryIds).toEqual([]);
  });
});

describe('the database enforces the ledger for any code path', () => {
  /** Raw SQL in one transaction, as a careless module might write it. */
  const raw = (work: (tx: Db) => Promise<unknown>) => db.transaction(work);

  async function accountIdOf(
    organisationId: number,
    businessId: number | null,
    currency: string,
    kind: string,
  ) {
    const { rows } = await db.query<{ id: number | string }>(
      `SELECT id FROM ledger_accounts WHERE organisation_id = $1 AND business_id IS NOT DISTINCT FROM $2
          AND currency = $3 AND kind = $4`,
      [organisationId, businessId, currency, kind],
    );
    return Number(rows[0].id);
  }

  async function newEntry(tx: Db): Promise<number> {
    const { rows } = await tx.query<{ id: number | string }>(
      `INSERT INTO ledger_entries (organisation_id, kind, reference, created_at)
       VALUES (1, 'manual', $1, now()) RETURNING id`,
      [`raw:${++references}`],
    );
    return Number(rows[0].id);
  }

  it('refuses at commit an entry whose postings do not sum to zero', async () => {
    await deposit(b[21], 'EUR', '50');
    const account = await accountIdOf(AURORA, b[21], 'EUR', 'business');
    const entries = await count('SELECT count(*) AS n FROM ledger_entries');
    await expect(
      raw(async (tx) => {
        const id = await newEntry(tx);
        await tx.query(
          `INSERT INTO ledger_postings (entry_id, account_id, currency, amount) VALUES ($1, $2, 'EUR', 5)`,
          [id, account],
        );
      }),
    ).rejects.toThrow(/does not balance/);
    expect(await count('SELECT count(*) AS n FROM ledger_entries')).toBe(entries);
    expect(await balanceOf(AURORA, b[21], 'EUR')).toBe('50');
  });

  it('refuses a posting in another currency than its account', async () => {
    const account = await accountIdOf(AURORA, b[21], 'EUR', 'business');
    await expect(
      raw(async (tx) => {
        const id = await newEntry(tx);
        await tx.query(
          `INSERT INTO ledger_postings (entry_id, account_id, currency, amount) VALUES ($1, $2, 'USD', 5)`,
          [id, account],
        );
      }),
    ).rejects.toThrow(/ledger_postings_account/);
  });

  it('refuses to change a balance, a posting or an entry directly', async () => {
    const account = await accountIdOf(AURORA, b[21], 'EUR', 'business');
    await expect(
      db.query('UPDATE ledger_accounts SET balance = 1000000 WHERE id = $1', [account]),
    ).rejects.toThrow(/only through a posting/);
    await expect(
      db.query('UPDATE ledger_postings SET amount = 1 WHERE account_id = $1', [account]),
    ).rejects.toThrow(/append-only/);
    await expect(db.query('DELETE FROM ledger_entries')).rejects.toThrow(/append-only/);
    await expect(
      db.query(
        `INSERT INTO ledger_accounts (organisation_id, business_id, kind, currency, balance) VALUES (1, $1, 'business', 'USD', 5)`,
        [b[21]],
      ),
    ).rejects.toThrow(/zero balance/);
    expect(await balanceOf(AURORA, b[21], 'EUR')).toBe('50');
  });
});

describe('postMovement', () => {
  it("posts a movement's entries together, in order, or none of them", async () => {
    const shop = await openBusiness(AURORA, 'Ledger test movement', 'EUR');
    await post(
      entry([
        { account: external('EUR'), amount: '-100' },
        { account: business(shop, 'EUR'), amount: '100' },
      ]),
    );
    const funds = async () => (await fundsOf(db, testScope(), shop)).find((f) => f.currency === 'EUR')!;

    // A hold and its execution: two entries, the second drawing on what the first reserved.
    const execution = entry([
      { account: { kind: 'held' as const, businessId: shop, currency: 'EUR' }, amount: '-60' },
      { account: external('EUR'), amount: '60' },
    ]);
    const { entryIds } = await postMovement(db, testScope(), [
      entry(holdPostings(shop, 'EUR', '60')),
      execution,
    ]);
    expect(entryIds).toHaveLength(2);
    expect(entryIds[1]).toBeGreaterThan(entryIds[0]);
    expect(await funds()).toMatchObject({ available: '40', held: '0' });

    // Two holds of 30 on 40: the second overdraws, and the first is not kept either.
    const entries = await count('SELECT count(*) AS n FROM ledger_entries');
    await expect(
      postMovement(db, testScope(), [
        entry(holdPostings(shop, 'EUR', '30')),
        entry(holdPostings(shop, 'EUR', '30')),
      ]),
    ).rejects.toMatchObject({ code: 'overdraft' });
    expect(await count('SELECT count(*) AS n FROM ledger_entries')).toBe(entries);
    expect(await funds()).toMatchObject({ available: '40', held: '0' });
  });
});
