export const fiatWithdrawalMessagesDe = {
  pages: {
    fiatWithdrawal: {
      menu: 'Fiat-Auszahlung',
      title: 'Fiat-Auszahlung',
      intro:
        'Zahlen Sie einen Teil des Guthabens eines Unternehmens auf ein Bankkonto Ihrer Organisation in dieser Währung aus.',
      bankAccount: 'Bankkonto',
      chooseBankAccount: 'Bankkonto wählen',
      noBankAccounts: 'Ihre Organisation hat kein Bankkonto in dieser Währung.',
      bankAccountsFailed: 'Die Bankkonten konnten nicht geladen werden.',
      next: 'Auszahlung prüfen',
      submit: 'Auszahlen',
      done: '%{amount} ist unterwegs an %{account}.',
      again: 'Neue Auszahlung',
    },
  },
};
