/** The approvals page's strings, merged into the catalogue from its declaration. */
export const withdrawalApprovalMessages = {
  resources: {
    'withdrawal-approvals': {
      name: 'Withdrawal approvals',
      intro:
        'Crypto withdrawals wait here, with their amount reserved, until a user other than their creator approves or rejects them.',
      empty: 'No withdrawals yet.',
      loadFailed: "Couldn't load the withdrawals.",
      fields: {
        createdAt: 'Created',
        business: 'Business',
        amount: 'Amount',
        destination: 'Destination',
        status: 'Status',
        createdBy: 'Created by',
        decision: 'Decision',
      },
      approve: 'Approve',
      reject: 'Reject',
      approveFor: 'Approve withdrawal %{id} of %{amount}',
      rejectFor: 'Reject withdrawal %{id} of %{amount}',
      approveTitle: 'Approve withdrawal',
      rejectTitle: 'Reject withdrawal',
      approveQuestion: 'Send %{amount} from %{business} to %{destination}?',
      rejectQuestion:
        'Reject %{amount} from %{business} to %{destination}? The amount returns to the balance.',
      reason: 'Reason (optional)',
      reasonHelp: 'Shown to the creator; at most 500 characters',
      approved: 'Withdrawal %{id} approved',
      rejected: 'Withdrawal %{id} rejected',
      ownWithdrawal: 'You created this withdrawal: another user must approve or reject it.',
      decidedBy: 'by %{email}',
      thresholds: {
        button: 'Approval thresholds',
        title: 'Approval thresholds',
        intro:
          "A withdrawal of less than its currency's threshold is approved at once; 0 (the default) means every withdrawal needs an approval.",
        none: 'No thresholds set: every withdrawal needs an approval.',
        current: '%{currency}: %{threshold}',
        currency: 'Currency',
        threshold: 'Threshold',
        save: 'Save',
        saved: 'Threshold of %{currency} set to %{threshold}',
        loadFailed: "Couldn't load the thresholds.",
      },
    },
  },
};
