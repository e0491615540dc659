/** Strings of the shell (sidebar, app bar, switcher, not-found page, response dialog). Merged in App.tsx. */
export const layoutMessages = {
  layout: {
    sections: {
      organisation: 'Organisation',
      billing: 'Billing',
      balanceManagement: 'Balance management',
      reporting: 'Reporting',
      settings: 'Settings',
    },
    menu: {
      label: 'Main menu',
      open: 'Open menu',
      close: 'Close menu',
    },
    logoAlt: '%{brand} logo',
    organisation: {
      button: 'Organisation: %{name}',
      currentlyActive: 'Currently active',
      switchTo: 'Switch to organisation',
      switchFailed: 'Failed to switch organisation',
      switched: 'Switched to %{name}',
      label: 'Organisation',
    },
    notFound: {
      title: 'Page not found',
      message: 'The page you are looking for does not exist or has moved.',
      back: 'Go to the dashboard',
      where: 'You are signed in to %{organisation}, but there is no page at %{path}.',
      goTo: 'Go to %{page}',
    },
    response: {
      success: 'Success',
      failure: 'Something went wrong',
      close: 'Close',
    },
    theme: {
      dark: 'Dark theme',
    },
    code: {
      copy: 'Copy',
      copyLabel: 'Copy %{label}',
      copied: 'Copied',
      copiedLabel: '%{label} copied',
      copyFailed: 'Could not copy: the browser refused the clipboard',
      explorer: 'Open in the block explorer',
      explorerLabel: '%{label} in the block explorer',
    },
  },
};
