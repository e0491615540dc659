/**
 * A tiny simulator step for the runner's tests: it advances the due rows of a table of its own the way
 * every movement's step must (FOR UPDATE SKIP LOCKED, one row per transaction), counting each advance,
 * so a test can prove that two runners at once advance a row once.
 */
import type { Db } from '../../server/db/client';
import type { SimulatorStep } from '../../server/simulator/steps';

export async function createProbeTable(db: Db, rows: number, dueAt: Date): Promise<void> {
  await db.exec(
    `CREATE TABLE IF NOT EXISTS simulator_probe (
       id integer PRIMARY KEY, due_at timestamptz NOT NULL, state text NOT NULL, advanced integer NOT NULL DEFAULT 0)`,
  );
  await db.query('DELETE FROM simulator_probe');
  await db.query(
    `INSERT INTO simulator_probe (id, due_at, state) SELECT g, $2, 'DUE' FROM generate_series(1, $1) g`,
    [rows, dueAt],
  );
}

export const probeStep: SimulatorStep = {
  name: 'probe',
  async run(db, now, limit) {
    let moved = 0;
    while (moved < limit) {
      const advanced = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: number }>(
          `SELECT id FROM simulator_probe WHERE state = 'DUE' AND due_at <= $1
            ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`,
          [now],
        );
        if (rows.length === 0) return false;
        // A little work inside the row's transaction, so that two runners overlap.
        await tx.query('SELECT pg_sleep(0.005)');
        await tx.query("UPDATE simulator_probe SET state = 'DONE', advanced = advanced + 1 WHERE id = $1", [
          rows[0].id,
        ]);
        return true;
      });
      if (!advanced) break;
      moved++;
    }
    return moved;
  },
};

export const failingStep: SimulatorStep = {
  name: 'failing',
  run: () => Promise.reject(new Error('the provider is down')),
};
