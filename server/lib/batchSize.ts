/**
 * Heavy work (exports, reports) in statements sized by time, not by a fixed number of rows. On PGlite
 * one statement runs at a time, so a request that arrives while an export's batch runs waits for that
 * batch: what bounds its wait is the longest background statement. A fixed size is too long on a busy
 * machine (or for wide rows) and needlessly short on a quiet one. A sizer starts at its initial size
 * and, after each statement, aims the next at BATCH_TARGET_MS from the time per row just measured:
 * it shrinks at once, and grows by at most GROWTH per statement, between its bounds.
 *
 * The time is the one the database reports (`ms` of Db.query: PGlite's worker measures how long the
 * statement held the database, its wait for a turn not counted). Where none is reported (PostgreSQL,
 * whose heavy work has its own connections and never holds a request's), the size stays as it is.
 */

/** How long a background statement should hold the database. */
export const BATCH_TARGET_MS = 50;
/** The most a size grows from one statement to the next. */
const GROWTH = 1.5;

export interface BatchSizer {
  /** Rows for the next statement. */
  readonly size: number;
  /** A statement of `rows` rows took `ms` (undefined: not known, nothing changes). */
  record(rows: number, ms: number | undefined): void;
}

export interface BatchSizerOptions {
  initial: number;
  min: number;
  max: number;
  targetMs?: number;
}

export function batchSizer({ initial, min, max, targetMs = BATCH_TARGET_MS }: BatchSizerOptions): BatchSizer {
  let size = Math.min(max, Math.max(min, Math.trunc(initial)));
  return {
    get size() {
      return size;
    },
    record(rows, ms) {
      if (ms === undefined || !Number.isFinite(ms) || rows <= 0) return;
      const aimed = (targetMs * rows) / Math.max(ms, 0.01);
      size = Math.trunc(Math.min(max, Math.max(min, aimed, 1), size * GROWTH));
    },
  };
}

/** A fixed size (a caller's explicit one, tests): never changes. */
export const fixedSize = (size: number): BatchSizer => ({ size, record: () => {} });
