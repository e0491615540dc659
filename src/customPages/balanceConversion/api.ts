/**
 * The balance conversion page's calls, added to the data provider (GET …/indicative, POST to quote,
 * PATCH …/{id} to execute). The list of conversions is the `balance-conversions` resource.
 */
import { useDataProvider, type DataProvider } from 'react-admin';
import type { AmountCurrencyType, ConversionFigures } from '../../domain/conversions';
import type { CustomMethods, MethodsOf } from '../../dataProvider/types';

export interface ConversionRequest {
  businessId: number;
  amountCurrencyType: AmountCurrencyType;
  debitCurrency: string;
  creditCurrency: string;
  amount: string;
}

export interface ConversionQuote extends ConversionFigures {
  id: number;
  businessId: number;
  status: 'QUOTED' | 'EXECUTED';
  amountCurrencyType: AmountCurrencyType;
  debitCurrency: string;
  creditCurrency: string;
  expiresAt: string;
  createdAt: string;
  executedAt: string | null;
}

export interface CallOptions {
  idempotencyKey: string;
  twoFaCode?: string;
}

const PATH = 'payment/balance/convert';

export const balanceConversionMethods = {
  /** GET …/indicative (CREATE_BALANCE_CONVERSION): the figures of an amount now; nothing is stored. */
  getIndicativeConversion: (http) => async (query: ConversionRequest, signal?: AbortSignal) =>
    (
      await http.request<ConversionFigures>(`${PATH}/indicative`, {
        query: { ...query, businessId: String(query.businessId) },
        signal,
      })
    ).json,
  /** POST (2FA, idempotent): a quote, valid for a minute. */
  createConversion: (http) => async (body: ConversionRequest, options: CallOptions) =>
    (
      await http.request<{ conversion: ConversionQuote }>(PATH, {
        method: 'POST',
        body,
        idempotencyKey: options.idempotencyKey,
        twoFaCode: options.twoFaCode,
      })
    ).json.conversion,
  /** PATCH …/{id} (2FA, idempotent): executes the quote at its figures. */
  executeConversion: (http) => async (id: number, options: CallOptions) =>
    (
      await http.request<{ conversion: ConversionQuote }>(`${PATH}/${id}`, {
        method: 'PATCH',
        idempotencyKey: options.idempotencyKey,
        twoFaCode: options.twoFaCode,
      })
    ).json.conversion,
} satisfies CustomMethods;

export const useBalanceConversionApi = () =>
  useDataProvider<DataProvider & MethodsOf<typeof balanceConversionMethods>>();
