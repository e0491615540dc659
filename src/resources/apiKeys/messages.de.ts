import type { apiKeyMessages } from './messages';

export const apiKeyMessagesDe: typeof apiKeyMessages = {
  resources: {
    'api-keys': {
      name: 'API-Schlüssel',
      empty: 'Noch keine API-Schlüssel.',
      search: 'Schlüssel suchen',
      fields: {
        name: 'Name',
        businessName: 'Unternehmen',
        scopes: 'Berechtigungen',
        status: 'Status',
        expiresAt: 'Läuft ab',
        lastUsedAt: 'Zuletzt benutzt',
        createdAt: 'Angelegt',
        createdBy: 'Angelegt von',
        ipAllowList: 'Erlaubte IP-Adressen',
        expiresOn: 'Gültig bis (letzter Tag)',
      },
      never: 'Nie',
      noExpiry: 'Kein Ablauf',
      from: 'von %{ip}',
      statuses: { active: 'Aktiv', expired: 'Abgelaufen', revoked: 'Widerrufen' },
      errors: {
        loadFailed: 'Die API-Schlüssel konnten nicht geladen werden.',
        businessesFailed: 'Die Unternehmen konnten nicht geladen werden.',
      },
      scopes: {
        GET_PAYMENT: 'Zahlungen',
        GET_PAYMENTS: 'Nicht zugeordnete Einzahlungen',
        GET_WITHDRAWALS: 'Krypto-Auszahlungen',
        GET_FIAT_DEPOSITS: 'Fiat-Einzahlungen',
        GET_FIAT_WITHDRAWALS: 'Abrechnungen',
        GET_INTERNAL_TRANSFERS: 'Interne Überweisungen',
        FETCH_MANUAL_MOVEMENTS: 'Manuelle Buchungen',
        GET_BALANCE_CONVERSIONS: 'Saldoumrechnungen',
        GET_BALANCES: 'Salden',
      },
      list: {
        create: 'API-Schlüssel anlegen',
        actions: 'Aktionen',
        editKey: '%{name} bearbeiten',
        revokeKey: '%{name} widerrufen',
      },
      form: {
        scopesHelp:
          'Was der Schlüssel lesen darf, nur für sein Unternehmen. Sie können nur vergeben, was Sie selbst lesen dürfen.',
        noScopes: 'Sie haben keine der Berechtigungen, die ein Schlüssel erhalten kann.',
        ipHelp:
          'Eine Adresse oder ein CIDR-Bereich pro Zeile (z. B. 203.0.113.7 oder 10.0.0.0/8). Leer: jede Adresse.',
        expiryHelp: 'Der Schlüssel gilt bis einschließlich dieses Tages. Leer: kein Ablauf.',
      },
      create: { title: 'API-Schlüssel anlegen', submit: 'Schlüssel anlegen' },
      created: {
        title: 'Der Schlüssel %{name} wurde angelegt.',
        secret: 'API-Schlüssel',
        once: 'Dieser Schlüssel wird nicht noch einmal angezeigt.',
        done: 'Zurück zu den API-Schlüsseln',
      },
      edit: {
        title: 'API-Schlüssel bearbeiten',
        viewTitle: 'API-Schlüssel',
        submit: 'Speichern',
        saved: 'Der Schlüssel %{name} wurde gespeichert.',
        business: 'Unternehmen: %{name}',
        revoked:
          'Der Schlüssel %{name} ist widerrufen und kann nicht geändert werden. Legen Sie einen neuen Schlüssel an.',
        expired:
          'Der Schlüssel %{name} ist abgelaufen und kann nicht geändert werden. Legen Sie einen neuen Schlüssel an.',
        back: 'Zurück zu den API-Schlüsseln',
      },
      revoke: {
        title: 'API-Schlüssel widerrufen',
        question:
          'Den Schlüssel %{name} widerrufen? Er funktioniert ab seiner nächsten Verwendung nicht mehr. Das kann nicht rückgängig gemacht werden.',
        confirm: 'Widerrufen',
        done: 'Der Schlüssel %{name} wurde widerrufen.',
        already: 'Der Schlüssel %{name} ist bereits widerrufen.',
      },
    },
  },
  validation: {
    apiKey: {
      keyNameRequired: 'Schlüsselname ist erforderlich',
      keyNamePattern: 'Der Schlüsselname darf nur Buchstaben, Zahlen und Leerzeichen enthalten',
      businessRequired: 'Wählen Sie ein Unternehmen',
      scopesRequired: 'Wählen Sie mindestens eine Berechtigung',
      ipInvalid: 'Ungültiges IP-Adressformat',
      ipTooMany: 'Höchstens 50 Einträge',
      expiryPast: 'Das Ablaufdatum muss in der Zukunft liegen',
    },
  },
};
