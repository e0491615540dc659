/** Wire shapes of a payment request (POST /v1/payments): its body, the sender's block and the answer. */
import { Type, type Static } from 'typebox';
import {
  EXPIRATION_MAX_MINUTES,
  EXPIRATION_MIN_MINUTES,
  PAYMENT_TEXT_MAX,
  REDIRECT_URL_MAX,
} from '../../../src/domain/paymentRequests';
import { INT32_MAX, STRICT_BODY, Text } from '../../http/schemas';
import {
  BusinessId,
  CurrencyCode,
  Decimal,
  NetworkName,
  Timestamp,
  TransactionId,
} from '../transactions/schemas';

const Line = (maxLength: number) => Text({ maxLength });

const SenderBody = Type.Object(
  {
    name: Line(PAYMENT_TEXT_MAX),
    address: Line(PAYMENT_TEXT_MAX),
    city: Line(PAYMENT_TEXT_MAX),
    country: Line(PAYMENT_TEXT_MAX),
    email: Line(320),
    signatureName: Line(PAYMENT_TEXT_MAX),
  },
  STRICT_BODY,
);

export const CreatePaymentBody = Type.Object(
  {
    businessId: BusinessId,
    currency: CurrencyCode,
    network: NetworkName,
    /** A decimal string; absent (or empty) for an open amount. Checked by the service. */
    amount: Type.Optional(Text({ maxLength: 64 })),
    // Wide bounds: the service answers a value outside 1–10080 on the field, with its message.
    expirationMinutes: Type.Integer({
      format: 'int32',
      minimum: -INT32_MAX,
      maximum: INT32_MAX,
      description: `Minutes until the request expires (${EXPIRATION_MIN_MINUTES}–${EXPIRATION_MAX_MINUTES})`,
    }),
    /** The merchant's reference (the list's `reference`); generated when absent. */
    paymentId: Type.Optional(Line(PAYMENT_TEXT_MAX)),
    redirectUrl: Type.Optional(Line(REDIRECT_URL_MAX)),
    recipientEmail: Type.Optional(Line(320)),
    mailSubject: Type.Optional(Line(PAYMENT_TEXT_MAX)),
    sender: Type.Optional(SenderBody),
  },
  STRICT_BODY,
);
export type CreatePayment = Static<typeof CreatePaymentBody>;

export const PaymentRequestSchema = Type.Object({
  id: TransactionId,
  businessId: BusinessId,
  reference: Line(PAYMENT_TEXT_MAX),
  status: Type.Literal('OPEN'),
  address: Line(200),
  network: NetworkName,
  currency: CurrencyCode,
  amount: Type.Union([Decimal, Type.Null()]),
  paymentUri: Line(2000),
  expiresAt: Timestamp,
  link: Line(2000),
  createdAt: Timestamp,
});
export type PaymentRequest = Static<typeof PaymentRequestSchema>;
