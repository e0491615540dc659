import { REPORT_MESSAGES } from '../../domain/validationReports';

/** The page's strings, merged into the catalogue from its declaration. */
export const transactionLedgerMessages = {
  pages: {
    transactionLedger: {
      menu: 'Transaction ledger',
      title: 'Transaction ledger',
      intro:
        'Every ledger posting of a period with the opening and closing balance of each account, as a spreadsheet. Days are UTC days; a period spans at most 366 days.',
      business: 'Business',
      allBusinesses: 'All businesses',
      businessesFailed: "Couldn't load the businesses: the ledger covers all of them.",
      from: 'From',
      to: 'To',
      fromHelp: 'The first day, included.',
      toHelp: 'The last day, included.',
      currency: 'Currency',
      allCurrencies: 'All currencies',
      format: 'Format',
      formats: { csv: 'CSV', xlsx: 'Excel (XLSX)' },
      submit: 'Download ledger',
      running: 'Preparing the ledger…',
      done: 'Downloaded %{filename}',
    },
  },
  // The report form's rule texts (src/domain/reportForms.ts).
  validation: { ...REPORT_MESSAGES },
};
