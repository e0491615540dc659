import { TRAVEL_RULE_MESSAGES } from '../../domain/validationTravelRule';

export const travelRuleMessages = {
  resources: {
    'travel-rule': {
      name: 'Travel rule',
      intro: 'Crypto deposits whose originator is not yet known. Add the data the travel rule asks for.',
      empty: 'No deposits lack travel-rule data.',
      badge:
        '%{smart_count} deposit lacks travel-rule data |||| %{smart_count} deposits lack travel-rule data',
      fields: {
        businessName: 'Business',
        amount: 'Amount',
        currency: 'Currency',
        network: 'Network',
        receivedAt: 'Received at',
        ageDays: 'Age',
      },
      age: '%{smart_count} day |||| %{smart_count} days',
      addOriginator: 'Add originator',
      addOriginatorFor: 'Add originator of the deposit of %{amount} to %{business}',
      form: {
        title: 'Originator of a deposit',
        deposit: 'Deposit',
        depositSummary: '%{amount} on %{network} to %{business}, received %{receivedAt}',
        type: 'Originator type',
        types: { NATURAL: 'Natural person', LEGAL: 'Legal person (company)' },
        name: 'Name',
        address: 'Address',
        city: 'City',
        country: 'Country',
        nationalIdentifierType: 'National identifier type',
        nationalIdentifier: 'National identifier',
        identifierTypes: {
          CCPT: 'Passport number',
          IDCD: 'Identity card number',
          DRLC: "Driver's licence number",
          ARNU: 'Alien registration number',
          SOCS: 'Social security number',
          TXID: 'Tax identification number',
          RAID: 'Registration authority identifier',
          LEIX: 'Legal Entity Identifier (LEI)',
          FIIN: 'Foreign investment identity number',
          MISC: 'Other',
        },
        save: 'Save',
        cancel: 'Cancel',
        saved: 'Originator saved',
        alreadyProvided: 'This deposit already has its originator data; saving replaces it.',
      },
      errors: {
        loadFailed: 'The deposits lacking travel-rule data could not be loaded.',
        depositFailed: 'The deposit could not be loaded.',
      },
    },
  },
  validation: { ...TRAVEL_RULE_MESSAGES },
};
