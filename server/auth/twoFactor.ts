/**
 * `config.twoFactor`: a route that changes something sensitive needs the acting user's current 2FA code
 * in `X-2FA-Code` when that user has 2FA on (docs/decisions.md, 'Two-factor routes'). The check runs
 * after the body was validated (a request refused for its input keeps its code usable), is throttled
 * like the account's other 2FA checks, and spends the code: a code is accepted once, also when two
 * requests carry it at once. A missing, wrong or reused code is 401 'Invalid or expired 2FA
 * verification code.', which the dashboard shows on the field without logging out. A code that is
 * present but not 6 digits is 400 naming the header, whether the user has 2FA on or off (decision 224).
 *
 * A route that is also `config.idempotent` checks the code before its handler (`checkTwoFactor`: a
 * wrong code changes nothing) but spends it in the transaction that holds its Idempotency-Key, after
 * the claim (`spendTwoFactor`, called by server/http/idempotency.ts): a refused movement rolls the
 * spending back with everything else, so the code still works for the corrected request, and a retry
 * answered with the stored answer spends nothing (the code that made the change works for it again).
 */
import type { FastifyRequest } from 'fastify';
import { TWO_FA_HEADER } from '../../src/domain/api';
import { ACCOUNT_MESSAGES, isTwoFaCode } from '../../src/domain/validation';
import type { Db } from '../db/client';
import { invalidTwoFaCode, tooManyAttempts, validationError } from '../http/errors';
import { reserveAttempt, twoFaKey } from './throttle';
import { verifyTotp } from './totp';

declare module 'fastify' {
  interface FastifyRequest {
    /** A `config.idempotent` 2FA route: the time step of the checked code, spent with the claim. */
    twoFactorStep?: number;
    /** A `config.twoFactor` route: the caller's code was checked (its audit row says so, decision 243). */
    twoFactorChecked?: boolean;
  }
}

const HEADER = TWO_FA_HEADER.toLowerCase();

/** The request's code ('' when absent); 400 naming the header when present and not 6 digits. */
function codeOf(request: FastifyRequest): string {
  const header = request.headers[HEADER];
  const code = typeof header === 'string' ? header.trim() : '';
  if (code !== '' && !isTwoFaCode(code))
    throw validationError({ [TWO_FA_HEADER]: ACCOUNT_MESSAGES.twoFaDigits });
  return code;
}

interface Checked {
  /** The time step the code matched. */
  step: number;
  /** Uncounts the attempt reserved for the check (the code was right). */
  release(): Promise<void>;
}

/**
 * Checks the code (throttled: the attempt is reserved first) and answers its time step, or undefined
 * when the user has 2FA off. `refuseSpent`: a code whose step was already spent is refused too.
 */
async function checkCode(request: FastifyRequest, refuseSpent: boolean): Promise<Checked | undefined> {
  const code = codeOf(request);
  const { db, config, now } = request.server.ctx;
  const { userId } = request.auth;
  const { rows } = await db.query<{ totp_secret: string | null; totp_last_step: number | string | null }>(
    'SELECT totp_secret, totp_last_step FROM users WHERE id = $1',
    [userId],
  );
  const secret = rows[0]?.totp_secret;
  if (!secret) return undefined; // 2FA off: nothing to check
  const nowMs = now();
  const reserved = await reserveAttempt(db, config, nowMs, [
    [twoFaKey(userId), config.loginMaxFailuresPerAccount],
  ]);
  if (reserved.wait !== undefined) throw tooManyAttempts(reserved.wait);
  const lastStep = refuseSpent && rows[0].totp_last_step !== null ? Number(rows[0].totp_last_step) : null;
  const step = verifyTotp(secret, code, nowMs, lastStep);
  if (step === null) throw invalidTwoFaCode(); // the reserved attempt stays: a failure
  return { step, release: () => reserved.reservation.release() };
}

/** Spends a step atomically: of two requests with one code, the second finds the step taken. */
async function spend(db: Db, userId: number, step: number): Promise<boolean> {
  const { rows } = await db.query(
    'UPDATE users SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id',
    [userId, step],
  );
  return rows.length === 1;
}

/** preHandler of a `config.twoFactor` route: checks and spends the code. */
export async function requireTwoFactor(request: FastifyRequest): Promise<void> {
  const checked = await checkCode(request, true);
  if (!checked) return;
  if (!(await spend(request.server.ctx.db, request.auth.userId, checked.step))) throw invalidTwoFaCode();
  await checked.release();
  request.twoFactorChecked = true;
}

/**
 * preHandler of a `config.twoFactor` route that is also `config.idempotent`: checks the code without
 * spending it (a code already spent passes here: it may be the retry of the request that spent it) and
 * leaves its step for `spendTwoFactor`.
 */
export async function checkTwoFactor(request: FastifyRequest): Promise<void> {
  const checked = await checkCode(request, false);
  if (!checked) return;
  await checked.release();
  request.twoFactorStep = checked.step;
  request.twoFactorChecked = true;
}

/**
 * In the transaction holding an idempotent request's key, after its claim: spends the code
 * `checkTwoFactor` checked (nothing when the user has 2FA off); 401 when its step is already spent.
 */
export async function spendTwoFactor(tx: Db, request: FastifyRequest): Promise<void> {
  const step = request.twoFactorStep;
  if (step === undefined) return;
  if (!(await spend(tx, request.auth.userId, step))) throw invalidTwoFaCode();
}
