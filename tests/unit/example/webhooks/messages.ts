export const webhookMessages = {
  resources: {
    webhooks: {
      name: 'Webhooks',
      fields: { url: 'Callback URL', businessId: 'Business' },
      sendTest: 'Send a test event',
      testSent: 'Test event sent',
    },
  },
};
