export const webhookMessagesDe = {
  resources: {
    webhooks: {
      name: 'Webhooks',
      fields: { url: 'Callback-URL', businessId: 'Unternehmen' },
      sendTest: 'Testereignis senden',
      testSent: 'Testereignis gesendet',
    },
  },
};
