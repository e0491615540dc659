/**
 * The double-entry ledger: the only code that writes it (docs/architecture.md#layers, `server/ledger/`).
 *
 * An entry moves money between accounts: its postings (decimal strings, never floats) sum to zero
 * in every currency. `postEntry` checks that before it writes, and the database checks it again at
 * commit (migration 0011), with the balance updates, the overdraft refusal of business accounts and
 * the append-only rule, so no other code path can break them. Accounts are one per organisation ×
 * business × kind × currency, opened on first use. `postEntries` posts many entries with a few
 * statements (the demo seed, bulk loads), under the same rules.
 */
import Big from 'big.js';
import type { Db } from '../db/client';

export type AccountKind = 'business' | 'external' | 'fee' | 'conversion';

/** An account by what it is: a business's balance in a currency, or an organisation's counter-account. */
export type AccountRef =
  | { kind: 'business'; businessId: number; currency: string }
  | { kind: 'external' | 'fee' | 'conversion'; currency: string };

export interface PostingInput {
  account: AccountRef;
  /** A decimal string: positive credits the account, negative debits it. Never zero. */
  amount: string;
}

export interface EntryInput {
  organisationId: number;
  /** What moved the money: 'payment', 'withdrawal', 'transfer', 'conversion', 'manual', … */
  kind: string;
  /** The record the entry belongs to ('payment:42'); one entry per reference and organisation. */
  reference: string;
  description?: string;
  at: Date;
  postings: readonly PostingInput[];
}

/** Why an entry was refused before it reached the database (or by it, for an overdraft). */
export class LedgerError extends Error {
  constructor(
    readonly code: 'unbalanced' | 'invalid-amount' | 'too-few-postings' | 'overdraft' | 'duplicate',
    message: string,
  ) {
    super(message);
    this.name = 'LedgerError';
  }
}

const DECIMAL = /^-?(0|[1-9]\d{0,19})(\.\d{1,18})?$/;

function amountOf(text: string): Big {
  if (!DECIMAL.test(text)) throw new LedgerError('invalid-amount', `Not a decimal amount: ${text}`);
  const amount = new Big(text);
  if (amount.eq(0)) throw new LedgerError('invalid-amount', 'A posting moves a non-zero amount');
  return amount;
}

/** Refuses an entry whose postings do not sum to zero in every currency (pure; also enforced by SQL). */
export function assertBalanced(postings: readonly PostingInput[]): void {
  if (postings.length < 2) throw new LedgerError('too-few-postings', 'An entry needs two postings or more');
  const totals = new Map<string, Big>();
  for (const p of postings) {
    const currency = p.account.currency;
    totals.set(currency, (totals.get(currency) ?? new Big(0)).plus(amountOf(p.amount)));
  }
  const off = [...totals].filter(([, total]) => !total.eq(0));
  if (off.length > 0) {
    throw new LedgerError(
      'unbalanced',
      `Postings do not balance: ${off.map(([c, t]) => `${c} ${t.toFixed()}`).join(', ')}`,
    );
  }
}

/**
 * The id of an account, opened (with a zero balance) on first use. It takes no lock on an existing
 * account: the balance's row lock is taken by the posting, in account order.
 */
export async function accountId(db: Db, organisationId: number, ref: AccountRef): Promise<number> {
  const businessId = ref.kind === 'business' ? ref.businessId : null;
  // Opened by a concurrent transaction that committed after this statement's snapshot: neither
  // half sees it, so the next statement (a new snapshot) does.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const { rows } = await db.query<{ id: number | string }>(
      `WITH opened AS (
       INSERT INTO ledger_accounts (organisation_id, business_id, kind, currency)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (organisation_id, business_id, kind, currency) DO NOTHING
       RETURNING id)
     SELECT id FROM opened
     UNION ALL
     SELECT id FROM ledger_accounts
      WHERE organisation_id = $1 AND business_id IS NOT DISTINCT FROM $2 AND kind = $3 AND currency = $4
     LIMIT 1`,
      [organisationId, businessId, ref.kind, ref.currency],
    );
    if (rows[0]) return Number(rows[0].id);
  }
  throw new Error(`Ledger account ${ref.kind} ${ref.currency} of organisation ${organisationId} not found`);
}

/** PostgreSQL's SQLSTATE of an error from either driver. */
const sqlState = (error: unknown) => (error as { code?: unknown } | null)?.code;

/** The database's refusals as LedgerErrors (an overdraft, a reference posted before). */
function ledgerErrorOf(error: unknown, what: string): unknown {
  if (sqlState(error) === '23514' && /no_overdraft/.test(String((error as Error).message)))
    return new LedgerError('overdraft', 'The business balance does not cover this movement');
  if (sqlState(error) === '23505' && /ledger_entries_reference/.test(String((error as Error).message)))
    return new LedgerError('duplicate', `An entry for ${what} exists already`);
  return error;
}

/**
 * Posts one entry in one transaction (the caller's, when it passes one): the entry, its postings in
 * account order (so concurrent entries lock accounts in the same order and cannot deadlock), and the
 * balances. An overdraft of a business account aborts it all with LedgerError('overdraft').
 */
export async function postEntry(db: Db, entry: EntryInput): Promise<{ entryId: number }> {
  assertBalanced(entry.postings);
  try {
    return await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number | string }>(
        `INSERT INTO ledger_entries (organisation_id, kind, reference, description, created_at)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [entry.organisationId, entry.kind, entry.reference, entry.description ?? null, entry.at],
      );
      const entryId = Number(rows[0].id);
      const resolved = [];
      for (const posting of entry.postings) {
        resolved.push({
          accountId: await accountId(tx, entry.organisationId, posting.account),
          currency: posting.account.currency,
          amount: posting.amount,
        });
      }
      resolved.sort((a, b) => a.accountId - b.accountId);
      for (const p of resolved) {
        await tx.query(
          'INSERT INTO ledger_postings (entry_id, account_id, currency, amount) VALUES ($1, $2, $3, $4)',
          [entryId, p.accountId, p.currency, p.amount],
        );
      }
      // The deferred zero-sum check runs at commit; run it now too, so its error surfaces here.
      await tx.query('SET CONSTRAINTS ledger_postings_balanced IMMEDIATE');
      return { entryId };
    });
  } catch (error) {
    throw ledgerErrorOf(error, entry.reference);
  }
}

/**
 * Posts many entries in one transaction (the caller's, when it passes one) with a handful of
 * statements whatever their number: the demo seed and bulk loads. The same checks as postEntry (each
 * entry balanced before anything is written, the database's zero-sum, overdraft and once-per-reference
 * rules), applied in the order given: postings are written entry by entry, so an entry that would
 * overdraw a business account at its place in the list aborts the whole batch, as do a duplicate
 * reference and an unbalanced entry. Every account the batch touches is locked first, in account
 * order, so a batch and concurrent postEntry calls cannot deadlock. Answers the entry ids in order.
 */
export async function postEntries(db: Db, entries: readonly EntryInput[]): Promise<{ entryIds: number[] }> {
  for (const entry of entries) assertBalanced(entry.postings);
  if (entries.length === 0) return { entryIds: [] };
  const keyOf = (organisationId: number, ref: AccountRef) =>
    `${organisationId}|${ref.kind === 'business' ? ref.businessId : ''}|${ref.kind}|${ref.currency}`;
  const accounts = new Map<string, { organisationId: number; ref: AccountRef }>();
  for (const entry of entries) {
    for (const { account } of entry.postings) {
      const key = keyOf(entry.organisationId, account);
      if (!accounts.has(key)) accounts.set(key, { organisationId: entry.organisationId, ref: account });
    }
  }
  const list = [...accounts.values()];
  const accountArrays = [
    list.map((a) => a.organisationId),
    list.map((a) => (a.ref.kind === 'business' ? a.ref.businessId : null)),
    list.map((a) => a.ref.kind),
    list.map((a) => a.ref.currency),
  ];
  try {
    return await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO ledger_accounts (organisation_id, business_id, kind, currency)
         SELECT o, b, k, c FROM unnest($1::int[], $2::int[], $3::text[], $4::text[]) WITH ORDINALITY AS a(o, b, k, c, n)
          ORDER BY n
         ON CONFLICT (organisation_id, business_id, kind, currency) DO NOTHING`,
        accountArrays,
      );
      const { rows: found } = await tx.query<{
        id: number | string;
        organisation_id: number;
        business_id: number | null;
        kind: AccountKind;
        currency: string;
      }>(
        `SELECT id, organisation_id, business_id, kind, currency FROM ledger_accounts
          WHERE (organisation_id, COALESCE(business_id, 0), kind, currency) IN
                (SELECT o, COALESCE(b, 0), k, c FROM unnest($1::int[], $2::int[], $3::text[], $4::text[]) AS a(o, b, k, c))
          ORDER BY id FOR UPDATE`,
        accountArrays,
      );
      const ids = new Map<string, number>();
      for (const r of found) {
        const ref: AccountRef =
          r.kind === 'business'
            ? { kind: 'business', businessId: Number(r.business_id), currency: r.currency }
            : { kind: r.kind, currency: r.currency };
        ids.set(keyOf(r.organisation_id, ref), Number(r.id));
      }
      const { rows: inserted } = await tx.query<{
        id: number | string;
        organisation_id: number;
        reference: string;
      }>(
        `INSERT INTO ledger_entries (organisation_id, kind, reference, description, created_at)
         SELECT o, k, r, d, t::timestamptz
           FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS e(o, k, r, d, t, n)
          ORDER BY n
         RETURNING id, organisation_id, reference`,
        [
          entries.map((e) => e.organisationId),
          entries.map((e) => e.kind),
          entries.map((e) => e.reference),
          entries.map((e) => e.description ?? null),
          entries.map((e) => e.at.toISOString()),
        ],
      );
      // RETURNING names each row, so the ids are matched by reference, not by the order of the answer.
      const byReference = new Map(inserted.map((r) => [`${r.organisation_id}|${r.reference}`, Number(r.id)]));
      const entryIds = entries.map((e) => byReference.get(`${e.organisationId}|${e.reference}`) as number);
      const postings: { entryId: number; accountId: number; currency: string; amount: string }[] = [];
      entries.forEach((entry, i) => {
        const resolved = entry.postings.map((p) => ({
          entryId: entryIds[i],
          accountId: ids.get(keyOf(entry.organisationId, p.account)) as number,
          currency: p.account.currency,
          amount: p.amount,
        }));
        resolved.sort((a, b) => a.accountId - b.accountId);
        postings.push(...resolved);
      });
      await tx.query(
        `INSERT INTO ledger_postings (entry_id, account_id, currency, amount)
         SELECT e, a, c, m::numeric
           FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[]) WITH ORDINALITY AS p(e, a, c, m, n)
          ORDER BY n`,
        [
          postings.map((p) => p.entryId),
          postings.map((p) => p.accountId),
          postings.map((p) => p.currency),
          postings.map((p) => p.amount),
        ],
      );
      await tx.query('SET CONSTRAINTS ledger_postings_balanced IMMEDIATE');
      return { entryIds };
    });
  } catch (error) {
    throw ledgerErrorOf(error, entries.length === 1 ? entries[0].reference : 'one of these references');
  }
}

export interface AccountBalance {
  accountId: number;
  kind: AccountKind;
  businessId: number | null;
  currency: string;
  /** A decimal string. */
  balance: string;
}

/** Every account of an organisation with its balance (decimal strings). */
export async function balances(db: Db, organisationId: number): Promise<AccountBalance[]> {
  const { rows } = await db.query<{
    id: number | string;
    kind: AccountKind;
    business_id: number | null;
    currency: string;
    balance: string;
  }>(
    `SELECT id, kind, business_id, currency, balance::text AS balance
       FROM ledger_accounts WHERE organisation_id = $1 ORDER BY id`,
    [organisationId],
  );
  return rows.map((r) => ({
    accountId: Number(r.id),
    kind: r.kind,
    businessId: r.business_id,
    currency: r.currency,
    balance: new Big(r.balance).toFixed(),
  }));
}
