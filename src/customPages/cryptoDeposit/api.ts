/** The page's call, added to the data provider as `dataProvider.createPaymentRequest(...)`. */
import { useDataProvider, type DataProvider } from 'react-admin';
import type { CustomMethods, MethodsOf } from '../../dataProvider/types';
import type { PaymentSender } from '../../domain/paymentRequests';
import type { PaymentDeposit } from '../../domain/transactions';

/** The body of POST /v1/payments (docs/product.md): optional fields absent when empty. */
export interface PaymentRequestBody {
  businessId: number;
  currency: string;
  network: string;
  amount?: string;
  expirationMinutes: number;
  paymentId?: string;
  redirectUrl?: string;
  recipientEmail?: string;
  mailSubject?: string;
  sender?: PaymentSender;
}

/**
 * The request as POST /v1/payments answers it: the payment as the `payments` list and record read it
 * (docs/decisions.md 233), a new one PENDING, its price '0' for an open amount. A created request
 * always has its address, URI and link (the demo history's payments have none).
 */
export interface PaymentRequest {
  id: number;
  businessId: number;
  status: string;
  createdAt: string;
  updatedAt: string;
  reference: string;
  priceCurrency: string;
  priceAmount: string;
  depositCurrency: string;
  depositNetwork: string;
  expectedAmount: string;
  expiresAt: string;
  address: string;
  paymentUri: string;
  link: string;
  deposits: PaymentDeposit[];
}

export const cryptoDepositMethods = {
  /** POST /v1/payments under the form's Idempotency-Key (one per set of values). */
  createPaymentRequest:
    (http) =>
    async (body: PaymentRequestBody, idempotencyKey: string): Promise<PaymentRequest> =>
      (await http.request<{ payment: PaymentRequest }>('payments', { method: 'POST', body, idempotencyKey }))
        .json.payment,
} satisfies CustomMethods;

export const useCryptoDepositApi = () =>
  useDataProvider<DataProvider & MethodsOf<typeof cryptoDepositMethods>>();
