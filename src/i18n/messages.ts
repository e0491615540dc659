/**
 * The dashboard's English messages (docs/architecture.md#stack: every visible string goes through translate).
 * Keys are namespaced: `app.*` for the shell and the public screens, `validation.*` for the account
 * forms' schemas of src/domain/schemas.ts (built from ACCOUNT_MESSAGES so the texts cannot drift; each
 * feature's declaration carries its own rule texts). Other features add their
 * own namespaces (e.g. `resources.businesses.*`, `pages.statistics.*`) in their folders and merge them
 * in App. No React or react-admin here: the login chunk imports this file.
 */
import { ERROR_TEXTS } from '../domain/errors';
import { ACCOUNT_MESSAGES } from '../domain/validation';

/** polyglot-style nested messages (a subset of react-admin's TranslationMessages shape). */
export interface MessageTree {
  [key: string]: string | MessageTree;
}

export const appMessages = {
  app: {
    loading: 'Loading',
    login: {
      title: 'Sign in',
      email: 'Email',
      password: 'Password',
      twoFaCode: '2FA code',
      twoFaCodeHelp: 'Leave empty unless you use two-factor authentication',
      twoFaCodeNeeded: 'Enter the 6-digit code from your authenticator app',
      checkConnection: ERROR_TEXTS.checkConnection,
      submit: 'Sign in',
      submitting: 'Signing in…',
      forgotPassword: 'Forgot your password?',
      showPassword: 'Show password',
      hidePassword: 'Hide password',
    },
    chooser: {
      title: 'Choose organisation',
      intro: 'You belong to several organisations. Choose the one to work in.',
      signedInAs: 'Signed in as %{email}',
      logout: 'Sign out',
    },
    forgotPassword: {
      title: 'Forgot your password?',
      intro: 'Enter the email address of your account and we will send you a link to reset your password.',
      email: 'Email',
      submit: 'Send reset link',
      submitting: 'Sending…',
      backToLogin: 'Back to sign in',
    },
    resetPassword: {
      title: 'Reset password',
      intro:
        'Choose a new password: at least 8 characters, with an uppercase letter, a lowercase letter and a number.',
      newPassword: 'New password',
      confirmationPassword: 'Confirm password',
      submit: 'Reset password',
      submitting: 'Resetting…',
      success: 'Your password has been reset. You can now sign in with it.',
      missingToken: 'This reset link is invalid or has expired.',
      requestNewLink: 'Request a new link',
      backToLogin: 'Back to sign in',
    },
    action: {
      retry: 'Try again',
    },
    form: {
      details: 'Details',
      overview: 'Check and confirm',
      result: 'Done',
      next: 'Continue',
      back: 'Back',
      submit: 'Confirm',
      // The step indicator of every multi-step form, and its Cancel.
      steps: { details: 'Details', overview: 'Overview', done: 'Done' },
      progress: 'Progress',
      cancel: 'Cancel',
      // A quote's forms (create → show → execute): a new quote for the same values.
      newQuote: 'New quote',
    },
    notice: {
      sessionExpired: ERROR_TEXTS.sessionExpired,
      rateLimited: ERROR_TEXTS.rateLimited,
    },
    error: {
      brandFailed: ERROR_TEXTS.brandFailed,
      brandFailedHint: 'The page could not load its settings. Check your connection and try again.',
    },
  },
  // The account forms' texts; each feature's catalogue carries its own (e.g. the businesses').
  validation: { ...ACCOUNT_MESSAGES },
  // react-admin's own texts the dashboard words differently: 'Sign in' / 'Sign out' everywhere.
  ra: { auth: { logout: 'Sign out' } },
} satisfies MessageTree;

/** Deep merge of message trees (later wins); used to add feature namespaces to the app messages. */
export function mergeMessages(...trees: MessageTree[]): MessageTree {
  const out: MessageTree = {};
  for (const tree of trees) {
    for (const [key, value] of Object.entries(tree)) {
      const existing = out[key];
      out[key] =
        typeof value === 'object' && typeof existing === 'object' ? mergeMessages(existing, value) : value;
    }
  }
  return out;
}
