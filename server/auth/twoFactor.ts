/**
 * `config.twoFactor`: a route that changes something sensitive needs the acting user's current 2FA code
 * in `X-2FA-Code` when that user has 2FA on (docs/decisions.md, 'Two-factor routes'). The check runs
 * after the body was validated (a request refused for its input keeps its code usable), is throttled
 * like the account's other 2FA checks, and spends the code: a code is accepted once, also when two
 * requests carry it at once. A missing, wrong or reused code is 401 'Invalid or expired 2FA
 * verification code.', which the dashboard shows on the field without logging out.
 */
import type { FastifyRequest } from 'fastify';
import { TWO_FA_HEADER } from '../../src/domain/api';
import { invalidTwoFaCode, tooManyAttempts } from '../http/errors';
import { reserveAttempt, twoFaKey } from './throttle';
import { verifyTotp } from './totp';

const HEADER = TWO_FA_HEADER.toLowerCase();

export async function requireTwoFactor(request: FastifyRequest): Promise<void> {
  const { db, config, now } = request.server.ctx;
  const { userId } = request.auth;
  const { rows } = await db.query<{ totp_secret: string | null; totp_last_step: number | string | null }>(
    'SELECT totp_secret, totp_last_step FROM users WHERE id = $1',
    [userId],
  );
  const secret = rows[0]?.totp_secret;
  if (!secret) return; // 2FA off: nothing to check
  const header = request.headers[HEADER];
  const code = typeof header === 'string' ? header.trim() : '';
  const nowMs = now();
  const reserved = await reserveAttempt(db, config, nowMs, [
    [twoFaKey(userId), config.loginMaxFailuresPerAccount],
  ]);
  if (reserved.wait !== undefined) throw tooManyAttempts(reserved.wait);
  const lastStep = rows[0].totp_last_step === null ? null : Number(rows[0].totp_last_step);
  const step = verifyTotp(secret, code, nowMs, lastStep);
  // Spent atomically: of two requests with one code, the second finds the step taken.
  const spent =
    step !== null &&
    (
      await db.query(
        'UPDATE users SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id',
        [userId, step],
      )
    ).rows.length === 1;
  if (!spent) throw invalidTwoFaCode();
  await reserved.reservation.release();
}
