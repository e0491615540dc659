/** TOTP (RFC 6238): SHA1, 6 digits, 30 s steps, ±1 step accepted, replays refused via the last step. */
import { Secret, TOTP } from 'otpauth';

export const TOTP_PERIOD = 30;
export const TOTP_DIGITS = 6;
export const TOTP_WINDOW = 1;

/** The code for a secret at a time. `secret` is base32 unless { latin1: true } (RFC test vectors). */
export function totpCode(
  secret: string,
  timestampMs: number,
  options: { digits?: number; latin1?: boolean } = {},
): string {
  return TOTP.generate({
    secret: options.latin1 ? Secret.fromLatin1(secret) : Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: options.digits ?? TOTP_DIGITS,
    period: TOTP_PERIOD,
    timestamp: timestampMs,
  });
}

export function totpStep(timestampMs: number): number {
  return Math.floor(timestampMs / 1000 / TOTP_PERIOD);
}

/**
 * Checks a 6-digit code against a base32 secret at `nowMs`. Returns the matched time step, or null
 * when the code is wrong, outside ±1 step, or not newer than `lastStep` (a replay).
 */
export function verifyTotp(
  secret: string,
  code: string,
  nowMs: number,
  lastStep: number | null,
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  let delta: number | null;
  try {
    delta = TOTP.validate({
      token: code,
      secret: Secret.fromBase32(secret),
      algorithm: 'SHA1',
      digits: TOTP_DIGITS,
      period: TOTP_PERIOD,
      timestamp: nowMs,
      window: TOTP_WINDOW,
    });
  } catch {
    return null;
  }
  if (delta === null) return null;
  const step = totpStep(nowMs) + delta;
  if (lastStep !== null && step <= lastStep) return null;
  return step;
}

/** A new random secret: 20 bytes, base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUri(secret: string, issuer: string, label: string): string {
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD,
  }).toString();
}
