/**
 * The double-entry ledger: the only code that writes it (docs/architecture.md#layers, `server/ledger/`).
 *
 * An entry moves money between accounts: its postings (decimal strings, never floats) sum to zero
 * in every currency. `postEntry` checks that before it writes, and the database checks it again
 * (migration 0011), with the balance updates, the overdraft refusal of business accounts and the
 * append-only rule, so no other code path can break them. Accounts are one per organisation ×
 * business × kind × currency, opened on first use. `postEntries` posts many entries with a few
 * statements (the demo seed, bulk loads), under the same rules.
 *
 * Every entry is posted for an `OrgScope` (a request's `scopeOf(request)`, or the seed's
 * `systemScope`): its accounts are the scope's organisation's, and an API key's scope reaches its own
 * business only. A movement's entries (a conversion and its fee, a hold and its execution) are posted
 * together by `postMovement`: one savepoint inside the caller's transaction that first locks every
 * account they touch in account order (`lockAccounts`), so movements sharing accounts never deadlock,
 * and a refused movement (LedgerError) leaves the caller's transaction usable, with none of its entries.
 *
 * Held funds (migration 0036): a business's 'held' account of a currency holds what a movement under
 * way reserved (`holdPostings`, `releasePostings`); its 'business' account is what the business can
 * still move (available). Neither goes below zero.
 */
import Big from 'big.js';
import type { OrgScope } from '../auth/scope';
import type { Db } from '../db/client';

export type AccountKind = 'business' | 'held' | 'external' | 'fee' | 'conversion';

/**
 * An account by what it is: a business's balance in a currency (what it can move), its held funds in
 * that currency (reserved by a movement under way), or an organisation's counter-account.
 */
export type AccountRef =
  | { kind: 'business' | 'held'; businessId: number; currency: string }
  | { kind: 'external' | 'fee' | 'conversion'; currency: string };

/** Whether an account belongs to a business (its balance or its held funds). */
const businessOf = (ref: AccountRef): number | null =>
  ref.kind === 'business' || ref.kind === 'held' ? ref.businessId : null;

export interface PostingInput {
  account: AccountRef;
  /** A decimal string: positive credits the account, negative debits it. Never zero. */
  amount: string;
}

/** An entry; the organisation is the scope's it is posted for. */
export interface EntryInput {
  /** What moved the money: 'payment', 'withdrawal', 'transfer', 'conversion', 'manual', … */
  kind: string;
  /** The record the entry belongs to ('payment:42'); one entry per reference and organisation. */
  reference: string;
  description?: string;
  at: Date;
  postings: readonly PostingInput[];
}

/** An entry of a bulk load, each with the scope it is posted for (postEntries). */
export interface ScopedEntry extends EntryInput {
  scope: OrgScope;
}

/** Why an entry was refused before it reached the database (or by it, for an overdraft). */
export class LedgerError extends Error {
  constructor(
    readonly code:
      'unbalanced' | 'invalid-amount' | 'too-few-postings' | 'overdraft' | 'duplicate' | 'out-of-scope',
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
 * Refuses a posting to a business outside the scope: an API key's scope reaches its own business only.
 * (Another organisation's business is refused by the database: an account's business is one of its
 * organisation's, migration 0012.)
 */
function assertInScope(scope: OrgScope, postings: readonly PostingInput[]): void {
  if (scope.onlyBusinessId === null) return;
  const outside = postings.find((p) => {
    const businessId = businessOf(p.account);
    return businessId !== null && businessId !== scope.onlyBusinessId;
  });
  if (outside)
    throw new LedgerError(
      'out-of-scope',
      `Business ${businessOf(outside.account)} is outside the caller's scope`,
    );
}

/**
 * The id of an account, opened (with a zero balance) on first use. It takes no lock on an existing
 * account: the balance's row lock is taken by the posting, in account order.
 */
export async function accountId(db: Db, scope: OrgScope, ref: AccountRef): Promise<number> {
  const organisationId = scope.organisationId;
  const businessId = businessOf(ref);
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
    return new LedgerError(
      'overdraft',
      'The business balance (or its held funds) does not cover this movement',
    );
  if (sqlState(error) === '23505' && /ledger_entries_reference/.test(String((error as Error).message)))
    return new LedgerError('duplicate', `An entry for ${what} exists already`);
  return error;
}

/**
 * Runs `work` as one savepoint of the caller's transaction (or of a new one): the deferred zero-sum
 * check of the entries it wrote is run at its end (and the constraint set back to deferred, so the
 * next entry of the transaction is checked at its own end, not after its first posting), and a refusal
 * rolls back to the savepoint, leaving the transaction as it was before and usable.
 */
async function asSavepoint<T>(db: Db, what: string, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query('SAVEPOINT ledger_entry');
    try {
      const result = await work(tx);
      // The deferred zero-sum check runs now, so its error surfaces here, then waits for the next entry.
      await tx.query('SET CONSTRAINTS ledger_postings_balanced IMMEDIATE');
      await tx.query('SET CONSTRAINTS ledger_postings_balanced DEFERRED');
      await tx.query('RELEASE SAVEPOINT ledger_entry');
      return result;
    } catch (error) {
      // Back to before the entry (its rows, balances and constraint mode); a broken connection fails
      // the caller's transaction anyway.
      await tx
        .query('ROLLBACK TO SAVEPOINT ledger_entry')
        .then(() => tx.query('RELEASE SAVEPOINT ledger_entry'))
        .catch(() => undefined);
      throw ledgerErrorOf(error, what);
    }
  });
}

/** An account's key within its organisation (what `lockAccounts` answers its id by). */
const keyOfRef = (ref: AccountRef) => `${businessOf(ref) ?? ''}|${ref.kind}|${ref.currency}`;

/**
 * Locks the accounts a movement will post to, in account-id order, before its first posting: every
 * movement (each request's, each simulator credit, the seed's) takes its accounts' row locks in that one
 * order, so two movements that share accounts take turns and never deadlock, however many entries each
 * posts (a posting's balance update would otherwise take the second entry's locks after the first's).
 * Accounts not yet opened are opened first, in key order.
 * Answers each account's id by its key.
 */
export async function lockAccounts(
  db: Db,
  scope: OrgScope,
  refs: readonly AccountRef[],
): Promise<Map<string, number>> {
  const byKey = new Map(refs.map((ref) => [keyOfRef(ref), ref]));
  const ids = new Map<string, number>();
  // Opened in one order too: two movements opening the same new accounts wait on each other's inserts.
  for (const key of [...byKey.keys()].sort()) ids.set(key, await accountId(db, scope, byKey.get(key)!));
  // FOR NO KEY UPDATE is the lock a balance update takes: taking it now fixes the order.
  await db.query(
    'SELECT id FROM ledger_accounts WHERE id = ANY ($1::bigint[]) ORDER BY id FOR NO KEY UPDATE',
    [[...new Set(ids.values())]],
  );
  return ids;
}

/**
 * Posts the entries of one movement for a scope, in the caller's transaction when it passes one (one
 * savepoint of it) or in its own: first every account the entries touch is locked in account order
 * (`lockAccounts`), then each entry and its postings are written in the order given, with the
 * balances. An overdraft of a business account (or of its held funds) refuses the movement with
 * LedgerError('overdraft'); the caller's transaction goes on without any of its entries. A movement
 * posts all its entries in one call (a hold and its execution, a conversion and its fee): a second
 * call would take its accounts' locks after the first's. Answers the entries' ids in order.
 */
export async function postMovement(
  db: Db,
  scope: OrgScope,
  entries: readonly EntryInput[],
): Promise<{ entryIds: number[] }> {
  if (entries.length === 0) return { entryIds: [] };
  for (const entry of entries) {
    assertBalanced(entry.postings);
    assertInScope(scope, entry.postings);
  }
  const what = entries.length === 1 ? entries[0].reference : entries.map((e) => e.reference).join(', ');
  return asSavepoint(db, what, async (tx) => {
    const ids = await lockAccounts(
      tx,
      scope,
      entries.flatMap((entry) => entry.postings.map((posting) => posting.account)),
    );
    const entryIds: number[] = [];
    for (const entry of entries) {
      const { rows } = await tx.query<{ id: number | string }>(
        `INSERT INTO ledger_entries (organisation_id, kind, reference, description, created_at)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [scope.organisationId, entry.kind, entry.reference, entry.description ?? null, entry.at],
      );
      const entryId = Number(rows[0].id);
      const resolved = entry.postings
        .map((posting) => ({
          accountId: ids.get(keyOfRef(posting.account)) as number,
          currency: posting.account.currency,
          amount: posting.amount,
        }))
        .sort((a, b) => a.accountId - b.accountId);
      // One statement: the entry's postings are all there when its check runs.
      await tx.query(
        `INSERT INTO ledger_postings (entry_id, account_id, currency, amount)
         SELECT $1, a, c, m::numeric FROM unnest($2::bigint[], $3::text[], $4::text[]) WITH ORDINALITY AS p(a, c, m, n)
          ORDER BY n`,
        [
          entryId,
          resolved.map((p) => p.accountId),
          resolved.map((p) => p.currency),
          resolved.map((p) => p.amount),
        ],
      );
      entryIds.push(entryId);
    }
    return { entryIds };
  });
}

/** Posts one entry for a scope: a movement of one entry (`postMovement`). */
export async function postEntry(db: Db, scope: OrgScope, entry: EntryInput): Promise<{ entryId: number }> {
  const { entryIds } = await postMovement(db, scope, [entry]);
  return { entryId: entryIds[0] };
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
export async function postEntries(db: Db, entries: readonly ScopedEntry[]): Promise<{ entryIds: number[] }> {
  for (const entry of entries) {
    assertBalanced(entry.postings);
    assertInScope(entry.scope, entry.postings);
  }
  if (entries.length === 0) return { entryIds: [] };
  const keyOf = (organisationId: number, ref: AccountRef) => `${organisationId}|${keyOfRef(ref)}`;
  const accounts = new Map<string, { organisationId: number; ref: AccountRef }>();
  for (const entry of entries) {
    for (const { account } of entry.postings) {
      const key = keyOf(entry.scope.organisationId, account);
      if (!accounts.has(key)) accounts.set(key, { organisationId: entry.scope.organisationId, ref: account });
    }
  }
  const list = [...accounts.values()];
  const accountArrays = [
    list.map((a) => a.organisationId),
    list.map((a) => businessOf(a.ref)),
    list.map((a) => a.ref.kind),
    list.map((a) => a.ref.currency),
  ];
  return asSavepoint(
    db,
    entries.length === 1 ? entries[0].reference : 'one of these references',
    async (tx) => {
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
          r.kind === 'business' || r.kind === 'held'
            ? { kind: r.kind, businessId: Number(r.business_id), currency: r.currency }
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
          entries.map((e) => e.scope.organisationId),
          entries.map((e) => e.kind),
          entries.map((e) => e.reference),
          entries.map((e) => e.description ?? null),
          entries.map((e) => e.at.toISOString()),
        ],
      );
      // RETURNING names each row, so the ids are matched by reference, not by the order of the answer.
      const byReference = new Map(inserted.map((r) => [`${r.organisation_id}|${r.reference}`, Number(r.id)]));
      const entryIds = entries.map(
        (e) => byReference.get(`${e.scope.organisationId}|${e.reference}`) as number,
      );
      const postings: { entryId: number; accountId: number; currency: string; amount: string }[] = [];
      entries.forEach((entry, i) => {
        const resolved = entry.postings.map((p) => ({
          entryId: entryIds[i],
          accountId: ids.get(keyOf(entry.scope.organisationId, p.account)) as number,
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
      return { entryIds };
    },
  );
}

export interface AccountBalance {
  accountId: number;
  kind: AccountKind;
  businessId: number | null;
  currency: string;
  /** A decimal string. */
  balance: string;
}

/** Every account of the scope's organisation with its balance (decimal strings). */
export async function balances(db: Db, scope: OrgScope): Promise<AccountBalance[]> {
  const { rows } = await db.query<{
    id: number | string;
    kind: AccountKind;
    business_id: number | null;
    currency: string;
    balance: string;
  }>(
    `SELECT id, kind, business_id, currency, balance::text AS balance
       FROM ledger_accounts WHERE organisation_id = $1 ORDER BY id`,
    [scope.organisationId],
  );
  return rows.map((r) => ({
    accountId: Number(r.id),
    kind: r.kind,
    businessId: r.business_id,
    currency: r.currency,
    balance: new Big(r.balance).toFixed(),
  }));
}

/** A business's money in one currency: what it can move, what a movement under way reserved, and both. */
export interface FundsBalance {
  currency: string;
  /** The 'business' account: what the business can still move (decimal string). */
  available: string;
  /** The 'held' account: reserved by movements under way (decimal string). */
  held: string;
  /** available + held: what the business owns. */
  total: string;
}

/** A business's available and held funds per currency (currencies in code order), of the scope's organisation. */
export async function fundsOf(db: Db, scope: OrgScope, businessId: number): Promise<FundsBalance[]> {
  const { rows } = await db.query<{ currency: string; available: string; held: string }>(
    `SELECT currency,
            COALESCE(sum(balance) FILTER (WHERE kind = 'business'), 0)::text AS available,
            COALESCE(sum(balance) FILTER (WHERE kind = 'held'), 0)::text AS held
       FROM ledger_accounts
      WHERE organisation_id = $1 AND business_id = $2 AND kind IN ('business', 'held')
      GROUP BY currency ORDER BY currency COLLATE "C"`,
    [scope.organisationId, businessId],
  );
  return rows.map((r) => ({
    currency: r.currency,
    available: new Big(r.available).toFixed(),
    held: new Big(r.held).toFixed(),
    total: new Big(r.available).plus(r.held).toFixed(),
  }));
}

/**
 * Whether a business has ever held a currency: an account of it in that currency exists (it is opened
 * by the first posting and never removed).
 */
export async function holdsCurrency(
  db: Db,
  scope: OrgScope,
  businessId: number,
  currency: string,
): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM ledger_accounts
      WHERE organisation_id = $1 AND business_id = $2 AND kind = 'business' AND currency = $3`,
    [scope.organisationId, businessId, currency],
  );
  return rows.length > 0;
}

/** The postings of a hold: `amount` of the business's available balance reserved (refused beyond it). */
export function holdPostings(businessId: number, currency: string, amount: string): PostingInput[] {
  return [
    { account: { kind: 'business', businessId, currency }, amount: new Big(amount).times(-1).toFixed() },
    { account: { kind: 'held', businessId, currency }, amount: new Big(amount).toFixed() },
  ];
}

/** The postings of a release: `amount` of the held funds back to the available balance (a rejection). */
export function releasePostings(businessId: number, currency: string, amount: string): PostingInput[] {
  return [
    { account: { kind: 'held', businessId, currency }, amount: new Big(amount).times(-1).toFixed() },
    { account: { kind: 'business', businessId, currency }, amount: new Big(amount).toFixed() },
  ];
}
