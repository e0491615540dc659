import { BUSINESS_MESSAGES } from '../../domain/validationBusiness';

/** The businesses' strings (list, form, deposit-currency panel), merged into the catalogue from the declaration. */
export const businessMessages = {
  resources: {
    businesses: {
      name: 'Businesses',
      list: {
        search: 'Search businesses',
        create: 'create new business',
        empty: 'No businesses created yet',
        noMatch: 'No businesses match your search',
        loading: 'Loading businesses',
        id: 'ID %{id}',
        balances: 'Balances',
        total: 'Total %{amount}',
        noBalances: 'No balances yet',
        edit: 'Edit',
        expand: 'Expand business',
      },
      errors: {
        // A failed list request (GET businesses, or one business for the form).
        loadFailed: 'Failed to load businesses',
        // The list loaded but its balances (GET balances) did not.
        balancesFailed: "Couldn't load businesses",
        // GET withdrawals/metadata (the coins' precision).
        metadataFailed: "Couldn't load business metadata",
        // GET payment/organisations/metadata.
        organisationFailed: 'Failed to fetch organisation.',
      },
      form: {
        createTitle: 'Create business',
        editTitle: 'Edit business',
        details: 'Business details',
        overview: 'Check the business',
        done: 'Done',
        verify: 'Verify',
        create: 'Create business',
        save: 'Save changes',
        created: 'The business has been created.',
        updated: 'The business has been updated.',
        goToBusinesses: 'Go to businesses',
        failed: 'The business could not be saved',
        businessName: 'Business name',
        depositReceivedCallbackUrl: 'Deposit received callback URL',
        withdrawalCallbackUrl: 'Withdrawal callback URL',
        withdrawalApprovalCallbackUrl: 'Withdrawal approval callback URL',
        callbackHelp: 'Optional: http, https or ftp',
        settlementCurrency: 'Settlement currency',
        settlementCurrencyHelp: "The organisation's settlement currency; it cannot be changed",
        displayCurrencies: 'Display currencies',
        depositCurrencies: 'Deposit currencies',
        noDepositCurrencies: 'No deposit currency selected',
        chooseDepositCurrencies: 'Choose deposit currencies',
        blockchainFeePaidBy: 'Blockchain fee paid by',
        feePayers: { USER: 'User', MERCHANT: 'Merchant' },
        overpaymentPolicy: 'Overpayments',
        policies: { PROCESS: 'Process the payment', EXCESS_REFUND: 'Refund the excess' },
        refundFollowUp: 'Refund follow-up deposits for one-time payments',
        optionalFeatures: 'Optional features',
        oneToOneRates: '1:1 stablecoin exchange rates',
        depegThreshold: 'Depeg threshold',
        feeDistribution: 'Processing fee distribution',
        feeDistributionPercentage: 'Fee distribution percentage',
        percent: '%{value} %',
        none: 'None',
        yes: 'Yes',
        no: 'No',
        off: 'Off',
      },
      panel: {
        title: 'Deposit currencies',
        selectAll: 'Select all',
        networksOf: 'Networks of %{currency}',
        atLeastOne: 'Select at least one currency to close this dialog.',
        done: 'Done',
      },
    },
  },
  // The business form's rule texts (src/domain/business.ts).
  validation: { ...BUSINESS_MESSAGES },
};
