/** The German of ./messages.ts, key for key (tests/unit/messages.test.ts); the declaration carries it. */
export const authenticationMessagesDe = {
  pages: {
    authentication: {
      menu: 'Zwei-Faktor-Authentifizierung',
      title: 'Zwei-Faktor-Authentifizierung',
      statusOn: 'Die Zwei-Faktor-Authentifizierung ist für Ihr Konto aktiviert.',
      statusOff: 'Die Zwei-Faktor-Authentifizierung ist für Ihr Konto nicht aktiviert.',
      setupHeading: 'Authenticator-App einrichten',
      setupInstructions:
        'Scannen Sie den QR-Code mit einer Authenticator-App oder geben Sie den geheimen Schlüssel dort ein. Geben Sie dann den 6-stelligen Code ein, den die App anzeigt.',
      qrAlt: 'QR-Code zum Einrichten der Zwei-Faktor-Authentifizierung in einer Authenticator-App',
      secret: 'Geheimer Schlüssel zur manuellen Eingabe',
      copy: 'Schlüssel kopieren',
      copied: 'Geheimer Schlüssel kopiert',
      copyFailed: 'Der Schlüssel konnte nicht kopiert werden: Markieren und kopieren Sie ihn von Hand.',
      disableInstructions:
        'Um die Zwei-Faktor-Authentifizierung zu deaktivieren, geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein.',
      code: '6-stelliger Code',
      enable: 'Aktivieren',
      disable: 'Deaktivieren',
      enabled: 'Die Zwei-Faktor-Authentifizierung wurde aktiviert.',
      disabled: 'Die Zwei-Faktor-Authentifizierung wurde deaktiviert.',
      loading: 'Einrichtung wird geladen…',
      loadFailed: 'Die Einrichtung der Zwei-Faktor-Authentifizierung konnte nicht geladen werden.',
      retry: 'Erneut versuchen',
    },
  },
};
