/**
 * Wire shapes of a payment request (POST /v1/payments): its body and the sender's block. The answer is
 * the list's payment (server/modules/transactions/schemas.ts).
 */
import { Type, type Static } from 'typebox';
import {
  EXPIRATION_MAX_MINUTES,
  EXPIRATION_MIN_MINUTES,
  expirationProblem,
  PAYMENT_TEXT_MAX,
  paymentAmountProblem,
  REDIRECT_URL_MAX,
} from '../../../src/domain/paymentRequests';
import { RequestDecimal, STRICT_BODY, Text, withRule } from '../../http/schemas';
import { BusinessId, CurrencyCode, NetworkName, PaymentSchema } from '../transactions/schemas';

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
    // The shape's message never depends on the currency's decimals: any precision reads it.
    amount: Type.Optional(
      RequestDecimal((value) => paymentAmountProblem(value, 18), {
        description: 'The price, more than 0; absent or empty for an open amount.',
        open: true,
      }),
    ),
    // The product's bounds; a value outside them answers the product's message on the field (withRule).
    expirationMinutes: withRule(
      Type.Integer({
        format: 'int32',
        minimum: EXPIRATION_MIN_MINUTES,
        maximum: EXPIRATION_MAX_MINUTES,
        description: `Minutes until the request expires (${EXPIRATION_MIN_MINUTES}–${EXPIRATION_MAX_MINUTES})`,
      }),
      expirationProblem,
    ),
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

/**
 * The answer is the payment as the list and the record read it (one schema, docs/decisions.md 233): a
 * new request is PENDING, its price `priceCurrency`/`priceAmount` ('0' for an open amount).
 */
export const PaymentRequestSchema = PaymentSchema;
export type PaymentRequest = Static<typeof PaymentSchema>;
