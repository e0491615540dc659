import { REPORT_MESSAGES } from '../../domain/validationReports';

/** The page's strings, merged into the catalogue from its declaration. */
export const balanceConfirmationMessages = {
  pages: {
    balanceConfirmation: {
      menu: 'Balance confirmation',
      title: 'Balance confirmation',
      intro:
        'A PDF letter confirming the balances per currency, with their total in the settlement currency, at the end of a day (UTC).',
      business: 'Business',
      allBusinesses: 'All businesses',
      businessesFailed: "Couldn't load the businesses: the letter covers all of them.",
      asOf: 'Balances as of',
      asOfHelp: 'The end of this day in UTC; today means now. Today at the latest.',
      addressee: 'Addressee (optional)',
      addresseeName: 'Addressee',
      addresseeNameHelp: "The auditor's firm or name, as the letter names it",
      addresseeAddress: "Addressee's address",
      addresseeAddressHelp: 'Up to 6 lines',
      signature: 'Signature (optional)',
      signatoryName: 'Signatory',
      signatoryNameHelp: 'Printed under the signature line',
      signatoryTitle: "Signatory's title",
      signatoryTitleHelp: 'For example Head of Finance',
      submit: 'Download PDF',
      running: 'Preparing the PDF…',
      done: 'Downloaded %{filename}',
    },
  },
  // The report form's rule texts (src/domain/reportForms.ts).
  validation: { ...REPORT_MESSAGES },
};
