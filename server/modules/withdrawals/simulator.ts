/**
 * The simulator's withdrawal steps (docs/decisions.md 178): an approved withdrawal (stored PENDING) is
 * broadcast — it gets its transaction hash and turns PROCESSING — BROADCAST_AFTER_MS after its
 * approval, and is confirmed (COMPLETED) CONFIRM_AFTER_MS after its broadcast. The money left at the
 * approval (held → external), so neither step posts to the ledger. Only withdrawals made through the
 * movement (with a hold) are moved; the demo history stays as it is.
 *
 * Each change writes its callback (`withdrawal.updated`, the business's withdrawal URL) in its own
 * transaction, FAILED included (server/modules/callbacks/outbox.ts).
 *
 * Each row is taken with FOR UPDATE SKIP LOCKED in its own transaction, so with several API
 * instances on one PostgreSQL each row moves once; one that cannot be moved is set aside as FAILED
 * (server/simulator/eachDue.ts).
 */
import { createHash } from 'node:crypto';
import { systemScope } from '../../auth/systemScope';
import type { Db } from '../../db/client';
import { eachDue, firstRow, markFailed, type RowFailed } from '../../simulator/eachDue';
import type { SimulatorStep } from '../../simulator/steps';
import { recordCallback } from '../callbacks/outbox';

export const BROADCAST_AFTER_MS = 5_000;
export const CONFIRM_AFTER_MS = 10_000;

/** A transaction hash of the network's form, derived from the withdrawal (deterministic). */
export function simulatedTxHash(id: number, network: string): string {
  const hex = createHash('sha256').update(`crypto-withdrawal:${id}:${network}`).digest('hex');
  return ['ETH', 'BSC'].includes(network) ? `0x${hex}` : hex;
}

/** Moves the due rows in `from` to `to`, one transaction each; answers how many moved. */
async function advance(
  step: string,
  db: Db,
  now: Date,
  limit: number,
  failed: RowFailed | undefined,
  from: 'PENDING' | 'PROCESSING',
  to: 'PROCESSING' | 'COMPLETED',
  afterMs: number,
): Promise<number> {
  const due = new Date(now.getTime() - afterMs);
  type Due = { id: string | number; network: string; organisation_id: number };
  const told = (tx: Db, row: Due, status: string) =>
    recordCallback(tx, systemScope(row.organisation_id), {
      type: 'withdrawal.updated',
      entityId: Number(row.id),
      status,
      at: now,
    });
  return eachDue<Due>(
    db,
    limit,
    firstRow<Due>(
      `SELECT id, network, organisation_id FROM crypto_withdrawals
      WHERE status = $1 AND hold_entry_id IS NOT NULL AND updated_at <= $2
      ORDER BY updated_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [from, due],
    ),
    async (tx, row) => {
      const id = Number(row.id);
      await tx.query(
        `UPDATE crypto_withdrawals SET status = $2, updated_at = $3, tx_hash = COALESCE(tx_hash, $4) WHERE id = $1`,
        [id, to, now, simulatedTxHash(id, row.network)],
      );
      await told(tx, row, to);
    },
    {
      step,
      now,
      failed,
      mark: async (tx, row) => {
        await markFailed('crypto_withdrawals', now)(tx, row);
        await told(tx, row, 'FAILED');
      },
    },
  );
}

export const withdrawalSteps: readonly SimulatorStep[] = [
  {
    name: 'withdrawal-broadcast',
    run: (db, now, limit, failed) =>
      advance('withdrawal-broadcast', db, now, limit, failed, 'PENDING', 'PROCESSING', BROADCAST_AFTER_MS),
  },
  {
    name: 'withdrawal-confirm',
    run: (db, now, limit, failed) =>
      advance('withdrawal-confirm', db, now, limit, failed, 'PROCESSING', 'COMPLETED', CONFIRM_AFTER_MS),
  },
];
