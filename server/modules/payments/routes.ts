/**
 * POST /v1/payments: a payment request — a crypto deposit a business asks for (docs/decisions.md
 * 170–174). The list of payments (GET, same path) is one of the transaction lists
 * (server/modules/transactions); this module creates the request, and its simulator steps
 * (./simulator.ts) bring the deposit, its confirmations and the expiry.
 *
 * The business must be the caller's organisation's and visible to the caller (404 otherwise); the
 * currency and network must be enabled for it (its deposit currencies, with a currency_networks row),
 * else 400 on the field. The amount is optional (an open amount), a decimal string within the
 * network's precision; the expiration 1–10080 minutes. The request row (status PENDING, the API's
 * 'OPEN'), its address, URI and link, the outbox mail (with a recipient) and the audit row commit
 * together, in the transaction that holds the Idempotency-Key (`dbOf(request)`).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Big from 'big.js';
import { Type } from 'typebox';
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
import { requires } from '../../auth/access';
import { orgRows, scopeOf, visibleBusiness } from '../../auth/scope';
import { notFound, validationError } from '../../http/errors';
import { dbOf } from '../../http/idempotency';
import { createMovement } from '../../http/movement';
import { authed, errors } from '../../http/schemas';
import { depositAddress } from './address';
import { mailOf } from './mail';
import { CreatePaymentBody, PaymentRequestSchema } from './schemas';

/** Seconds from a request's creation to the simulated provider's deposit (server/simulator). */
export const DEPOSIT_DELAY_SECONDS = 8;

const ENTITY = 'payment-request';
/** The fields an audit row shows of a request (none is secret; the recipient is the caller's input). */
const AUDITED = [
  'businessId',
  'reference',
  'currency',
  'network',
  'amount',
  'status',
  'address',
  'expiresAt',
  'recipientEmail',
] as const;

const PROBE = { businessId: 1, currency: 'BTC', network: 'MAIN', expirationMinutes: 60 };
const tenancy = orgRows('payments', { probeBody: PROBE });

/** Empty optional texts are absent; the rest trimmed. */
const given = (value: string | undefined) => {
  const text = value?.trim();
  return text ? text : undefined;
};

export const paymentRequestsModule: FastifyPluginAsyncTypebox = async (app) => {
  const { now, config } = app.ctx;
  const origin = config.publicUrl || `http://${config.host}:${config.port}`;

  app.post(
    '',
    {
      config: { access: requires('CREATE_PAYMENT'), tenancy, idempotent: true, audit: ENTITY },
      schema: {
        tags: ['payments'],
        summary:
          'Creates a payment request: a deposit address, its payment URI and hosted link, open until it expires (status OPEN)',
        ...authed,
        body: CreatePaymentBody,
        response: {
          201: Type.Object({ payment: PaymentRequestSchema }),
          ...errors(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const db = dbOf(request);
      const body = request.body;
      const { businessId, currency, network, expirationMinutes } = body;

      const { rows: businesses } = await db.query<{ enabled: boolean; currency_known: boolean }>(
        `SELECT (deposit_currencies -> $3::text) ? $4::text AS enabled,
                deposit_currencies ? $3::text AS currency_known
           FROM businesses
          WHERE organisation_id = $1 AND id = $2 AND ${visibleBusiness(scope, 'id')}
            AND ($5::int IS NULL OR id = $5::int)`,
        [scope.organisationId, businessId, currency, network, scope.onlyBusinessId],
      );
      const business = businesses[0];
      if (!business) throw notFound();

      const errs: Record<string, string> = {};
      const { rows: networks } = await db.query<{ precision: number }>(
        'SELECT precision FROM currency_networks WHERE currency = $1 AND network = $2',
        [currency, network],
      );
      const chain = chainOf(currency, network);
      if (!business.currency_known) errs.currency = PAYMENT_REQUEST_MESSAGES.currencyNotEnabled;
      else if (!business.enabled || !networks[0] || !chain)
        errs.network = PAYMENT_REQUEST_MESSAGES.networkNotEnabled;
      const amountText = body.amount === '' ? undefined : body.amount;
      const amountProblem = paymentAmountProblem(amountText, networks[0]?.precision ?? 0);
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

      const payment = await createMovement(request, {
        entityType: ENTITY,
        audited: AUDITED,
        async write(tx) {
          const { rows } = await tx.query<{ id: string | number }>(
            `INSERT INTO payments
               (organisation_id, business_id, reference, price_currency, price_amount, deposit_currency,
                deposit_network, expected_amount, status, expires_at, created_at, updated_at,
                link, redirect_url, deposit_due_at, created_by)
             VALUES ($1, $2, COALESCE($3, 'pending'), $4, $5::numeric, $4, $6, $5::numeric, 'PENDING', $7, $8, $8,
                     $9, $10, $11, $12)
             RETURNING id`,
            [
              scope.organisationId,
              businessId,
              extras.paymentId ?? null,
              currency,
              amount ?? '0',
              network,
              expiresAt,
              at,
              link,
              extras.redirectUrl ?? null,
              depositDueAt,
              scope.userId,
            ],
          );
          const id = Number(rows[0].id);
          const reference = extras.paymentId ?? `PR-${id}`;
          const address = depositAddress(chain, scope.organisationId, id);
          const uri = paymentUri(chain, currency, address, amount);
          await tx.query('UPDATE payments SET reference = $2, address = $3, payment_uri = $4 WHERE id = $1', [
            id,
            reference,
            address,
            uri,
          ]);
          const created = {
            id,
            businessId,
            reference,
            status: 'OPEN' as const,
            address,
            network,
            currency,
            amount,
            paymentUri: uri,
            expiresAt: expiresAt.toISOString(),
            link,
            createdAt: at.toISOString(),
          };
          if (extras.recipientEmail) {
            const mail = mailOf({ ...created, mailSubject: extras.mailSubject ?? reference, sender });
            await tx.query(
              `INSERT INTO mail_outbox
                 (organisation_id, kind, reference, recipient, reply_to, subject, body, created_at)
               VALUES ($1, 'payment-request', $2, $3, $4, $5, $6, $7)`,
              [
                scope.organisationId,
                `payment:${id}`,
                extras.recipientEmail,
                sender?.email ?? null,
                mail.subject,
                mail.body,
                at,
              ],
            );
          }
          return created;
        },
        // The audit row also names the mail's recipient, which the answer does not carry.
        auditView: (created) => ({ ...created, recipientEmail: extras.recipientEmail ?? null }),
      });
      return reply.code(201).send({ payment });
    },
  );
};
