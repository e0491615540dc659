/** German texts of ./messages.ts, key for key. */
export const movementMessagesDe = {
  pages: {
    movements: {
      business: 'Unternehmen',
      chooseBusiness: 'Unternehmen wählen',
      currency: 'Währung',
      amount: 'Betrag',
      reference: 'Verwendungszweck',
      available: 'Verfügbar: %{amount}',
      businessesFailed: 'Die Unternehmen konnten nicht geladen werden.',
      validation: {
        amountRequired: 'Betrag ist erforderlich',
        amountNotNumber: 'Der Betrag muss eine Zahl sein',
        amountPositive: 'Der Betrag muss größer als 0 sein',
        amountDecimals: 'Der Betrag hat zu viele Nachkommastellen',
        insufficientBalance: 'Unzureichendes Guthaben',
        sameBusiness: 'Wählen Sie ein anderes Unternehmen als Empfänger',
        unknownCurrency: 'Unbekannte Währung',
        lessThanMinimum: 'Der Betrag liegt unter dem Minimum',
        exceededMaximum: 'Höchstbetrag überschritten',
        referenceRequired: 'Verwendungszweck ist erforderlich',
        specialCharacters: 'Darf keine Sonderzeichen enthalten (< > " \' ;)',
        bankAccountRequired: 'Bankkonto ist erforderlich',
        bankAccountCurrency: 'Das Bankkonto hat nicht diese Währung',
        fiatCurrency: 'Wählen Sie eine Fiat-Währung',
        businessRequired: 'Unternehmen ist erforderlich',
        minimumAmount: 'Der Mindestbetrag ist %{amount} %{currency}.',
        currencyRequired: 'Währung ist erforderlich',
        invalidTwoFaCode: 'Ungültiger oder abgelaufener 2FA-Bestätigungscode.',
      },
    },
  },
};
