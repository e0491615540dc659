/** The page's call, added to the data provider as `dataProvider.createPaymentRequest(...)`. */
import { useDataProvider, type DataProvider } from 'react-admin';
import type { CustomMethods, MethodsOf } from '../../dataProvider/types';
import type { PaymentSender } from '../../domain/paymentRequests';

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

/** The request as POST /v1/payments answers it (status OPEN). */
export interface PaymentRequest {
  id: number;
  businessId: number;
  reference: string;
  status: 'OPEN';
  address: string;
  network: string;
  currency: string;
  amount: string | null;
  paymentUri: string;
  expiresAt: string;
  link: string;
  createdAt: string;
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
