/** The German of ./messages.ts, key for key (tests/unit/messages.test.ts); the declaration carries it. */
export const transactionLedgerMessagesDe = {
  pages: {
    transactionLedger: {
      menu: 'Buchungsjournal',
      title: 'Buchungsjournal',
      intro:
        'Alle Buchungen eines Zeitraums mit dem Anfangs- und Endsaldo jedes Kontos als Tabelle. Tage sind UTC-Tage; ein Zeitraum umfasst höchstens 366 Tage.',
      business: 'Unternehmen',
      allBusinesses: 'Alle Unternehmen',
      businessesFailed: 'Die Unternehmen konnten nicht geladen werden: Das Journal umfasst alle.',
      from: 'Von',
      to: 'Bis',
      fromHelp: 'Der erste Tag, einschließlich.',
      toHelp: 'Der letzte Tag, einschließlich.',
      currency: 'Währung',
      allCurrencies: 'Alle Währungen',
      format: 'Format',
      formats: { csv: 'CSV', xlsx: 'Excel (XLSX)' },
      submit: 'Journal herunterladen',
      running: 'Journal wird erstellt…',
      done: '%{filename} heruntergeladen',
    },
  },
  validation: {
    reportDateRequired: 'Das Datum ist erforderlich',
    reportDateInvalid: 'muss ein Datum sein (JJJJ-MM-TT)',
    reportDateInFuture: 'darf nicht in der Zukunft liegen',
    reportFromAfterTo: 'darf nicht vor dem Anfangsdatum liegen',
    reportWindowTooLong: 'darf höchstens 366 Tage umfassen, beide eingeschlossen',
    reportTextTooLong: 'darf höchstens 200 Zeichen lang sein',
    reportAddressTooLong: 'darf höchstens 400 Zeichen in höchstens 6 Zeilen umfassen',
    reportControlCharacters: 'darf keine Steuerzeichen enthalten',
    reportAddresseeNameRequired: 'Nennen Sie den Empfänger dieser Anschrift',
    reportSignatoryNameRequired: 'Nennen Sie die Person mit dieser Funktion',
  },
};
