/**
 * Demo seed version 2: organisation settings, currency networks, conversion rates, the demo
 * businesses and 60 days of activity ending at the seed day, its money posted through the ledger.
 * Every table is written with one multi-row statement (json_populate_recordset), and the ledger
 * with postEntries, so the version costs a few dozen round trips whatever its row count.
 */
import { businessNameKey } from '../../../src/domain/businessName';
import { postEntries } from '../../ledger';
import type { Db } from '../client';
import { ACTIVITY_TABLES, buildDemoActivity, type Row } from './activity';
import { BUSINESS_SETTINGS } from './businesses';
import { BUSINESSES, ORGANISATION_SETTINGS } from './demo';
import { seedConversionRates } from './rates';
import { currencyNetworkRows } from './reference';

const DAY = 86_400_000;

/**
 * Inserts `rows` into `table` in one statement; every column of the table is given by name (a
 * missing key is NULL). `table` is one of this module's own names, never input.
 */
export async function insertRows(tx: Db, table: string, rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(`INSERT INTO ${table} SELECT * FROM json_populate_recordset(NULL::${table}, $1::json)`, [
    JSON.stringify(rows),
  ]);
}

/** Identity sequences continue after the fixed ids. */
async function continueIds(tx: Db, tables: readonly string[]): Promise<void> {
  await tx.query(
    tables
      .map(
        (t) =>
          `SELECT setval(pg_get_serial_sequence('${t}', 'id'), COALESCE((SELECT max(id) FROM ${t}), 1), (SELECT count(*) > 0 FROM ${t}))`,
      )
      .join(' UNION ALL '),
  );
}

export function businessRows(seedDay: Date): Row[] {
  return BUSINESSES.map((b) => {
    const s = BUSINESS_SETTINGS[b.id];
    const created = new Date(seedDay.getTime() - 120 * DAY + b.id * 3_600_000);
    const callback = (path: string) =>
      s.callbackHost ? `https://${s.callbackHost}/callbacks/${path}` : null;
    return {
      id: b.id,
      organisation_id: b.organisationId,
      name: b.name,
      name_key: businessNameKey(b.name),
      settlement_currency: b.settlementCurrency,
      supported_display_currencies: s.displayCurrencies,
      deposit_currencies: s.depositCurrencies,
      deposit_received_callback_url: callback('deposit-received'),
      withdrawal_callback_url: callback('withdrawal'),
      withdrawal_approval_callback_url:
        s.callbackHost && b.id % 3 === 1 ? callback('withdrawal-approval') : null,
      overpayment_policy: s.overpaymentPolicy,
      refund_follow_up_deposits: s.refundFollowUpDeposits,
      blockchain_fee_paid_by: s.blockchainFeePaidBy,
      depeg_threshold: s.depegThreshold,
      fee_distribution_percentage: s.feeDistribution,
      hidden_from_non_admins: b.hidden === true,
      created_at: created,
      updated_at: new Date(created.getTime() + (b.id % 4) * 7 * DAY),
    };
  });
}

export async function seedBusinessesAndActivity(tx: Db, seedDay: Date): Promise<void> {
  await insertRows(
    tx,
    'organisation_settings',
    ORGANISATION_SETTINGS.map((o) => ({
      organisation_id: o.organisationId,
      enabled_fiat_settlement_currencies: o.enabledFiatSettlementCurrencies,
      enabled_crypto_settlement_currencies: o.enabledCryptoSettlementCurrencies,
      enabled_crypto_currencies: o.enabledCryptoCurrencies,
      allow_service_fee_distribution: o.allowServiceFeeDistribution,
      fee_distribution_limit: o.feeDistributionLimit,
    })),
  );
  await insertRows(tx, 'currency_networks', currencyNetworkRows());
  // The demo's rates are stated as of the seed day, like the rest of its data.
  await seedConversionRates(tx, seedDay.toISOString());
  await insertRows(tx, 'businesses', businessRows(seedDay));

  const activity = buildDemoActivity(seedDay);
  const { entryIds } = await postEntries(
    tx,
    activity.postings.map((p) => p.entry),
  );
  activity.postings.forEach((p, i) => {
    p.row.ledger_entry_id = entryIds[i];
  });
  for (const table of ACTIVITY_TABLES) await insertRows(tx, table, activity.rows[table]);
  await continueIds(tx, ['businesses', ...ACTIVITY_TABLES]);
}
