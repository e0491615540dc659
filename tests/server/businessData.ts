/**
 * The rows the business, balance and metadata tests need, written only where the demo data (seed
 * version 2) has not: organisation settings, currency networks, conversion rates and the demo
 * businesses of server/db/seed/demo.ts. Once seed version 2 is applied every insert here is a no-op.
 */
import { CURRENCY_SEED } from '../../src/domain/currencies';
import type { Db } from '../../server/db/client';
import { BUSINESSES, ORGANISATION_SETTINGS } from '../../server/db/seed';
import { seedConversionRates } from '../../server/db/seed/rates';

export async function ensureBusinessData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const s of ORGANISATION_SETTINGS) {
      await tx.query(
        `INSERT INTO organisation_settings (organisation_id, enabled_fiat_settlement_currencies,
           enabled_crypto_settlement_currencies, enabled_crypto_currencies, allow_service_fee_distribution,
           fee_distribution_limit)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (organisation_id) DO NOTHING`,
        [
          s.organisationId,
          [...s.enabledFiatSettlementCurrencies],
          [...s.enabledCryptoSettlementCurrencies],
          [...s.enabledCryptoCurrencies],
          s.allowServiceFeeDistribution,
          s.feeDistributionLimit,
        ],
      );
    }
    for (const c of CURRENCY_SEED.filter((currency) => !currency.isFiat)) {
      for (const network of c.supportedNetworks) {
        await tx.query(
          `INSERT INTO currency_networks (currency, network, precision) VALUES ($1, $2, $3)
           ON CONFLICT (currency, network) DO NOTHING`,
          [c.abbreviation, network, Math.min(c.precision, 8)],
        );
      }
    }
    const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM conversion_rates');
    if (rows[0].n === 0) await seedConversionRates(tx);
    const created = new Date('2026-01-01T00:00:00Z');
    for (const b of BUSINESSES) {
      await tx.query(
        `INSERT INTO businesses (id, organisation_id, name, settlement_currency, supported_display_currencies,
           deposit_currencies, overpayment_policy, blockchain_fee_paid_by, hidden_from_non_admins,
           created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, 'PROCESS', 'USER', $7, $8, $8) ON CONFLICT (id) DO NOTHING`,
        [
          b.id,
          b.organisationId,
          b.name,
          b.settlementCurrency,
          [b.settlementCurrency],
          JSON.stringify({ BTC: ['MAIN'] }),
          b.hidden === true,
          new Date(created.getTime() + b.id * 60_000),
        ],
      );
    }
    // Rows written with their ids: new businesses continue after them.
    await tx.query(
      "SELECT setval(pg_get_serial_sequence('businesses', 'id'), (SELECT max(id) FROM businesses))",
    );
  });
}
