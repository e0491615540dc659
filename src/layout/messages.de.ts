/** The German of ./messages.ts, key for key (tests/unit/messages.test.ts). Merged in App.tsx. */
export const layoutMessagesDe = {
  layout: {
    sections: {
      organisation: 'Organisation',
      billing: 'Abrechnung',
      balanceManagement: 'Guthabenverwaltung',
      reporting: 'Berichte',
      settings: 'Einstellungen',
    },
    menu: {
      label: 'Hauptmenü',
      open: 'Menü öffnen',
      close: 'Menü schließen',
    },
    logoAlt: 'Logo von %{brand}',
    organisation: {
      button: 'Organisation: %{name}',
      currentlyActive: 'Aktuell aktiv',
      switchTo: 'Zu dieser Organisation wechseln',
      switchFailed: 'Die Organisation konnte nicht gewechselt werden',
      switched: 'Zu %{name} gewechselt',
      label: 'Organisation',
    },
    notFound: {
      title: 'Seite nicht gefunden',
      message: 'Die gesuchte Seite existiert nicht oder wurde verschoben.',
      back: 'Zum Dashboard',
      where: 'Sie sind bei %{organisation} angemeldet, aber unter %{path} gibt es keine Seite.',
      goTo: 'Weiter zu %{page}',
    },
    response: {
      success: 'Erfolgreich',
      failure: 'Etwas ist schiefgelaufen',
      close: 'Schließen',
    },
    theme: {
      dark: 'Dunkles Design',
    },
    code: {
      copy: 'Kopieren',
      copyLabel: '%{label} kopieren',
      copied: 'Kopiert',
      copiedLabel: '%{label} kopiert',
      copyFailed: 'Kopieren nicht möglich: Der Browser verweigert die Zwischenablage',
      explorer: 'Im Block-Explorer öffnen',
      explorerLabel: '%{label} im Block-Explorer',
    },
  },
};
