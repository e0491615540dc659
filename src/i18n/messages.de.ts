/**
 * The German of ./messages.ts, key for key (tests/unit/messages.test.ts fails on a key missing here,
 * a key English lacks, or a different set of %{placeholders}). The public screens load this file
 * lazily (./translate.ts), so English users' login page does not carry it; the admin imports it.
 */
import type { MessageTree } from './messages';

export const appMessagesDe = {
  app: {
    loading: 'Wird geladen',
    login: {
      title: 'Anmelden',
      email: 'E-Mail',
      password: 'Passwort',
      twoFaCode: '2FA-Code',
      twoFaCodeHelp: 'Leer lassen, wenn Sie keine Zwei-Faktor-Authentifizierung nutzen',
      twoFaCodeNeeded: 'Geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein',
      checkConnection: 'Prüfen Sie auch Ihre Internetverbindung.',
      submit: 'Anmelden',
      submitting: 'Anmeldung läuft…',
      forgotPassword: 'Passwort vergessen?',
      showPassword: 'Passwort anzeigen',
      hidePassword: 'Passwort verbergen',
    },
    chooser: {
      title: 'Organisation auswählen',
      intro: 'Sie gehören zu mehreren Organisationen. Wählen Sie die, in der Sie arbeiten möchten.',
      signedInAs: 'Angemeldet als %{email}',
      logout: 'Abmelden',
    },
    forgotPassword: {
      title: 'Passwort vergessen?',
      intro:
        'Geben Sie die E-Mail-Adresse Ihres Kontos ein. Wir senden Ihnen einen Link, mit dem Sie Ihr Passwort zurücksetzen können.',
      email: 'E-Mail',
      submit: 'Link zum Zurücksetzen senden',
      submitting: 'Wird gesendet…',
      backToLogin: 'Zurück zur Anmeldung',
    },
    resetPassword: {
      title: 'Passwort zurücksetzen',
      intro:
        'Wählen Sie ein neues Passwort: mindestens 8 Zeichen, mit einem Großbuchstaben, einem Kleinbuchstaben und einer Ziffer.',
      newPassword: 'Neues Passwort',
      confirmationPassword: 'Passwort bestätigen',
      submit: 'Passwort zurücksetzen',
      submitting: 'Wird zurückgesetzt…',
      success: 'Ihr Passwort wurde zurückgesetzt. Sie können sich jetzt damit anmelden.',
      missingToken: 'Dieser Link zum Zurücksetzen ist ungültig oder abgelaufen.',
      requestNewLink: 'Neuen Link anfordern',
      backToLogin: 'Zurück zur Anmeldung',
    },
    action: {
      retry: 'Erneut versuchen',
    },
    form: {
      details: 'Angaben',
      overview: 'Prüfen und bestätigen',
      result: 'Fertig',
      next: 'Weiter',
      back: 'Zurück',
      submit: 'Bestätigen',
      steps: { details: 'Angaben', overview: 'Übersicht', done: 'Fertig' },
      progress: 'Fortschritt',
      cancel: 'Abbrechen',
      newQuote: 'Neues Angebot',
    },
    notice: {
      sessionExpired: 'Sitzung abgelaufen',
      rateLimited: 'Sie haben sich zu oft erfolglos angemeldet. Bitte versuchen Sie es später erneut.',
    },
    error: {
      brandFailed: 'Ein unbekannter Fehler ist aufgetreten.',
      brandFailedHint:
        'Die Seite konnte ihre Einstellungen nicht laden. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    },
  },
  validation: {
    emailRequired: 'E-Mail ist erforderlich',
    emailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
    passwordRequired: 'Passwort ist erforderlich',
    passwordCase: 'Mindestens ein Großbuchstabe, ein Kleinbuchstabe und eine Ziffer',
    passwordLength: 'Mindestens 8 Zeichen',
    newPasswordRequired: 'Neues Passwort ist erforderlich',
    oldPasswordRequired: 'Altes Passwort ist erforderlich',
    confirmationRequired: 'Passwortbestätigung ist erforderlich',
    confirmationMismatch: 'Die Passwörter stimmen nicht überein',
    twoFaRequired: '2FA-Code ist erforderlich',
    twoFaDigits: 'Der 2FA-Code muss aus 6 Ziffern bestehen',
  },
  ra: { auth: { logout: 'Abmelden' } },
} satisfies MessageTree;
