/**
 * The tail every money movement shares (docs/decisions.md 202): one transaction in the one that holds
 * the Idempotency-Key (`dbOf(request)`), the movement's own SQL and ledger entries, and its audit row.
 * A movement's handler checks its input, then hands `createMovement` (a new movement) or
 * `changeMovement` (a decision on one: approve, reject, execute) a `write` that runs its SQL and posts
 * its entries through `post`; the helper adds the rest:
 *
 * - `post(...entries)` is the ledger's `postMovement` for the caller's scope (`scopeOf(request)`) in
 *   the movement's transaction, answering the entries' ids: every entry of the movement in one call
 *   (a hold and its execution, a conversion and its fee), which locks all their accounts in account
 *   order first, so movements sharing accounts cannot deadlock; a second call is refused (it would lock
 *   its accounts after the first's). The ledger's overdraft refusal becomes the movement's `overdraft`
 *   answer ('Insufficient balance' on its amount field), any other refusal is thrown as is;
 * - the audit row (`entityType`, the `audited` fields of `changesBetween`, action 'create' or the
 *   decision's) is written after `write`, in the same transaction;
 * - anything thrown rolls the whole transaction back: no row, no entry, no audit row, and no stored key
 *   (server/http/idempotency.ts rolls its claim back with it).
 *
 * `write` runs first inside the transaction, so the locks a movement takes (a decision's row lock
 * `FOR UPDATE`, then the balances' by its postings) keep their order. Should PostgreSQL still pick the
 * movement as a deadlock victim or report a serialisation failure (40P01, 40001: a lock order outside
 * the ledger's), `write` and the audit row run again from a savepoint, a few times with a random
 * pause, so the client never sees a 500 for it; under its Idempotency-Key nothing of a failed try
 * remains. A decision reads the clock after its row lock, not before, so a quote's expiry and a
 * decision's time are judged as the lock holder sees them. The helper answers the record;
 * the handler sends it (`reply.code(201).send({ transfer })`), so the route's typed reply still checks
 * the body against its response schema.
 */
import type { FastifyRequest } from 'fastify';
import { audit, changesBetween } from '../audit';
import { scopeOf } from '../auth/scope';
import type { Db } from '../db/client';
import { LedgerError, postMovement, type EntryInput } from '../ledger';
import { dbOf } from './idempotency';

/** Posts every entry of the movement in its transaction, once; answers the entries' ids in order. */
export type PostMovementEntries = (...entries: EntryInput[]) => Promise<number[]>;

/** A movement's record as it answers it: an id and fields an audit row may show. */
type MovementRecord = { id: number } & Record<string, unknown>;

interface MovementTail<S> {
  /** The audit row's entity type (the route's `config.audit`). */
  entityType: string;
  /** The fields the audit row compares (never a secret). */
  audited: readonly (keyof S & string)[];
  /** What an overdraft answers (a 400 on the amount); without one the LedgerError is thrown. */
  overdraft?: () => Error;
}

export interface NewMovement<T extends MovementRecord, S = T> extends MovementTail<S> {
  /** Inserts the movement and posts its entries; answers the record the route answers. */
  write(tx: Db, post: PostMovementEntries): Promise<T>;
  /** What the audit row records, when it is more than the answered record (default: the record). */
  auditView?: (record: T) => S;
}

export interface MovementDecision<T extends MovementRecord> extends MovementTail<T> {
  /** The audit row's action: 'approve', 'reject', 'update', … */
  action: string;
  /** Locks the movement, checks it, posts its entries and updates it; answers it before and after. */
  write(tx: Db, post: PostMovementEntries): Promise<{ before: T; after: T }>;
}

function poster(request: FastifyRequest, tx: Db, overdraft?: () => Error): PostMovementEntries {
  const scope = scopeOf(request);
  let posted = false;
  return async (...entries) => {
    if (posted) throw new Error('A movement posts all its entries in one call');
    posted = true;
    try {
      return (await postMovement(tx, scope, entries)).entryIds;
    } catch (error) {
      if (overdraft && error instanceof LedgerError && error.code === 'overdraft') throw overdraft();
      throw error;
    }
  };
}

/** PostgreSQL's deadlock victim and serialisation failure: the movement may run again. */
const RETRYABLE = new Set(['40P01', '40001']);
/** Tries of a movement that keeps losing a deadlock (each after a random pause of up to 20 ms × try). */
export const MOVEMENT_TRIES = 5;

/**
 * Runs a movement's work in the request's transaction from a savepoint, again when PostgreSQL chose it
 * as a deadlock victim or failed it for serialisation (the savepoint's rollback undoes the try and
 * releases its row locks).
 */
async function withRetry<T>(request: FastifyRequest, work: (tx: Db) => Promise<T>): Promise<T> {
  return dbOf(request).transaction(async (tx) => {
    for (let attempt = 1; ; attempt += 1) {
      await tx.query('SAVEPOINT movement');
      try {
        const result = await work(tx);
        await tx.query('RELEASE SAVEPOINT movement');
        return result;
      } catch (error) {
        const code = (error as { code?: unknown } | null)?.code;
        try {
          await tx.query('ROLLBACK TO SAVEPOINT movement');
          await tx.query('RELEASE SAVEPOINT movement');
        } catch {
          throw error; // the transaction is lost (a broken connection): the caller's rollback ends it
        }
        if (typeof code !== 'string' || !RETRYABLE.has(code) || attempt >= MOVEMENT_TRIES) throw error;
        request.log.warn({ code, attempt }, 'movement retried after a deadlock or serialisation failure');
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
      }
    }
  });
}

/** Creates a movement: its SQL and entries (`write`), then its 'create' audit row, in one transaction. */
export function createMovement<T extends MovementRecord, S extends Record<string, unknown> = T>(
  request: FastifyRequest,
  movement: NewMovement<T, S>,
): Promise<T> {
  return withRetry(request, async (tx) => {
    const record = await movement.write(tx, poster(request, tx, movement.overdraft));
    const view = movement.auditView ? movement.auditView(record) : (record as unknown as S);
    await audit(tx, request, {
      action: 'create',
      entityType: movement.entityType,
      entityId: String(record.id),
      changes: changesBetween(null, view, movement.audited),
    });
    return record;
  });
}

/** Decides a movement: its lock, checks, entries and update (`write`), then its audit row, in one transaction. */
export function changeMovement<T extends MovementRecord>(
  request: FastifyRequest,
  decision: MovementDecision<T>,
): Promise<T> {
  return withRetry(request, async (tx) => {
    const { before, after } = await decision.write(tx, poster(request, tx, decision.overdraft));
    await audit(tx, request, {
      action: decision.action,
      entityType: decision.entityType,
      entityId: String(after.id),
      changes: changesBetween(before, after, decision.audited),
    });
    return after;
  });
}
