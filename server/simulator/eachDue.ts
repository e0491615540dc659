/**
 * How every simulator step moves its rows (server/simulator/steps.ts): one due row per transaction,
 * taken with FOR UPDATE SKIP LOCKED, so with several API instances on one PostgreSQL a row moves once
 * whichever instance takes it, and a step that fails on one row leaves the rows before it moved.
 */
import type { Db } from '../db/client';

/**
 * Runs `advance` on up to `limit` due rows, each in its own transaction: `pick` selects one due row
 * with FOR UPDATE SKIP LOCKED (undefined: none left), `advance` moves it. Answers how many moved.
 */
export async function eachDue<R>(
  db: Db,
  limit: number,
  pick: (tx: Db) => Promise<R | undefined>,
  advance: (tx: Db, row: R) => Promise<void>,
): Promise<number> {
  let moved = 0;
  while (moved < limit) {
    const done = await db.transaction(async (tx) => {
      const row = await pick(tx);
      if (row === undefined) return false;
      await advance(tx, row);
      return true;
    });
    if (!done) break;
    moved += 1;
  }
  return moved;
}

/** A `pick` that answers the first row of a statement (its `FOR UPDATE SKIP LOCKED` SELECT). */
export const firstRow =
  <R>(sql: string, params: unknown[]) =>
  async (tx: Db): Promise<R | undefined> =>
    (await tx.query<R>(sql, params)).rows[0];
