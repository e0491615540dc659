export const internalTransferMessagesDe = {
  pages: {
    internalTransfer: {
      menu: 'Interne Überweisung',
      title: 'Interne Überweisung',
      intro:
        'Verschieben Sie einen Betrag zwischen zwei Unternehmen Ihrer Organisation. Beide Guthaben ändern sich gleichzeitig.',
      from: 'Von Unternehmen',
      to: 'An Unternehmen',
      next: 'Überweisung prüfen',
      submit: 'Überweisen',
      done: '%{amount} von %{from} an %{to} überwiesen.',
      again: 'Neue Überweisung',
    },
  },
};
