/** The page's strings, merged into the catalogue from its declaration. */
export const authenticationMessages = {
  pages: {
    authentication: {
      menu: 'Two-factor authentication',
      title: 'Two-factor authentication',
      statusOn: 'Two-factor authentication is enabled for your account.',
      statusOff: 'Two-factor authentication is not enabled for your account.',
      setupHeading: 'Set up an authenticator app',
      setupInstructions:
        'Scan the QR code with an authenticator app, or type the secret key into it, then enter the 6-digit code the app shows.',
      qrAlt: 'QR code for setting up two-factor authentication in an authenticator app',
      secret: 'Secret key for manual entry',
      copy: 'Copy key',
      copied: 'Secret key copied',
      copyFailed: 'The key could not be copied: select it and copy it by hand.',
      disableInstructions:
        'To disable two-factor authentication, enter the 6-digit code from your authenticator app.',
      code: '6-digit code',
      enable: 'Enable',
      disable: 'Disable',
      enabled: 'Two-factor authentication has been enabled.',
      disabled: 'Two-factor authentication has been disabled.',
      loading: 'Loading the setup…',
      loadFailed: 'The two-factor setup could not be loaded.',
      retry: 'Try again',
    },
  },
};
