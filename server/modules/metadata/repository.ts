/**
 * SQL of the organisation's settings (organisation_settings, migration 0012) and of the precision of
 * each currency on each network (currency_networks, global reference data).
 */
import type { OrganisationMetadata } from '../../../src/domain/business';
import type { OrgScope } from '../../auth/scope';
import type { Db } from '../../db/client';

export interface CoinRow {
  currency: string;
  network: string;
  precision: number;
}

export function metadataRepository(db: Db) {
  return {
    /**
     * What the caller's organisation may do. An organisation without a settings row gets the
     * table's defaults: nothing enabled, no fee distribution.
     */
    async organisation(scope: OrgScope): Promise<OrganisationMetadata> {
      const { rows } = await db.query<{
        enabledFiatSettlementCurrencies: string[] | null;
        enabledCryptoSettlementCurrencies: string[] | null;
        enabledCryptoCurrencies: string[] | null;
        allowServiceFeeDistribution: boolean | null;
        feeDistributionLimit: string | number | null;
        settlementCurrency: string;
      }>(
        `SELECT s.enabled_fiat_settlement_currencies AS "enabledFiatSettlementCurrencies",
                s.enabled_crypto_settlement_currencies AS "enabledCryptoSettlementCurrencies",
                s.enabled_crypto_currencies AS "enabledCryptoCurrencies",
                s.allow_service_fee_distribution AS "allowServiceFeeDistribution",
                s.fee_distribution_limit::text AS "feeDistributionLimit",
                o.settlement_currency AS "settlementCurrency"
           FROM organisations o
           LEFT JOIN organisation_settings s ON s.organisation_id = o.id
          WHERE o.id = $1`,
        [scope.organisationId],
      );
      const row = rows[0];
      return {
        enabledFiatSettlementCurrencies: row.enabledFiatSettlementCurrencies ?? [],
        enabledCryptoSettlementCurrencies: row.enabledCryptoSettlementCurrencies ?? [],
        enabledCryptoCurrencies: row.enabledCryptoCurrencies ?? [],
        allowServiceFeeDistribution: row.allowServiceFeeDistribution ?? false,
        // NUMERIC(6, 4): four decimals at most, exact as a JavaScript number for display and comparison.
        feeDistributionLimit: Number(row.feeDistributionLimit ?? 0),
        settlementCurrency: row.settlementCurrency,
      };
    },

    /** Every currency on every network it is offered on, with its precision. */
    async coins(): Promise<CoinRow[]> {
      const { rows } = await db.query<CoinRow>(
        'SELECT currency, network, precision FROM currency_networks ORDER BY currency, network',
      );
      return rows;
    },
  };
}
