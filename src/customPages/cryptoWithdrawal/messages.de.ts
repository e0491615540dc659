/** The German of ./messages.ts, key for key (tests/unit/messages.test.ts); the declaration carries it. */
export const cryptoWithdrawalMessagesDe = {
  pages: {
    cryptoWithdrawal: {
      menu: 'Krypto-Auszahlung',
      title: 'Krypto-Auszahlung',
      intro:
        'Senden Sie Kryptowährung an eine Ihrer freigegebenen Adressen. Der Betrag wird sofort reserviert; ein anderer Benutzer gibt die Auszahlung frei, bevor sie gesendet wird, außer sie liegt unter Ihrer Freigabeschwelle.',
      business: 'Unternehmen',
      pickBusiness: 'Unternehmen wählen',
      pair: 'Währung und Netzwerk',
      pickPair: 'Währung und Netzwerk wählen',
      address: 'Freigegebene Adresse',
      pickAddress: 'Adresse wählen',
      pickPairFirst: 'Zuerst Währung und Netzwerk wählen',
      noAddresses:
        'Noch keine freigegebenen Adressen: Fügen Sie zuerst unter Freigegebene Adressen eine hinzu.',
      amount: 'Betrag',
      available: 'Verfügbar: %{amount}',
      availableHeld: 'Verfügbar: %{amount} (%{held} bis zur Freigabe reserviert)',
      availableUnknown: 'Der verfügbare Saldo konnte nicht gelesen werden.',
      destinationTag: 'Destination Tag',
      destinationTagHelp: 'Der eigene Tag der freigegebenen Adresse, der mit der Auszahlung gesendet wird.',
      submit: 'Auszahlen',
      created:
        'Auszahlung %{id} über %{amount} wurde angelegt und wartet auf die Freigabe durch einen anderen Benutzer.',
      approved: 'Auszahlung %{id} über %{amount} wurde sofort freigegeben und wird in Kürze gesendet.',
      another: 'Neue Auszahlung',
      toApprovals: 'Auszahlungsfreigaben',
      loadFailed: 'Die freigegebenen Adressen konnten nicht geladen werden.',
    },
  },
  validation: {
    withdrawal: {
      amountRequired: 'Betrag ist erforderlich',
      amountNotNumber: 'Betrag muss eine Zahl sein',
      amountPositive: 'Betrag muss größer als 0 sein',
      amountDecimals: 'Betrag muss weniger Nachkommastellen haben',
      exceededMaximum: 'Höchstbetrag überschritten',
      insufficientBalance: 'Unzureichender Saldo',
      unknownCurrency: 'Wählen Sie eine Kryptowährung und ein Netzwerk, auf dem sie angeboten wird',
      addressRequired: 'Wählen Sie eine freigegebene Adresse',
      addressOtherNetwork: 'Wählen Sie eine freigegebene Adresse dieser Währung und dieses Netzwerks',
      destinationTagNumeric: 'Der Destination Tag muss eine ganze Zahl sein',
      destinationTagNotUsed: 'Nur XRP- und Stellar-Adressen haben einen Destination Tag',
      destinationTagMismatch: 'Der Destination Tag muss der Tag der freigegebenen Adresse sein',
      ownWithdrawal:
        'Sie haben diese Auszahlung angelegt: Ein anderer Benutzer muss sie freigeben oder ablehnen.',
      alreadyApproved: 'Diese Auszahlung wurde bereits freigegeben.',
      alreadyRejected: 'Diese Auszahlung wurde bereits abgelehnt.',
      reasonTooLong: 'Der Grund darf höchstens 500 Zeichen lang sein',
      thresholdInvalid: 'Die Schwelle muss eine Zahl von 0 oder mehr sein',
    },
  },
};
