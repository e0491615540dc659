/**
 * The demo merchant's receiver (issue 32 §1, docs/decisions.md 241; CALLBACK_DEMO_RECEIVER, on by
 * default): the demo businesses' callback URLs name hosts of the reserved `.example` domain
 * (`https://northwind-coffee.example/callbacks/deposit-received`, seed version 2), which no resolver
 * answers. With the setting on, this server is those merchants: a callback to a demo host is sent to
 * this server's own listening address and port (server/modules/callbacks/sender.ts), whatever PORT is
 * (8080 for `npm start`, the e2e port, a test's random one), at `/demo-merchant<the URL's path>`, with
 * the demo host as `Host`.
 *
 * The receiver does what a merchant's does: it verifies the Standard Webhooks signature with
 * `standardwebhooks` against the secret of the business the host belongs to (the merchant's copy of it
 * is the secret this server keeps), and answers 200 `{"received":true}`; a signature that does not
 * verify is a 400. One merchant's server is failing on purpose (DEMO_FAILING_HOST answers 500), so the
 * demo shows retries and failures from real requests. Outside /v1, not in the API document, not rate
 * limited (the worker's own requests must not use up the limit of the address it shares with a browser
 * on the same machine).
 */
import type { Server } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { BUSINESS_SETTINGS } from '../../db/seed/businesses';
import { DEMO_RECEIVER_PATH, type DemoTarget } from './sender';

/** The demo data's callback hosts (seed version 2's BUSINESS_SETTINGS), lower case. */
export const DEMO_CALLBACK_HOSTS: ReadonlySet<string> = new Set(
  Object.values(BUSINESS_SETTINGS)
    .map((s) => s.callbackHost?.toLowerCase())
    .filter((h): h is string => Boolean(h)),
);

/** The demo merchant whose server answers every callback with 500 (Lumen Games). */
export const DEMO_FAILING_HOST = 'lumen-games.example';

/** The address to reach a server listening on `address` from this machine (a wildcard → loopback). */
function reachable(address: string): string {
  if (address === '0.0.0.0') return '127.0.0.1';
  if (address === '::' || address === '::0') return '::1';
  return address;
}

/** Where the demo hosts' callbacks go: this server's own address and port, once it listens. */
export function demoTarget(server: () => Server): DemoTarget {
  return {
    hosts: DEMO_CALLBACK_HOSTS,
    origin: () => {
      const s = server();
      const address = s.listening ? s.address() : null;
      return address && typeof address === 'object'
        ? { address: reachable(address.address), port: address.port }
        : undefined;
    },
  };
}

export const demoReceiverRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.ctx;
  // The signature covers the body's bytes: the receiver reads it as sent, not parsed (this plugin only).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    `${DEMO_RECEIVER_PATH}/*`,
    { config: { rateLimit: false }, schema: { hide: true } },
    async (request, reply) => {
      const host = String(request.headers.host ?? '')
        .toLowerCase()
        .replace(/:\d+$/, '');
      if (!DEMO_CALLBACK_HOSTS.has(host)) return reply.status(404).send({ message: 'Not a demo merchant' });
      // The merchants behind the host: its businesses' current secrets (a merchant holds its newest).
      const { rows } = await db.query<{ secret: string }>(
        `SELECT DISTINCT ON (b.id) s.secret
           FROM businesses b JOIN callback_secrets s ON s.business_id = b.id
          WHERE $1 IN (lower(substring(b.deposit_received_callback_url from '^[a-z]+://([^/:?#]+)')),
                       lower(substring(b.withdrawal_callback_url from '^[a-z]+://([^/:?#]+)')),
                       lower(substring(b.withdrawal_approval_callback_url from '^[a-z]+://([^/:?#]+)')))
          ORDER BY b.id, s.created_at DESC, s.id DESC`,
        [host],
      );
      const body = typeof request.body === 'string' ? request.body : '';
      const headers = Object.fromEntries(
        ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((h) => [
          h,
          String(request.headers[h] ?? ''),
        ]),
      );
      const verified = rows.some(({ secret }) => {
        try {
          new Webhook(secret).verify(body, headers);
          return true;
        } catch {
          return false;
        }
      });
      if (!verified) return reply.status(400).send({ message: 'The signature did not verify' });
      if (host === DEMO_FAILING_HOST)
        return reply.status(500).send({ message: 'Demo merchant: this server is failing on purpose' });
      return reply.status(200).send({ received: true, id: headers['webhook-id'] });
    },
  );
};
