/**
 * Signing per the Standard Webhooks specification (docs/decisions.md 239), with the specification's own
 * library (`standardwebhooks`): `webhook-id` (the callback's, the same on every attempt),
 * `webhook-timestamp` (the attempt's time in seconds, by the wall clock, which the merchant's verifier
 * compares with its own within five minutes) and `webhook-signature` (`v1,<base64 HMAC-SHA256 of
 * "<id>.<timestamp>.<body>">`, one per secret, space separated: two for 24 h after a rotation).
 *
 * A secret is 'whsec_' and the base64 of 24 bytes of Node's CSPRNG: the form the library and every
 * Standard Webhooks verifier read. It is kept as it is (HMAC needs the key itself) and answered once.
 */
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A new signing secret: 'whsec_' + base64 of 24 random bytes (32 characters). */
export function newCallbackSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** A webhook id: 'msg_' + 26 random letters and digits (about 154 bits). */
export function newWebhookId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let id = 'msg_';
  // 62 does not divide 256: bytes of 248 and more are drawn again, so every letter is equally likely.
  while (id.length < 30) {
    for (const byte of randomBytes(32)) if (byte < 248 && id.length < 30) id += alphabet[byte % 62];
  }
  return id;
}

export interface SignatureHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * The three headers of one attempt: the body signed with each secret (newest first), at `at` (the
 * wall clock's now by default).
 */
export function signatureHeaders(
  webhookId: string,
  secrets: readonly string[],
  body: string,
  at: Date = new Date(),
): SignatureHeaders {
  if (secrets.length === 0) throw new Error('no signing secret');
  return {
    'webhook-id': webhookId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(webhookId, at, body)).join(' '),
  };
}
