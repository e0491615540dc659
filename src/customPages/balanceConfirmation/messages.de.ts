/** The German of ./messages.ts, key for key (tests/unit/messages.test.ts); the declaration carries it. */
export const balanceConfirmationMessagesDe = {
  pages: {
    balanceConfirmation: {
      menu: 'Saldenbestätigung',
      title: 'Saldenbestätigung',
      intro:
        'Ein PDF-Schreiben, das die Salden je Währung und ihre Summe in der Abrechnungswährung zum Ende eines Tages (UTC) bestätigt.',
      business: 'Unternehmen',
      allBusinesses: 'Alle Unternehmen',
      businessesFailed: 'Die Unternehmen konnten nicht geladen werden: Das Schreiben umfasst alle.',
      asOf: 'Salden zum',
      asOfHelp: 'Das Ende dieses Tages in UTC; spätestens heute.',
      submit: 'PDF herunterladen',
      running: 'PDF wird erstellt…',
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
