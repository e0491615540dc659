/**
 * How every simulator step moves its rows (server/simulator/steps.ts): one due row per transaction,
 * taken with FOR UPDATE SKIP LOCKED, so with several API instances on one PostgreSQL a row moves once
 * whichever instance takes it.
 *
 * A row that cannot be moved never blocks the others (decision 225). Its `advance` runs in a
 * savepoint; when it throws, the row's work is rolled back and, in the same transaction and under
 * the same lock, the step's `setAside` takes the row out of its due rows for good (its FAILED status),
 * `simulator_failures` keeps why, and the runner logs the row's id and the reason. A step's work is
 * the same at every try, so a row that failed once fails again (a deposit whose credit overflows a
 * balance): one try is the bound. Only the database's own passing troubles (a lost connection, a
 * serialization failure or deadlock, a cancelled statement: SQLSTATE classes 08, 40, 53, 57 and
 * 55P03) are no verdict on the row: the step stops there, the row stays due and the next tick tries
 * it again.
 */
import type { Db } from '../db/client';

/** Told of each row a step set aside: its id and why (the error's message). */
export type RowFailed = (failure: { id: number; reason: string }) => void;

/** What a step does with a row it could not move. */
export interface SetAside<R> {
  /** The step's name (`simulator_failures.step`). */
  step: string;
  /** The step's time (`simulator_failures.failed_at`, the row's updated_at). */
  now: Date;
  /** Takes the row out of the step's due rows (its FAILED status), in the row's transaction. */
  mark: (tx: Db, row: R, reason: string) => Promise<void>;
  /** The runner's log of the row (SimulatorStep.run's `failed`). */
  failed?: RowFailed;
}

/** The longest reason kept (migration 0055). */
const REASON_MAX = 500;

/** SQLSTATEs of the database's passing troubles, which say nothing about the row. */
const PASSING = /^(08|40|53|57)|^55P03$/;

const passing = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (PASSING.test(code) || code === 'DB_CLOSED');
};

const reasonOf = (error: unknown) =>
  ((error instanceof Error ? error.message : String(error)).trim() || 'unknown error').slice(0, REASON_MAX);

/**
 * Runs `advance` on up to `limit` due rows, each in its own transaction: `pick` selects one due row
 * with FOR UPDATE SKIP LOCKED (undefined: none left), `advance` moves it, and a row whose `advance`
 * throws is set aside (`aside`, see the module's comment). Answers how many moved.
 */
export async function eachDue<R extends { id: string | number }>(
  db: Db,
  limit: number,
  pick: (tx: Db) => Promise<R | undefined>,
  advance: (tx: Db, row: R) => Promise<void>,
  aside: SetAside<R>,
): Promise<number> {
  let moved = 0;
  let taken = 0;
  while (taken < limit) {
    let failure: { id: number; reason: string } | undefined;
    const outcome = await db.transaction(async (tx) => {
      const row = await pick(tx);
      if (row === undefined) return 'none';
      await tx.query('SAVEPOINT simulator_row');
      try {
        await advance(tx, row);
        await tx.query('RELEASE SAVEPOINT simulator_row');
        return 'moved';
      } catch (error) {
        if (passing(error)) throw error;
        // Should the rollback itself fail (the connection is gone), the transaction ends with it.
        await tx.query('ROLLBACK TO SAVEPOINT simulator_row');
        failure = { id: Number(row.id), reason: reasonOf(error) };
        await aside.mark(tx, row, failure.reason);
        await tx.query(
          `INSERT INTO simulator_failures (step, row_id, reason, failed_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (step, row_id) DO UPDATE SET reason = EXCLUDED.reason, failed_at = EXCLUDED.failed_at`,
          [aside.step, failure.id, failure.reason, aside.now],
        );
        return 'failed';
      }
    });
    if (outcome === 'none') break;
    taken += 1;
    if (outcome === 'moved') moved += 1;
    else if (failure) aside.failed?.(failure);
  }
  return moved;
}

/** The movements' tables whose status takes FAILED (migration 0012). */
type FailingTable =
  'fiat_deposits' | 'fiat_withdrawals' | 'crypto_withdrawals' | 'balance_conversions' | 'payment_deposits';

/** A `mark` that sets the row's status to FAILED (its money stays where its movement put it). */
export const markFailed =
  (table: FailingTable, now: Date) =>
  async (tx: Db, row: { id: string | number }): Promise<void> => {
    await tx.query(`UPDATE ${table} SET status = 'FAILED', updated_at = $2 WHERE id = $1`, [
      Number(row.id),
      now,
    ]);
  };

/** A `pick` that answers the first row of a statement (its `FOR UPDATE SKIP LOCKED` SELECT). */
export const firstRow =
  <R>(sql: string, params: unknown[]) =>
  async (tx: Db): Promise<R | undefined> =>
    (await tx.query<R>(sql, params)).rows[0];
