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
  LedgerError,
  postEntries,
  postEntry,
  type EntryInput,
  type PostingInput,
} from '../../server/ledger';
import { makeDb } from './helpers';

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
  for (const n of [11, 12, 13, 14, 15, 16, 21]) b[n] = await openBusiness(AURORA, `Ledger test ${n}`, 'EUR');
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

function entry(postings: PostingInput[], organisationId = AURORA): EntryInput {
  return { organisationId, kind: 'payment', reference: `test:${++references}`, at, postings };
}

/** A deposit of `amount` into a business, from the outside world. */
const deposit = (businessId: number, currency: string, amount: string, organisationId = AURORA) =>
  postEntry(
    db,
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
  const list = await balances(db, organisationId);
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
    await postEntry(
      db,
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
      postEntry(
        db,
        entry([
          { account: business(b[13], 'EUR'), amount: '10' },
          { account: external('EUR'), amount: '-9.99' },
        ]),
      ),
    ).rejects.toMatchObject({ code: 'unbalanced' });
    await expect(
      postEntry(
        db,
        entry([
          { account: business(b[13], 'EUR'), amount: '0' },
          { account: external('EUR'), amount: '0' },
        ]),
      ),
    ).rejects.toMatchObject({ code: 'invalid-amount' });
    await expect(
      postEntry(
        db,
        entry([
          { account: business(b[13], 'EUR'), amount: '1e3' },
          { account: external('EUR'), amount: '-1e3' },
        ]),
      ),
    ).rejects.toMatchObject({ code: 'invalid-amount' });
    await expect(
      postEntry(db, entry([{ account: business(b[13], 'EUR'), amount: '5' }])),
    ).rejects.toMatchObject({
      code: 'too-few-postings',
    });
    // Balanced per currency, not across currencies.
    await expect(
      postEntry(
        db,
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
    const overdraft = postEntry(
      db,
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
    await postEntry(db, once);
    await expect(postEntry(db, once)).rejects.toMatchObject({ code: 'duplicate' });
    // Another organisation's own reference.
    await postEntry(db, {
      ...once,
      organisationId: BOREALIS,
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
      postEntry(
        db,
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
