/** The German of ./messages.ts, key for key (tests/unit/messages.test.ts); the declaration carries it. */
export const changePasswordMessagesDe = {
  pages: {
    changePassword: {
      menu: 'Passwort ändern',
      title: 'Passwort ändern',
      intro:
        'Wählen Sie ein neues Passwort mit mindestens 8 Zeichen, einem Großbuchstaben, einem Kleinbuchstaben und einer Ziffer.',
      oldPassword: 'Altes Passwort',
      newPassword: 'Neues Passwort',
      confirmationPassword: 'Neues Passwort bestätigen',
      submit: 'Passwort ändern',
      success: 'Ihr Passwort wurde geändert.',
    },
  },
};
