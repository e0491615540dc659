/**
 * Payment requests: a crypto deposit a business asks for (docs/decisions.md 170–174). The list of
 * payments (GET /v1/payments) is one of the transaction lists (server/modules/transactions); this
 * module creates the request, and its simulator steps (./simulator.ts) bring the deposit, its
 * confirmations and the expiry.
 *
 * The business must be the caller's organisation's and visible to the caller (404 otherwise); the
 * currency and network must be enabled for it (its deposit currencies, with a currency_networks row),
 * else 400 on the field. The amount is optional (an open amount), a decimal string within the
 * network's precision; the expiration 1–10080 minutes; the optional texts (reference, redirect URL,
 * recipient, subject, sender) by extrasProblems (src/domain/paymentRequests.ts, shared with the
 * dashboard). The request row (status PENDING), its address (./address.ts), URI and link, the outbox
 * mail (./mail.ts, with a recipient) and the audit row commit together, in the transaction that holds
 * the Idempotency-Key (`createMovement` in `dbOf(request)`). The answer is the payment as the list and
 * the record read it (docs/decisions.md 233).
 */
import { randomBytes } from 'node:crypto';
import Big from 'big.js';
import type { FastifyRequest } from 'fastify';
import { chainOf } from '../../../src/domain/addresses';
import {
  PAYMENT_REQUEST_MESSAGES,
  expirationProblem,
  extrasProblems,
  paymentAmountProblem,
  paymentLink,
  paymentUri,
  type PaymentSender,
} from '../../../src/domain/paymentRequests';
import { scopeOf } from '../../auth/scope';
import type { AppContext } from '../../context';
import { notFound, validationError } from '../../http/errors';
import { dbOf } from '../../http/idempotency';
import { createMovement } from '../../http/movement';
import { depositAddress } from './address';
import { mailOf } from './mail';
import { paymentsRepository } from './repository';
import type { CreatePayment, PaymentRequest } from './schemas';

/** Seconds from a request's creation to the simulated provider's deposit (server/simulator). */
export const DEPOSIT_DELAY_SECONDS = 8;

/** The audit rows' entity type (the route's `config.audit`). */
export const ENTITY = 'payment-request';
/** The fields an audit row shows of a request (none is secret; the recipient is the caller's input). */
const AUDITED = [
  'businessId',
  'reference',
  'priceCurrency',
  'depositNetwork',
  'priceAmount',
  'status',
  'address',
  'expiresAt',
  'recipientEmail',
] as const;

/** Empty optional texts are absent; the rest trimmed. */
const given = (value: string | undefined) => {
  const text = value?.trim();
  return text ? text : undefined;
};

export function paymentRequestsService({ now, config }: AppContext) {
  const origin = config.publicUrl || `http://${config.host}:${config.port}`;

  return {
    /**
     * Creates the request of `body` for the caller: 404 for a business the caller may not see, 400
     * with every field's message for a refused input (nothing is written), else the new request.
     */
    async create(request: FastifyRequest, body: CreatePayment): Promise<PaymentRequest> {
      const scope = scopeOf(request);
      const payments = paymentsRepository(dbOf(request));
      const { businessId, currency, network, expirationMinutes } = body;

      const business = await payments.depositCurrency(scope, businessId, currency, network);
      if (!business) throw notFound();

      const errs: Record<string, string> = {};
      const precision = await payments.networkPrecision(currency, network);
      const chain = chainOf(currency, network);
      if (!business.currencyKnown) errs.currency = PAYMENT_REQUEST_MESSAGES.currencyNotEnabled;
      else if (!business.enabled || precision === undefined || !chain)
        errs.network = PAYMENT_REQUEST_MESSAGES.networkNotEnabled;
      const amountText = body.amount === '' ? undefined : body.amount;
      const amountProblem = paymentAmountProblem(amountText, precision ?? 0);
      if (amountProblem && !errs.currency && !errs.network) errs.amount = amountProblem;
      const expiration = expirationProblem(expirationMinutes);
      if (expiration) errs.expirationMinutes = expiration;
      const sender: PaymentSender | undefined = body.sender && {
        name: body.sender.name.trim(),
        address: body.sender.address.trim(),
        city: body.sender.city.trim(),
        country: body.sender.country.trim(),
        email: body.sender.email.trim(),
        signatureName: body.sender.signatureName.trim(),
      };
      const extras = {
        paymentId: given(body.paymentId),
        redirectUrl: given(body.redirectUrl),
        recipientEmail: given(body.recipientEmail),
        mailSubject: given(body.mailSubject),
        sender,
      };
      Object.assign(errs, extrasProblems(extras));
      if (Object.keys(errs).length > 0 || !chain) throw validationError(errs);

      const amount = amountText === undefined ? null : new Big(amountText).toFixed();
      const at = new Date(now());
      const expiresAt = new Date(at.getTime() + expirationMinutes * 60_000);
      const depositDueAt = new Date(at.getTime() + DEPOSIT_DELAY_SECONDS * 1000);
      const link = paymentLink(origin, randomBytes(18).toString('base64url'));

      return createMovement(request, {
        entityType: ENTITY,
        audited: AUDITED,
        async write(tx) {
          const rows = paymentsRepository(tx);
          const id = await rows.insert(scope, {
            businessId,
            reference: extras.paymentId ?? null,
            currency,
            network,
            amount,
            expiresAt,
            createdAt: at,
            link,
            redirectUrl: extras.redirectUrl ?? null,
            depositDueAt,
          });
          const reference = extras.paymentId ?? `PR-${id}`;
          const address = depositAddress(chain, scope.organisationId, id);
          const uri = paymentUri(chain, currency, address, amount);
          await rows.setAddress(scope, id, { reference, address, paymentUri: uri });
          // The payment as GET /v1/payments/{id} reads it now (docs/decisions.md 233): the row's
          // status, its price (0 for an open amount, decision 171), no deposit yet.
          const price = amount ?? '0';
          const created: PaymentRequest = {
            id,
            businessId,
            status: 'PENDING',
            createdAt: at.toISOString(),
            updatedAt: at.toISOString(),
            reference,
            priceCurrency: currency,
            priceAmount: price,
            depositCurrency: currency,
            depositNetwork: network,
            expectedAmount: price,
            expiresAt: expiresAt.toISOString(),
            address,
            paymentUri: uri,
            link,
            deposits: [],
          };
          if (extras.recipientEmail) {
            const mail = mailOf({
              reference,
              currency,
              network,
              amount,
              address,
              link,
              expiresAt: created.expiresAt,
              mailSubject: extras.mailSubject ?? reference,
              sender,
            });
            await rows.queueMail(scope, {
              paymentId: id,
              recipient: extras.recipientEmail,
              replyTo: sender?.email ?? null,
              subject: mail.subject,
              body: mail.body,
              createdAt: at,
            });
          }
          return created;
        },
        // The audit row also names the mail's recipient, which the answer does not carry.
        auditView: (created) => ({ ...created, recipientEmail: extras.recipientEmail ?? null }),
      });
    },
  };
}
