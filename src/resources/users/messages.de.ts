import type { userMessages } from './messages';

export const userMessagesDe: typeof userMessages = {
  resources: {
    users: {
      name: 'Benutzer',
      empty: 'Keine Benutzer gefunden.',
      search: 'Nach E-Mail suchen',
      loadFailed: 'Die Benutzer konnten nicht geladen werden.',
      rolesFailed: 'Die Rollen konnten nicht geladen werden.',
      fields: {
        email: 'E-Mail',
        password: 'Passwort',
        confirmationPassword: 'Passwort bestätigen',
        roleName: 'Rolle',
        twoFaEnabled: '2FA',
        lastLoginAt: 'Letzte Anmeldung',
        createdAt: 'Hinzugefügt',
        actions: 'Aktionen',
      },
      on: 'Ein',
      off: 'Aus',
      never: 'Nie',
      passwordHelp:
        'Mindestens 8 Zeichen mit einem Groß- und einem Kleinbuchstaben und einer Zahl. Wird ignoriert, wenn die E-Mail schon ein Konto hat.',
      createTitle: 'Benutzer hinzufügen',
      create: 'Benutzer hinzufügen',
      created: '%{email} wurde hinzugefügt.',
      editTitle: 'Rolle ändern',
      viewTitle: 'Rolle eines Benutzers',
      back: 'Zurück zu den Benutzern',
      readOnly: {
        self: 'Sie können Ihre eigene Mitgliedschaft nicht ändern oder entfernen.',
        adminOnly: 'Nur ein ADMIN kann einen ADMIN ändern oder entfernen.',
        widerMember:
          'Sie können kein Mitglied ändern oder entfernen, dessen Rolle Berechtigungen hat, die Sie nicht haben: %{permissions}.',
      },
      editing: 'Die Rolle von %{email} in dieser Organisation',
      save: 'Speichern',
      saved: 'Die Rolle von %{email} wurde gespeichert.',
      changeRole: 'Rolle ändern',
      editUser: 'Rolle von %{email} ändern',
      removeUser: '%{email} entfernen',
      remove: {
        title: 'Benutzer entfernen',
        question: '%{name} aus dieser Organisation entfernen? Die Sitzungen darin enden sofort.',
        confirm: 'Entfernen',
        done: '%{name} wurde entfernt.',
      },
    },
  },
  validation: { user: { roleRequired: 'Wählen Sie eine Rolle' } },
};
