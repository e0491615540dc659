/**
 * The acting user's 2FA code on a form whose call needs `X-2FA-Code` (docs/decisions.md, 'Two-factor
 * routes'): shown only while the user has 2FA on (the session's `authentication`), required then and 6
 * digits. The form sends it as `meta.twoFaCode` (the data provider's header); a refused code comes
 * back as the server's text on this field (`twoFaFieldError`), without logging out.
 */
import { useSession } from '../authProvider';
import { ERROR_TEXTS } from '../domain/errors';
import { isTwoFaCode } from '../domain/validation';
import { FormTextField } from './FormTextField';
import { VALIDATION_PREFIX } from './resolver';

export const TWO_FA_FIELD = 'twoFaCode';

/** Whether the acting user must give a code. */
export function useTwoFaNeeded(): boolean {
  return useSession().authentication;
}

/** The field's message key for a value, or undefined when it passes (or no code is needed). */
export function twoFaCodeProblem(value: string | undefined, needed: boolean): string | undefined {
  if (!needed) return undefined;
  const code = (value ?? '').trim();
  if (code === '') return `${VALIDATION_PREFIX}twoFaRequired`;
  return isTwoFaCode(code) ? undefined : `${VALIDATION_PREFIX}twoFaDigits`;
}

/** `{ twoFaCode: text }` when a failed call refused the code, else undefined. */
export function twoFaFieldError(error: unknown): Record<string, string> | undefined {
  const { status, body } = (error ?? {}) as { status?: unknown; body?: { message?: unknown } };
  return status === 401 && body?.message === ERROR_TEXTS.invalidTwoFaCode
    ? { [TWO_FA_FIELD]: ERROR_TEXTS.invalidTwoFaCode }
    : undefined;
}

export function TwoFaCodeField() {
  const needed = useTwoFaNeeded();
  if (!needed) return null;
  return (
    <FormTextField
      name={TWO_FA_FIELD}
      label="app.login.twoFaCode"
      helperText="app.login.twoFaCodeNeeded"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      margin="dense"
      required
    />
  );
}
