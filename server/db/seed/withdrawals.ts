/**
 * Seed version 5's withdrawal part (docs/decisions.md 179): one crypto withdrawal awaiting approval in
 * Aurora, made by twofa@example.com to one of Aurora's whitelisted addresses, its amount held (an
 * entry business → held, as the movement does), so the approvals page has one for manager@ or admin@
 * to decide (its creator may not). No approval thresholds: every withdrawal needs an approval.
 */
import Big from 'big.js';
import { systemScope } from '../../auth/systemScope';
import { holdPostings, postEntry } from '../../ledger';
import type { Db } from '../client';
import { AURORA } from './demo';

/** The business, its creator (twofa@, ADMIN) and the candidates in order: the first one covered is used. */
const BUSINESS_ID = 1;
const CREATOR_ID = 7;
const CANDIDATES = [
  { currency: 'BTC', network: 'MAIN', amount: '0.0125' },
  { currency: 'ETH', network: 'ETH', amount: '0.35' },
  { currency: 'USDT', network: 'TRX', amount: '250' },
] as const;

export async function seedPendingWithdrawal(tx: Db, seedDay: Date): Promise<void> {
  const scope = systemScope(AURORA);
  const at = new Date(seedDay.getTime() - 2 * 3600_000);
  for (const candidate of CANDIDATES) {
    const { rows: addresses } = await tx.query<{
      id: number;
      address: string;
      destination_tag: string | null;
    }>(
      `SELECT id, address, destination_tag FROM whitelisted_addresses
        WHERE organisation_id = $1 AND currency = $2 AND network = $3 ORDER BY id LIMIT 1`,
      [AURORA, candidate.currency, candidate.network],
    );
    const { rows: balances } = await tx.query<{ balance: string }>(
      `SELECT balance::text AS balance FROM ledger_accounts
        WHERE organisation_id = $1 AND business_id = $2 AND kind = 'business' AND currency = $3`,
      [AURORA, BUSINESS_ID, candidate.currency],
    );
    if (!addresses[0] || !balances[0] || new Big(balances[0].balance).lt(candidate.amount)) continue;
    const target = addresses[0];
    const { rows } = await tx.query<{ id: string | number }>(
      `INSERT INTO crypto_withdrawals
         (organisation_id, business_id, currency, network, amount, fee, address, destination_tag,
          whitelisted_address_id, status, created_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5::numeric, 0, $6, $7, $8, 'AWAITING_APPROVAL', $9, $10, $10) RETURNING id`,
      [
        AURORA,
        BUSINESS_ID,
        candidate.currency,
        candidate.network,
        candidate.amount,
        target.address,
        target.destination_tag,
        target.id,
        CREATOR_ID,
        at,
      ],
    );
    const id = Number(rows[0].id);
    const { entryId } = await postEntry(tx, scope, {
      kind: 'withdrawal_hold',
      reference: `crypto-withdrawal-hold:${id}`,
      description: `Hold of crypto withdrawal ${id}`,
      at,
      postings: holdPostings(BUSINESS_ID, candidate.currency, candidate.amount),
    });
    await tx.query('UPDATE crypto_withdrawals SET hold_entry_id = $2 WHERE id = $1', [id, entryId]);
    return;
  }
  throw new Error('Seed: business 1 of Aurora has no balance for a pending withdrawal');
}
