/**
 * The simulator's steps of payment requests (docs/decisions.md 174), as a provider would move them:
 *
 * 1. `payment-request-deposit`: an open request whose `deposit_due_at` has come (DEPOSIT_DELAY_SECONDS
 *    after its creation, ./service.ts) and that has not expired receives its deposit — a payment_deposits row,
 *    PENDING with no confirmation, of the requested amount (an open amount: OPEN_AMOUNT_DEPOSIT).
 * 2. `payment-request-confirmation`: a pending deposit of a request gains one confirmation every
 *    CONFIRMATION_INTERVAL_SECONDS; at REQUIRED_CONFIRMATIONS it is CONFIRMED, credited through the
 *    ledger (`postEntry`: the deposit less the processing fee to the business, the fee to the fee
 *    account, as the demo's history posts them) and the request is PAID.
 * 3. `payment-request-expiry`: an open request past `expires_at` with no deposit under way is EXPIRED.
 *
 * Only requests made through POST /v1/payments move (the demo's history has no address and stays as
 * seeded). Each step takes one due row at a time with `FOR UPDATE SKIP LOCKED`, in its own
 * transaction, re-checked under the lock, and stamps the row with `now`: two runs at once (two API
 * instances) advance a row once. It posts for an organisation with no caller behind it (systemScope):
 * a module's simulator.ts is the one file of server/modules that may import it (docs/decisions.md 203).
 *
 * Each change of a deposit writes its callback in the same transaction (the business's deposit URL,
 * server/modules/callbacks/outbox.ts): `deposit.received` when it arrives, `deposit.updated` at each
 * confirmation, when it is CONFIRMED and when it is set aside FAILED.
 *
 * A row a step cannot move is set aside and the step goes on with the next (decision 225,
 * server/simulator/eachDue.ts): a request that cannot receive its deposit receives none (it expires
 * at its time), a deposit that cannot be credited is FAILED (its request then expires), and a request
 * that cannot be expired is CANCELLED.
 */
import Big from 'big.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { systemScope } from '../../auth/systemScope';
import { DEPOSIT_FEE_RATE } from '../../db/seed/activity';
import { postEntry } from '../../ledger';
import { recordCallback } from '../callbacks/outbox';
import { eachDue, firstRow, markFailed } from '../../simulator/eachDue';
import type { SimulatorStep } from '../../simulator/steps';

/** Seconds between two confirmations of a deposit. */
export const CONFIRMATION_INTERVAL_SECONDS = 4;
/** Confirmations after which a deposit is CONFIRMED and credited. */
export const REQUIRED_CONFIRMATIONS = 3;
/** What an open-amount request receives. */
export const OPEN_AMOUNT_DEPOSIT = '0.01';

/** A transaction hash of the simulated deposit: 64 hex digits (0x-prefixed on EVM networks). */
function txHashOf(paymentId: number, network: string): string {
  const hex = bytesToHex(sha256(utf8ToBytes(`simulated-deposit:${paymentId}`)));
  return network === 'ETH' || network === 'BSC' ? `0x${hex}` : hex;
}

interface DueRequest {
  id: string | number;
  organisation_id: number;
  business_id: number;
  currency: string;
  network: string;
  expected: string;
}

export const depositStep: SimulatorStep = {
  name: 'payment-request-deposit',
  run: (db, now, limit, failed) =>
    eachDue<DueRequest>(
      db,
      limit,
      firstRow<DueRequest>(
        `SELECT id, organisation_id, business_id, deposit_currency AS currency, deposit_network AS network,
              trim_scale(expected_amount)::text AS expected
         FROM payments
        WHERE status = 'PENDING' AND deposit_due_at IS NOT NULL AND deposit_due_at <= $1 AND expires_at > $1
        ORDER BY deposit_due_at, id
        LIMIT 1
          FOR UPDATE SKIP LOCKED`,
        [now],
      ),
      async (tx, p) => {
        const id = Number(p.id);
        const amount = new Big(p.expected).gt(0) ? p.expected : OPEN_AMOUNT_DEPOSIT;
        await tx.query(
          `INSERT INTO payment_deposits
             (payment_id, organisation_id, business_id, status, currency, network, amount, tx_hash,
              confirmations, created_at, updated_at)
           VALUES ($1, $2, $3, 'PENDING', $4, $5, $6::numeric, $7, 0, $8, $8)`,
          [id, p.organisation_id, p.business_id, p.currency, p.network, amount, txHashOf(id, p.network), now],
        );
        await tx.query('UPDATE payments SET deposit_due_at = NULL, updated_at = $2 WHERE id = $1', [id, now]);
        await recordCallback(tx, systemScope(p.organisation_id), {
          type: 'deposit.received',
          entityId: id,
          status: 'PENDING',
          at: now,
        });
      },
      {
        step: 'payment-request-deposit',
        now,
        failed,
        mark: async (tx, p) => {
          await tx.query('UPDATE payments SET deposit_due_at = NULL, updated_at = $2 WHERE id = $1', [
            Number(p.id),
            now,
          ]);
        },
      },
    ),
};

interface PendingDeposit {
  id: string | number;
  payment_id: string | number;
  organisation_id: number;
  business_id: number;
  currency: string;
  amount: string;
  confirmations: number;
  expected: string;
  precision: number;
}

/** The payment's status once a deposit of `received` is confirmed against `expected` (0: any amount). */
function paidStatus(received: Big, expected: Big): 'PAID' | 'UNDERPAID' | 'OVERPAID' {
  if (expected.eq(0) || received.eq(expected)) return 'PAID';
  return received.lt(expected) ? 'UNDERPAID' : 'OVERPAID';
}

export const confirmationStep: SimulatorStep = {
  name: 'payment-request-confirmation',
  run: (db, now, limit, failed) =>
    eachDue<PendingDeposit>(
      db,
      limit,
      firstRow<PendingDeposit>(
        `SELECT d.id, d.payment_id, d.organisation_id, d.business_id, d.currency,
              trim_scale(d.amount)::text AS amount, d.confirmations,
              trim_scale(p.expected_amount)::text AS expected, cn.precision
         FROM payment_deposits d
         JOIN payments p ON p.id = d.payment_id
         JOIN currency_networks cn ON cn.currency = d.currency AND cn.network = d.network
        WHERE d.status = 'PENDING' AND p.address IS NOT NULL AND p.status = 'PENDING'
          AND d.updated_at <= $1::timestamptz - make_interval(secs => $2)
        ORDER BY d.created_at, d.id
        LIMIT 1
          FOR UPDATE OF d, p SKIP LOCKED`,
        [now, CONFIRMATION_INTERVAL_SECONDS],
      ),
      async (tx, d) => {
        const id = Number(d.id);
        const paymentId = Number(d.payment_id);
        const confirmations = Number(d.confirmations) + 1;
        const told = (status: 'PENDING' | 'CONFIRMED') =>
          recordCallback(tx, systemScope(d.organisation_id), {
            type: 'deposit.updated',
            entityId: paymentId,
            status,
            at: now,
          });
        if (confirmations < REQUIRED_CONFIRMATIONS) {
          await tx.query('UPDATE payment_deposits SET confirmations = $2, updated_at = $3 WHERE id = $1', [
            id,
            confirmations,
            now,
          ]);
          await told('PENDING');
          return;
        }
        const amount = new Big(d.amount);
        const fee = amount.times(DEPOSIT_FEE_RATE).round(Number(d.precision), Big.roundDown);
        const { entryId } = await postEntry(tx, systemScope(d.organisation_id), {
          kind: 'payment',
          reference: `payment-deposit:${id}`,
          description: `Deposit ${id} of payment ${paymentId}`,
          at: now,
          postings: [
            { account: { kind: 'external', currency: d.currency }, amount: amount.times(-1).toFixed() },
            {
              account: { kind: 'business', businessId: d.business_id, currency: d.currency },
              amount: amount.minus(fee).toFixed(),
            },
            ...(fee.gt(0)
              ? [{ account: { kind: 'fee' as const, currency: d.currency }, amount: fee.toFixed() }]
              : []),
          ],
        });
        await tx.query(
          `UPDATE payment_deposits SET status = 'CONFIRMED', confirmations = $2, ledger_entry_id = $3, updated_at = $4
            WHERE id = $1`,
          [id, confirmations, entryId, now],
        );
        await tx.query('UPDATE payments SET status = $2, updated_at = $3 WHERE id = $1', [
          paymentId,
          paidStatus(amount, new Big(d.expected)),
          now,
        ]);
        await told('CONFIRMED');
      },
      {
        step: 'payment-request-confirmation',
        now,
        failed,
        // FAILED is a change of the deposit the merchant is told of, in the same transaction.
        mark: async (tx, d) => {
          await markFailed('payment_deposits', now)(tx, d);
          await recordCallback(tx, systemScope(d.organisation_id), {
            type: 'deposit.updated',
            entityId: Number(d.payment_id),
            status: 'FAILED',
            at: now,
          });
        },
      },
    ),
};

export const expiryStep: SimulatorStep = {
  name: 'payment-request-expiry',
  run: (db, now, limit, failed) =>
    eachDue<{ id: string | number }>(
      db,
      limit,
      firstRow<{ id: string | number }>(
        `SELECT p.id FROM payments p
        WHERE p.status = 'PENDING' AND p.address IS NOT NULL AND p.expires_at <= $1
          AND NOT EXISTS (SELECT 1 FROM payment_deposits d WHERE d.payment_id = p.id AND d.status = 'PENDING')
        ORDER BY p.expires_at, p.id
        LIMIT 1
          FOR UPDATE OF p SKIP LOCKED`,
        [now],
      ),
      async (tx, p) => {
        await tx.query(
          `UPDATE payments SET status = 'EXPIRED', deposit_due_at = NULL, updated_at = $2 WHERE id = $1`,
          [Number(p.id), now],
        );
      },
      {
        step: 'payment-request-expiry',
        now,
        failed,
        mark: async (tx, p) => {
          await tx.query(
            `UPDATE payments SET status = 'CANCELLED', deposit_due_at = NULL, updated_at = $2 WHERE id = $1`,
            [Number(p.id), now],
          );
        },
      },
    ),
};

/** In the order a request moves: deposit, confirmations, expiry. */
export const paymentRequestSteps: readonly SimulatorStep[] = [depositStep, confirmationStep, expiryStep];
