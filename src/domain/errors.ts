/** Error texts of spec section 8 and the error text selection rule. */

export const ERROR_TEXTS = {
  default: 'Error completing action. Please try again later.',
  rateLimited: 'You’ve performed too many login attempts, please try again later.',
  tooManyLoginAttempts: 'Too many failed login attempts. Try again later',
  loginFailed: 'Error occurred during login',
  invalidCredentials: 'Invalid email or password.',
  invalidTwoFaCode: 'Invalid or expired 2FA verification code.',
  sessionExpired: 'Session expired',
  unauthorized: 'Authentication required.',
  forbidden: 'You do not have permission to perform this action.',
  notFound: 'Not found.',
  switchOrganisationFailed: 'Failed to switch organisation',
  brandFailed: 'Unspecified error occurred.',
  unsupportedMediaType: 'Requests must be sent as JSON (Content-Type: application/json).',
  validation: 'Some fields are invalid.',
  resetTokenInvalid: 'This reset link is invalid or has expired.',
  oldPasswordIncorrect: 'Old password is incorrect',
  forgotPasswordAccepted: 'If an account exists for this email, a reset link has been sent to it.',
} as const;

/** The JSON error body of every /v1 error (DESIGN.md section 7). */
export interface ApiErrorBody {
  message: string;
  rejection?: string;
  errors?: Record<string, string>;
}

function textFrom(data: unknown): string | undefined {
  if (data === null || typeof data !== 'object') return undefined;
  const { rejection, message } = data as { rejection?: unknown; message?: unknown };
  if (typeof rejection === 'string' && rejection) return rejection;
  if (typeof message === 'string' && message) return message;
  return undefined;
}

/**
 * Error text selection, in order (spec section 8): a plain string error; else the rejection, then
 * the message, from the error data or its response data; else the default text.
 */
export function errorText(error: unknown, fallback: string = ERROR_TEXTS.default): string {
  if (typeof error === 'string') return error || fallback;
  if (error !== null && typeof error === 'object') {
    const e = error as { data?: unknown; body?: unknown; response?: { data?: unknown } };
    return textFrom(e.data) ?? textFrom(e.body) ?? textFrom(e.response?.data) ?? fallback;
  }
  return fallback;
}
