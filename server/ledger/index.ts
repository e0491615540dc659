/**
 * The double-entry ledger: the only code that writes it (DESIGN.md section 3, `server/ledger/`).
 *
 * An entry moves money between accounts: its postings (decimal strings, never floats) sum to zero
 * in every currency. `postEntry` checks that before it writes, and the database checks it again at
 * commit (migration 0011), with the balance updates, the overdraft refusal of business accounts and
 * the append-only rule, so no other code path can break them. Accounts are one per organisation ×
 * business × kind × currency, opened on first use.
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
    if (sqlState(error) === '23514' && /no_overdraft/.test(String((error as Error).message)))
      throw new LedgerError('overdraft', 'The business balance does not cover this movement');
    if (sqlState(error) === '23505' && /ledger_entries_reference/.test(String((error as Error).message)))
      throw new LedgerError('duplicate', `An entry for ${entry.reference} exists already`);
    throw error;
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
