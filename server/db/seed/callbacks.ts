/**
 * Seed version 6, callbacks (issue 32 §1, docs/decisions.md 241): every demo business gets its signing
 * secret, and the demo's latest events their callbacks, written by the outbox as the changes would have
 * (server/modules/callbacks/outbox.ts), due at once: the first start delivers them for real to the demo
 * merchant receiver (CALLBACK_DEMO_RECEIVER), which answers 200 for every demo host but Lumen Games',
 * which answers 500. So after `npm start` the businesses show delivered and retrying callbacks, and a
 * business without URLs its SKIPPED ones.
 *
 * One callback of Lumen Games starts 31 hours before the seed day with the schedule's first seven
 * attempts as demo history (each the 500 its receiver answers), due again at the seed day: its eighth,
 * last attempt is made at the first start, for real, and sets it FAILED.
 */
import { CALLBACK_RETRY_SCHEDULE_S } from '../../../src/domain/callbacks';
import { systemScope } from '../../auth/systemScope';
import { recordCallback } from '../../modules/callbacks/outbox';
import { fillCallbackSecrets } from '../callbackSecrets';
import type { Db } from '../client';

/** Payments per business whose last deposit's callback is seeded. */
const PAYMENTS_PER_BUSINESS = 2;
/** The demo merchant whose receiver answers 500 (server/modules/callbacks/demoReceiver.ts). */
export const FAILING_BUSINESS_ID = 2;
/** What that receiver answers (the seeded history's excerpt is the same). */
export const FAILING_ANSWER = '{"message":"Demo merchant: this server is failing on purpose"}';

export async function seedCallbackSecrets(tx: Db, seedDay: Date): Promise<void> {
  await fillCallbackSecrets(tx, new Date(seedDay.getTime() - 120 * 86_400_000));
}

export async function seedDemoCallbacks(tx: Db, seedDay: Date): Promise<void> {
  // The latest confirmed deposits of each business: their payment's last change.
  const { rows: deposits } = await tx.query<{
    payment_id: number | string;
    organisation_id: number;
    business_id: number;
    updated_at: Date | string;
  }>(
    `SELECT payment_id, organisation_id, business_id, updated_at FROM (
       SELECT d.payment_id, d.organisation_id, d.business_id, d.updated_at,
              row_number() OVER (PARTITION BY d.business_id ORDER BY d.updated_at DESC, d.id DESC) AS n
         FROM payment_deposits d WHERE d.status = 'CONFIRMED') latest
      WHERE n <= $1
      ORDER BY updated_at, payment_id`,
    [PAYMENTS_PER_BUSINESS + 1],
  );
  const oldestOfFailing = deposits.find((d) => d.business_id === FAILING_BUSINESS_ID);
  for (const d of deposits) {
    if (d === oldestOfFailing) continue;
    const ofBusiness = deposits.filter((x) => x.business_id === d.business_id && x !== oldestOfFailing);
    if (ofBusiness.indexOf(d) >= PAYMENTS_PER_BUSINESS) continue;
    await recordCallback(tx, systemScope(d.organisation_id), {
      type: 'deposit.updated',
      entityId: Number(d.payment_id),
      status: 'CONFIRMED',
      at: new Date(d.updated_at),
    });
  }

  // The withdrawals awaiting approval (seed version 5): the approval URL's request.
  const { rows: awaiting } = await tx.query<{
    id: number | string;
    organisation_id: number;
    created_at: Date;
  }>(
    `SELECT id, organisation_id, created_at FROM crypto_withdrawals WHERE status = 'AWAITING_APPROVAL' ORDER BY id`,
  );
  for (const w of awaiting) {
    await recordCallback(tx, systemScope(w.organisation_id), {
      type: 'withdrawal.approval_requested',
      entityId: Number(w.id),
      status: 'AWAITING_APPROVAL',
      at: new Date(w.created_at),
    });
  }

  // Lumen Games' callback at the end of its schedule: seven attempts of history, the eighth due now.
  if (!oldestOfFailing) return;
  const total = CALLBACK_RETRY_SCHEDULE_S.reduce((sum, s) => sum + s, 0);
  const created = new Date(seedDay.getTime() - total * 1000);
  const { id } = await recordCallback(tx, systemScope(oldestOfFailing.organisation_id), {
    type: 'deposit.updated',
    entityId: Number(oldestOfFailing.payment_id),
    status: 'CONFIRMED',
    at: created,
  });
  let at = created.getTime();
  const attempts = CALLBACK_RETRY_SCHEDULE_S.length;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const next = at + CALLBACK_RETRY_SCHEDULE_S[attempt - 1] * 1000;
    await tx.query(
      `INSERT INTO callback_attempts
         (callback_id, attempt, trigger, started_at, status_code, latency_ms, response_excerpt, next_attempt_at)
       VALUES ($1, $2, 'SCHEDULE', $3, 500, $4, $5, $6)`,
      [id, attempt, new Date(at), 3 + ((attempt * 7) % 11), FAILING_ANSWER, new Date(next)],
    );
    at = next;
  }
  await tx.query(
    `UPDATE callbacks SET status = 'RETRYING', attempts = $2, last_status_code = 500, next_attempt_at = $3,
            updated_at = $4
      WHERE id = $1`,
    [id, attempts, new Date(at), new Date(at - CALLBACK_RETRY_SCHEDULE_S[attempts - 1] * 1000)],
  );
}
