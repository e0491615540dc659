/**
 * SQL of payment requests: what a request's business and network allow, the request's row (inserted,
 * then given its reference, address and URI, which need its id) and its outbox mail. Rows of an
 * organisation are read and written for the caller's scope; a request's writes run on the movement's
 * transaction (`paymentsRepository(tx)`).
 */
import { visibleBusiness, type OrgScope } from '../../auth/scope';
import type { Db } from '../../db/client';

/** What a business takes of a currency: the currency at all, and on the network asked. */
export interface DepositCurrency {
  /** The currency is one of the business's deposit currencies. */
  currencyKnown: boolean;
  /** …and the network one of its networks for it. */
  enabled: boolean;
}

/** A new request's row, before its id gives it a reference, an address and a URI. */
export interface NewPaymentRow {
  businessId: number;
  /** The merchant's reference; null until `PR-<id>` is set. */
  reference: string | null;
  currency: string;
  network: string;
  /** A decimal string; null for an open amount (stored as 0). */
  amount: string | null;
  expiresAt: Date;
  createdAt: Date;
  link: string;
  redirectUrl: string | null;
  depositDueAt: Date;
}

/** The outbox row of a request's mail. */
export interface PaymentMailRow {
  paymentId: number;
  recipient: string;
  replyTo: string | null;
  subject: string;
  body: string;
  createdAt: Date;
}

export function paymentsRepository(db: Db) {
  return {
    /**
     * What the business takes of `currency` on `network`; undefined unless it is a business of the
     * caller's organisation that the caller may see (the hidden one only for ADMIN; an API key its own
     * only).
     */
    async depositCurrency(
      scope: OrgScope,
      businessId: number,
      currency: string,
      network: string,
    ): Promise<DepositCurrency | undefined> {
      const { rows } = await db.query<{ enabled: boolean; currency_known: boolean }>(
        `SELECT (deposit_currencies -> $3::text) ? $4::text AS enabled,
                deposit_currencies ? $3::text AS currency_known
           FROM businesses
          WHERE organisation_id = $1 AND id = $2 AND ${visibleBusiness(scope, 'id')}
            AND ($5::int IS NULL OR id = $5::int)`,
        [scope.organisationId, businessId, currency, network, scope.onlyBusinessId],
      );
      const row = rows[0];
      return row && { currencyKnown: row.currency_known, enabled: row.enabled };
    },

    /** The decimals of `currency` on `network` (reference data); undefined for no such pair. */
    async networkPrecision(currency: string, network: string): Promise<number | undefined> {
      const { rows } = await db.query<{ precision: number }>(
        'SELECT precision FROM currency_networks WHERE currency = $1 AND network = $2',
        [currency, network],
      );
      return rows[0]?.precision;
    },

    /** Inserts an open request (status PENDING); answers its id. */
    async insert(scope: OrgScope, row: NewPaymentRow): Promise<number> {
      const { rows } = await db.query<{ id: string | number }>(
        `INSERT INTO payments
           (organisation_id, business_id, reference, price_currency, price_amount, deposit_currency,
            deposit_network, expected_amount, status, expires_at, created_at, updated_at,
            link, redirect_url, deposit_due_at, created_by)
         VALUES ($1, $2, COALESCE($3, 'pending'), $4, $5::numeric, $4, $6, $5::numeric, 'PENDING', $7, $8, $8,
                 $9, $10, $11, $12)
         RETURNING id`,
        [
          scope.organisationId,
          row.businessId,
          row.reference,
          row.currency,
          row.amount ?? '0',
          row.network,
          row.expiresAt,
          row.createdAt,
          row.link,
          row.redirectUrl,
          row.depositDueAt,
          scope.userId,
        ],
      );
      return Number(rows[0].id);
    },

    /** Gives the request `id` of the organisation its reference, deposit address and payment URI. */
    async setAddress(
      scope: OrgScope,
      id: number,
      values: { reference: string; address: string; paymentUri: string },
    ): Promise<void> {
      await db.query(
        'UPDATE payments SET reference = $2, address = $3, payment_uri = $4 WHERE id = $1 AND organisation_id = $5',
        [id, values.reference, values.address, values.paymentUri, scope.organisationId],
      );
    },

    /** Queues the request's mail in the outbox (kind 'payment-request', reference `payment:<id>`). */
    async queueMail(scope: OrgScope, mail: PaymentMailRow): Promise<void> {
      await db.query(
        `INSERT INTO mail_outbox
           (organisation_id, kind, reference, recipient, reply_to, subject, body, created_at)
         VALUES ($1, 'payment-request', $2, $3, $4, $5, $6, $7)`,
        [
          scope.organisationId,
          `payment:${mail.paymentId}`,
          mail.recipient,
          mail.replyTo,
          mail.subject,
          mail.body,
          mail.createdAt,
        ],
      );
    },
  };
}
