/**
 * API keys as an access mode beside the session (docs/decisions.md, 'API keys'): a route that declares
 * `config.apiKey: [scopes…]` also takes `Authorization: ApiKey <keyId>.<secret>`. The key reads for its
 * one business only (its OrgScope carries `onlyBusinessId`), with the scopes it was given, from the
 * addresses on its allow list, until it expires or is revoked.
 *
 * Every use is looked up in the database (no cache), so a revocation holds on its next use on every
 * instance. The secret is compared as a SHA-256 in constant time, also for an unknown key id. Failed
 * attempts are counted per IP with the login throttle's table and limit: over it, 429 with Retry-After.
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { Permission } from '../../src/domain/permissions';
import { auditRefusal } from '../audit';
import { ApiError, tooManyAttempts } from '../http/errors';
import { retryAfter } from './throttle';

export const API_KEY_SCHEME = 'ApiKey';

/** The answers of a refused key (401: the key does not work; 403: it works, but not for this). */
export const API_KEY_TEXTS = {
  invalid: 'Invalid API key.',
  expired: 'This API key has expired.',
  revoked: 'This API key has been revoked.',
  ipRefused: 'This API key may not be used from this IP address.',
  notAccepted: 'This endpoint does not accept API keys.',
  otherBusiness: 'This API key is for another business.',
  missingScopes: (scopes: readonly string[]) => `This API key lacks the scopes: ${scopes.join(', ')}.`,
} as const;

/** Failed key attempts per IP share the login throttle's table under their own key. */
export const apiKeyIpKey = (ip: string) => `api-key-ip:${ip}`;

/** Last use is written at most this often per key (and whenever the address changes). */
export const API_KEY_USE_RECORD_INTERVAL_MS = 5_000;

const SECRET_BYTES = 32; // 256 bits
const CREDENTIAL = new RegExp(
  `^${API_KEY_SCHEME}\\s+([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\\.([A-Za-z0-9_-]{43})\\s*$`,
);

export const hashApiKeySecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A new key: its id, the whole credential (shown once) and the hash kept. */
export function newApiKey(): { id: string; credential: string; secretHash: string } {
  const id = randomUUID();
  const secret = randomBytes(SECRET_BYTES).toString('base64url');
  return { id, credential: `${id}.${secret}`, secretHash: hashApiKeySecret(secret) };
}

/** Whether the request presents an API key (well formed or not). */
export function presentsApiKey(request: FastifyRequest): boolean {
  const header = request.headers.authorization;
  return typeof header === 'string' && /^ApiKey\s/i.test(header);
}

/** Whether an address is on an allow list of addresses and CIDR ranges (an empty list allows any). */
export function ipAllowed(allowList: readonly string[], ip: string): boolean {
  if (allowList.length === 0) return true;
  const list = new BlockList();
  for (const entry of allowList) {
    const [address, prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const address = mapped ?? ip;
  return list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

interface KeyRow {
  id: string;
  organisation_id: number;
  business_id: number;
  name: string;
  secret_hash: string;
  scopes: string[];
  ip_allow_list: string[];
  expires_at: Date | null;
  revoked_at: Date | null;
  created_by: number;
  last_used_at: Date | null;
  last_used_ip: string | null;
}

// Compared against when the key id is unknown, so that an unknown id takes as long as a wrong secret.
const NO_KEY_HASH = hashApiKeySecret('no such key');

function sameHash(a: string, b: string): boolean {
  return timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}

/** The business a request names (`:businessId` or `?businessId=`), as sent. */
function namedBusiness(request: FastifyRequest): string | undefined {
  for (const values of [request.params, request.query]) {
    const value = (values as Record<string, unknown> | undefined)?.businessId;
    if (value !== undefined) return String(value);
  }
  return undefined;
}

/**
 * Authenticates the request's API key for a route accepting `scopes` (undefined: the route takes no
 * keys, answered 403 once the key itself is good). Sets `request.auth` for the key.
 */
export async function authenticateApiKey(
  request: FastifyRequest,
  scopes: readonly Permission[] | undefined,
): Promise<void> {
  const { db, config, now } = request.server.ctx;
  const nowMs = now();
  const limit = [[apiKeyIpKey(request.ip), config.loginMaxFailuresPerIp]] as const;
  const wait = await retryAfter(db, config, nowMs, limit);
  if (wait > 0) throw tooManyAttempts(wait);

  const refuse = async (message: string): Promise<never> => {
    await db.query('INSERT INTO login_failures (key, at) VALUES ($1, $2)', [
      apiKeyIpKey(request.ip),
      new Date(nowMs),
    ]);
    throw new ApiError(401, { message });
  };

  const match = CREDENTIAL.exec(String(request.headers.authorization ?? ''));
  if (!match) return refuse(API_KEY_TEXTS.invalid);
  const [, id, secret] = match;
  const { rows } = await db.query<KeyRow>(
    `SELECT k.id, k.organisation_id, k.business_id, k.name, k.secret_hash, k.scopes, k.ip_allow_list,
            k.expires_at, k.revoked_at, k.created_by, k.last_used_at, k.last_used_ip
       FROM api_keys k JOIN businesses b ON b.id = k.business_id AND b.organisation_id = k.organisation_id
      WHERE k.id = $1`,
    [id],
  );
  const key = rows[0];
  const hashMatches = sameHash(hashApiKeySecret(secret), key?.secret_hash ?? NO_KEY_HASH);
  if (!key || !hashMatches) return refuse(API_KEY_TEXTS.invalid);
  if (key.revoked_at) return refuse(API_KEY_TEXTS.revoked);
  if (key.expires_at && new Date(key.expires_at).getTime() <= nowMs) return refuse(API_KEY_TEXTS.expired);

  // The key is good: what follows is a refusal of this use, not a failed attempt. Each is recorded
  // in the audit log with outcome 'refused' (once per key, route and window).
  const deny = async (message: string, lacking: readonly string[] = []): Promise<never> => {
    const actor = { type: 'apiKey', id: key.id, label: key.name } as const;
    await auditRefusal(request, key.organisation_id, actor, lacking);
    throw new ApiError(403, { message });
  };
  if (!ipAllowed(key.ip_allow_list, request.ip)) return deny(API_KEY_TEXTS.ipRefused);
  if (scopes === undefined) return deny(API_KEY_TEXTS.notAccepted);
  const missing = scopes.filter((scope) => !key.scopes.includes(scope));
  if (missing.length > 0) return deny(API_KEY_TEXTS.missingScopes(missing), missing);
  const business = namedBusiness(request);
  if (business !== undefined && business !== String(key.business_id)) {
    return deny(API_KEY_TEXTS.otherBusiness);
  }

  const lastUsed = key.last_used_at ? new Date(key.last_used_at).getTime() : null;
  if (
    lastUsed === null ||
    nowMs - lastUsed >= API_KEY_USE_RECORD_INTERVAL_MS ||
    key.last_used_ip !== request.ip
  ) {
    await db.query(
      `UPDATE api_keys SET last_used_at = GREATEST(last_used_at, $2), last_used_ip = $3
        WHERE id = $1`,
      [key.id, new Date(nowMs), request.ip],
    );
  }

  request.auth = {
    sessionId: `api-key:${key.id}`,
    userId: key.created_by,
    email: '',
    organisationId: key.organisation_id,
    role: '',
    permissions: [...key.scopes],
    apiKey: { id: key.id, name: key.name, businessId: key.business_id },
  };
}
