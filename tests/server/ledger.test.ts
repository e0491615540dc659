/**
 * The double-entry ledger (server/ledger, migration 0011): entries balance per currency, balances are
 * the sum of their postings, a business account never goes below zero, and the database enforces it
 * for any code path, not only for postEntry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { balances, LedgerError, postEntry, type EntryInput, type PostingInput } from '../../server/ledger';
import { makeDb } from './helpers';

let db: Db;
beforeAll(async () => {
  db = await makeDb();
});
afterAll(() => db.close());

const AURORA = 1;
const BOREALIS = 2;
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
    await deposit(11, 'BTC', '1.5');
    await postEntry(
      db,
      entry([
        { account: business(11, 'BTC'), amount: '-0.25' },
        { account: fee('BTC'), amount: '0.005' },
        { account: external('BTC'), amount: '0.245' },
      ]),
    );
    expect(await balanceOf(AURORA, 11, 'BTC')).toBe('1.25');
    expect(await balanceOf(AURORA, null, 'BTC', 'fee')).toBe('0.005');
    const mismatched = await count(
      `SELECT count(*) AS n FROM ledger_accounts a
        WHERE a.balance <> COALESCE((SELECT sum(amount) FROM ledger_postings p WHERE p.account_id = a.id), 0)`,
    );
    expect(mismatched).toBe(0);
    const { rows } = await db.query<{ balance_after: string }>(
      `SELECT p.balance_after::text AS balance_after FROM ledger_postings p
         JOIN ledger_accounts a ON a.id = p.account_id
        WHERE a.kind = 'business' AND a.business_id = 11 ORDER BY p.id`,
    );
    expect(rows.map((r) => r.balance_after)).toEqual(['1.500000000000000000', '1.250000000000000000']);
  });

  it('keeps small crypto amounts exact (no float anywhere)', async () => {
    await deposit(12, 'ETH', '0.1');
    await deposit(12, 'ETH', '0.2');
    expect(await balanceOf(AURORA, 12, 'ETH')).toBe('0.3');
    await deposit(12, 'ETH', '0.000000000000000001');
    expect(await balanceOf(AURORA, 12, 'ETH')).toBe('0.300000000000000001');
  });

  it('refuses an entry that does not balance, a zero or malformed amount, a single posting', async () => {
    const before = await count('SELECT count(*) AS n FROM ledger_entries');
    await expect(
      postEntry(
        db,
        entry([
          { account: business(13, 'EUR'), amount: '10' },
          { account: external('EUR'), amount: '-9.99' },
        ]),
      ),
    ).rejects.toMatchObject({ code: 'unbalanced' });
    await expect(
      postEntry(
        db,
        entry([
          { account: business(13, 'EUR'), amount: '0' },
          { account: external('EUR'), amount: '0' },
        ]),
      ),
    ).rejects.toMatchObject({ code: 'invalid-amount' });
    await expect(
      postEntry(
        db,
        entry([
          { account: business(13, 'EUR'), amount: '1e3' },
          { account: external('EUR'), amount: '-1e3' },
        ]),
      ),
    ).rejects.toMatchObject({ code: 'invalid-amount' });
    await expect(postEntry(db, entry([{ account: business(13, 'EUR'), amount: '5' }]))).rejects.toMatchObject(
      {
        code: 'too-few-postings',
      },
    );
    // Balanced per currency, not across currencies.
    await expect(
      postEntry(
        db,
        entry([
          { account: business(13, 'EUR'), amount: '5' },
          { account: external('USD'), amount: '-5' },
        ]),
      ),
    ).rejects.toMatchObject({ code: 'unbalanced' });
    expect(await count('SELECT count(*) AS n FROM ledger_entries')).toBe(before);
  });

  it('refuses an overdraft of a business account and leaves nothing behind', async () => {
    await deposit(14, 'USDT', '100');
    const entries = await count('SELECT count(*) AS n FROM ledger_entries');
    const postings = await count('SELECT count(*) AS n FROM ledger_postings');
    const overdraft = postEntry(
      db,
      entry([
        { account: business(14, 'USDT'), amount: '-100.01' },
        { account: external('USDT'), amount: '100.01' },
      ]),
    );
    await expect(overdraft).rejects.toBeInstanceOf(LedgerError);
    await expect(overdraft).rejects.toMatchObject({ code: 'overdraft' });
    expect(await balanceOf(AURORA, 14, 'USDT')).toBe('100');
    expect(await count('SELECT count(*) AS n FROM ledger_entries')).toBe(entries);
    expect(await count('SELECT count(*) AS n FROM ledger_postings')).toBe(postings);
    expect(await balanceOf(AURORA, null, 'USDT', 'external')).toBe('-100'); // counter-accounts may go below zero
  });

  it('posts a reference once per organisation', async () => {
    const once = entry([
      { account: business(15, 'EUR'), amount: '1' },
      { account: external('EUR'), amount: '-1' },
    ]);
    await postEntry(db, once);
    await expect(postEntry(db, once)).rejects.toMatchObject({ code: 'duplicate' });
    await postEntry(db, { ...once, organisationId: BOREALIS }); // another organisation's own reference
    expect(await balanceOf(AURORA, 15, 'EUR')).toBe('1');
    expect(await balanceOf(BOREALIS, 15, 'EUR')).toBe('1');
  });

  it('never lets concurrent withdrawals overdraw: exactly the covered ones go through', async () => {
    await deposit(16, 'LTC', '100');
    const withdraw = () =>
      postEntry(
        db,
        entry([
          { account: business(16, 'LTC'), amount: '-10' },
          { account: external('LTC'), amount: '10' },
        ]),
      ).then(
        () => 'ok',
        (error: unknown) => (error instanceof LedgerError ? error.code : String(error)),
      );
    const outcomes = await Promise.all(Array.from({ length: 14 }, withdraw));
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(10);
    expect(outcomes.filter((o) => o !== 'ok').every((o) => o === 'overdraft')).toBe(true);
    expect(await balanceOf(AURORA, 16, 'LTC')).toBe('0');
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
    await deposit(21, 'EUR', '50');
    const account = await accountIdOf(AURORA, 21, 'EUR', 'business');
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
    expect(await balanceOf(AURORA, 21, 'EUR')).toBe('50');
  });

  it('refuses a posting in another currency than its account', async () => {
    const account = await accountIdOf(AURORA, 21, 'EUR', 'business');
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
    const account = await accountIdOf(AURORA, 21, 'EUR', 'business');
    await expect(
      db.query('UPDATE ledger_accounts SET balance = 1000000 WHERE id = $1', [account]),
    ).rejects.toThrow(/only through a posting/);
    await expect(
      db.query('UPDATE ledger_postings SET amount = 1 WHERE account_id = $1', [account]),
    ).rejects.toThrow(/append-only/);
    await expect(db.query('DELETE FROM ledger_entries')).rejects.toThrow(/append-only/);
    await expect(
      db.query(
        `INSERT INTO ledger_accounts (organisation_id, business_id, kind, currency, balance) VALUES (1, 99, 'business', 'EUR', 5)`,
      ),
    ).rejects.toThrow(/zero balance/);
    expect(await balanceOf(AURORA, 21, 'EUR')).toBe('50');
  });
});
