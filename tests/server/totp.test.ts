import { describe, expect, it } from 'vitest';
import { newTotpSecret, otpauthUri, totpCode, totpStep, verifyTotp } from '../../server/auth/totp';

// RFC 6238 appendix B, SHA1, secret "12345678901234567890" (ASCII), 8 digits.
const RFC_VECTORS: [seconds: number, code: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(RFC_VECTORS)('T=%i gives %s', (seconds, code) => {
    expect(totpCode('12345678901234567890', seconds * 1000, { digits: 8, latin1: true })).toBe(code);
  });

  const secret = 'JBSWY3DPEHPK3PXP';
  const now = Date.parse('2026-03-02T09:00:10Z');
  const at = (steps: number) => totpCode(secret, now + steps * 30_000);

  it('accepts the current code and ±1 step, refuses ±2', () => {
    expect(verifyTotp(secret, at(0), now, null)).toBe(totpStep(now));
    expect(verifyTotp(secret, at(-1), now, null)).toBe(totpStep(now) - 1);
    expect(verifyTotp(secret, at(1), now, null)).toBe(totpStep(now) + 1);
    expect(verifyTotp(secret, at(-2), now, null)).toBeNull();
    expect(verifyTotp(secret, at(2), now, null)).toBeNull();
  });

  it('refuses a step at or before the last accepted one (replay)', () => {
    const step = totpStep(now);
    expect(verifyTotp(secret, at(0), now, step)).toBeNull();
    expect(verifyTotp(secret, at(-1), now, step - 1)).toBeNull();
    expect(verifyTotp(secret, at(1), now, step)).toBe(step + 1);
  });

  it('refuses malformed codes', () => {
    expect(verifyTotp(secret, '12345', now, null)).toBeNull();
    expect(verifyTotp(secret, 'abcdef', now, null)).toBeNull();
  });

  it('makes 20-byte base32 secrets and otpauth URIs', () => {
    const s = newTotpSecret();
    expect(s).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(s);
    const uri = new URL(otpauthUri(s, 'Payments Local', 'a@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(s);
    expect(uri.searchParams.get('issuer')).toBe('Payments Local');
    expect(decodeURIComponent(uri.pathname)).toContain('a@example.com');
  });
});
