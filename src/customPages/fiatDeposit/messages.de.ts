export const fiatDepositMessagesDe = {
  pages: {
    fiatDeposit: {
      menu: 'Fiat-Einzahlung',
      title: 'Fiat-Einzahlung',
      intro:
        'Laden Sie das Guthaben eines Unternehmens per Überweisung auf: Betrag ankündigen, dann mit den angezeigten Angaben zahlen.',
      expectedAmount: 'Erwarteter Betrag',
      next: 'Einzahlung prüfen',
      submit: 'Zahlungsangaben abrufen',
      done: 'Zahlen Sie %{amount} mit diesen Angaben. Das Guthaben wird gutgeschrieben, sobald das Geld eingeht.',
      instructions: 'Zahlungsangaben',
      beneficiary: 'Empfänger',
      iban: 'IBAN',
      bic: 'BIC',
      paymentReference: 'Verwendungszweck der Zahlung',
      status: 'Status',
      expected: 'Erwartet',
      again: 'Neue Einzahlung',
    },
  },
};
