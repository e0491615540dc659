/**
 * Balances of the visible businesses, from the ledger's business accounts, with display amounts.
 *
 * Display currencies: fiat is the organisation's settlement currency (USD if that is not one of the
 * rate targets); crypto is the first of the organisation's enabled crypto settlement currencies that
 * is a rate target (USDT, then BTC), else BTC.
 *
 * Display amounts: every balance is multiplied by its stated rate into the display currency
 * (conversion_rates; a currency is worth 1 of itself) exactly with big.js, the products are summed
 * exactly, and only the sum is rounded, half up, to the display currency's precision (EUR 2, USDT 6,
 * BTC 8). The organisation's display amount rounds the exact sum over its businesses (not the sum of
 * rounded business amounts). A currency without a stated rate into the display currency adds nothing.
 * Balances themselves are exact decimal strings without trailing zeros. `amount` is the business
 * account (what the business can move now); `held`, present only when above zero, is what withdrawals
 * awaiting approval reserve (the 'held' account, docs/decisions.md 159). Display amounts convert the
 * available amounts only.
 */
import Big from 'big.js';
import type { OrgScope } from '../../auth/scope';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { conversionInto, type Conversion } from '../../lib/conversion';
import { metadataRepository } from '../metadata/repository';
import {
  balancesRepository,
  DISPLAY_FIAT_FALLBACK,
  DISPLAY_FIAT_TARGETS,
  type AccountRow,
} from './repository';

/** The order of SQL's COLLATE "C" (the repository's), the same on every machine. */
const byCodePoints = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const FIAT_TARGETS: readonly string[] = DISPLAY_FIAT_TARGETS;
const CRYPTO_TARGETS = ['USDT', 'BTC'];

export type BalanceMap = Record<string, { amount: string; held?: string }>;

export interface DisplayAmounts {
  displayFiatAmount: string;
  displayFiatCurrency: string;
  displayCryptoAmount: string;
  displayCryptoCurrency: string;
}

export interface BusinessBalance extends DisplayAmounts {
  businessId: number;
  balances: BalanceMap;
}

export interface OrganisationBalance extends DisplayAmounts {
  balances: BalanceMap;
}

/** The two display currencies and the stated rates into them (server/lib/conversion.ts). */
interface Converter extends Conversion {
  fiat: string;
  crypto: string;
}

/** Accounts as `[currency, balance]` for the conversion. */
const amountsOf = (accounts: readonly { currency: string; balance: Big }[]) =>
  accounts.map((a) => [a.currency, a.balance] as const);

export function balancesService({ db }: AppContext) {
  const repository = balancesRepository(db);
  const metadata = metadataRepository(db);

  async function converter(scope: OrgScope): Promise<Converter> {
    const organisation = await metadata.organisation(scope);
    const fiat = FIAT_TARGETS.includes(organisation.settlementCurrency)
      ? organisation.settlementCurrency
      : DISPLAY_FIAT_FALLBACK;
    const crypto =
      CRYPTO_TARGETS.find((code) => organisation.enabledCryptoSettlementCurrencies.includes(code)) ?? 'BTC';
    return { fiat, crypto, ...(await conversionInto(db, [fiat, crypto])) };
  }

  const amount = (balance: Big, held: Big) =>
    held.gt(0) ? { amount: balance.toFixed(), held: held.toFixed() } : { amount: balance.toFixed() };

  function rowsOf(
    ids: readonly number[],
    accounts: readonly AccountRow[],
    convert: Converter,
  ): BusinessBalance[] {
    return ids.map((businessId) => {
      const own = accounts
        .filter((a) => a.businessId === businessId)
        .map((a) => ({ currency: a.currency, balance: new Big(a.balance), held: new Big(a.held) }));
      return {
        businessId,
        balances: Object.fromEntries(own.map((a) => [a.currency, amount(a.balance, a.held)])),
        displayFiatAmount: convert.round(convert.value(amountsOf(own), convert.fiat), convert.fiat),
        displayFiatCurrency: convert.fiat,
        displayCryptoAmount: convert.round(convert.value(amountsOf(own), convert.crypto), convert.crypto),
        displayCryptoCurrency: convert.crypto,
      };
    });
  }

  return {
    /** Every visible business of the organisation, by id (a business without accounts has none). */
    async all(scope: OrgScope): Promise<BusinessBalance[]> {
      const [ids, accounts, convert] = await Promise.all([
        repository.businessIds(scope),
        repository.accounts(scope),
        converter(scope),
      ]);
      return rowsOf(ids, accounts, convert);
    },

    /** One business; 404 for another organisation's or one the caller may not see. */
    async one(scope: OrgScope, businessId: number): Promise<BusinessBalance> {
      const ids = await repository.businessIds(scope, businessId);
      if (ids.length === 0) throw notFound();
      const [accounts, convert] = await Promise.all([
        repository.accounts(scope, businessId),
        converter(scope),
      ]);
      return rowsOf(ids, accounts, convert)[0];
    },

    /** The sums over the visible businesses, in the order of the currency names. */
    async organisation(scope: OrgScope): Promise<OrganisationBalance> {
      const [accounts, convert] = await Promise.all([repository.accounts(scope), converter(scope)]);
      const totals = new Map<string, { balance: Big; held: Big }>();
      const names = new Map<string, string>();
      for (const a of accounts) {
        const sum = totals.get(a.currency) ?? { balance: new Big(0), held: new Big(0) };
        totals.set(a.currency, { balance: sum.balance.plus(a.balance), held: sum.held.plus(a.held) });
        names.set(a.currency, a.currencyName);
      }
      const sums = [...totals]
        .map(([currency, sum]) => ({ currency, ...sum }))
        .sort(
          (x, y) =>
            byCodePoints(names.get(x.currency)!, names.get(y.currency)!) ||
            byCodePoints(x.currency, y.currency),
        );
      return {
        balances: Object.fromEntries(sums.map((s) => [s.currency, amount(s.balance, s.held)])),
        displayFiatAmount: convert.round(convert.value(amountsOf(sums), convert.fiat), convert.fiat),
        displayFiatCurrency: convert.fiat,
        displayCryptoAmount: convert.round(convert.value(amountsOf(sums), convert.crypto), convert.crypto),
        displayCryptoCurrency: convert.crypto,
      };
    },
  };
}
