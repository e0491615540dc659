/** Wire shapes of the organisation and currency metadata (src/domain/business.ts's OrganisationMetadata). */
import { Type } from 'typebox';
import { Int32 } from '../../http/schemas';

/** A currency abbreviation (EUR, BTC, USDT, …). */
export const CurrencyCode = Type.String({ maxLength: 10, pattern: '^[A-Z0-9]{2,10}$' });
/** A network code (MAIN, BSC, TRX, ETH, SOL). */
export const NetworkCode = Type.String({ maxLength: 16, pattern: '^[A-Z0-9_]{1,16}$' });

const Codes = Type.Array(CurrencyCode, { maxItems: 100, uniqueItems: true });

export const OrganisationMetadataSchema = Type.Object({
  enabledFiatSettlementCurrencies: Codes,
  enabledCryptoSettlementCurrencies: Codes,
  enabledCryptoCurrencies: Codes,
  allowServiceFeeDistribution: Type.Boolean(),
  feeDistributionLimit: Type.Number({
    minimum: 0,
    maximum: 1,
    description: 'The largest fee distribution a business may set, a fraction (0.05 is 5 %)',
  }),
  settlementCurrency: CurrencyCode,
});

export const CoinSchema = Type.Object({
  currency: CurrencyCode,
  network: NetworkCode,
  precision: Int32({ minimum: 0, maximum: 18, description: 'Decimal places of amounts on this network' }),
});

export const WithdrawalsMetadataSchema = Type.Object({
  coins: Type.Array(CoinSchema, { maxItems: 1000 }),
});
