import type { auditLogMessages } from './messages';

export const auditLogMessagesDe: typeof auditLogMessages = {
  resources: {
    'audit-log': {
      name: 'Protokoll',
      empty: 'Keine passenden Einträge.',
      fields: {
        at: 'Wann',
        actor: 'Wer',
        action: 'Aktion',
        entity: 'Datensatz',
        changes: 'Änderungen',
        outcome: 'Ergebnis',
        ip: 'IP-Adresse',
      },
      filters: {
        search: 'Wer, Aktion oder Datensatz suchen',
        action: 'Aktion',
        entityType: 'Datensatz',
        outcome: 'Ergebnis',
        date: 'Datum',
      },
      actions: {
        create: 'Angelegt',
        update: 'Geändert',
        delete: 'Gelöscht',
        revoke: 'Widerrufen',
        login: 'Anmeldung',
        access: 'Zugriff',
        'enable-two-factor': 'Zwei-Faktor an',
        'disable-two-factor': 'Zwei-Faktor aus',
        'change-password': 'Passwort geändert',
        'reset-password': 'Passwort zurückgesetzt',
        approve: 'Freigegeben',
        reject: 'Abgelehnt',
      },
      entityTypes: {
        business: 'Unternehmen',
        'api-key': 'API-Schlüssel',
        user: 'Benutzer',
        role: 'Rolle',
        'bank-account': 'Bankkonto',
        'whitelisted-address': 'Freigegebene Adresse',
        deposit: 'Einzahlung',
        transfer: 'Interne Überweisung',
        route: 'API-Aufruf',
        'crypto-withdrawal': 'Krypto-Auszahlung',
        'withdrawal-threshold': 'Freigabeschwelle für Auszahlungen',
      },
      outcomes: { success: 'Erledigt', refused: 'Abgelehnt' },
      actorTypes: { user: 'Benutzer', apiKey: 'API-Schlüssel', system: 'System' },
      noChanges: 'Kein Feld geändert',
      export: {
        button: 'CSV exportieren',
        running: 'Wird exportiert…',
        done: '%{filename} gespeichert',
        truncated:
          '%{filename} enthält nur die ersten %{rows} Einträge. Schränken Sie Datum oder Filter für den Rest ein.',
      },
      errors: { loadFailed: 'Das Protokoll konnte nicht geladen werden.' },
    },
  },
};
