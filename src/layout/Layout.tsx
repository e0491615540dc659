import type { ReactNode } from 'react';
import { Layout as RaLayout, Notification } from 'react-admin';
import { AdminFormKitProvider } from '../forms/AdminFormKitProvider';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { PreferencesSync } from './PreferencesSync';
import { SwitchAnnouncement } from './OrganisationSwitcher';
import { Sidebar } from './Sidebar';

/**
 * react-admin's Layout (skip link, error boundary, Suspense) with the shell's app bar, sidebar and menu;
 * every page's forms translate through react-admin's i18n (the form kit's bridge). Pages frame their
 * content with <Page> (src/layout/Page.tsx).
 */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <AdminFormKitProvider>
      <RaLayout appBar={AppBar} sidebar={Sidebar} menu={Menu} appBarAlwaysOn>
        <SwitchAnnouncement />
        <PreferencesSync />
        {children}
      </RaLayout>
    </AdminFormKitProvider>
  );
}

/**
 * The app bar's height (MUI's Toolbar: regular below 600 px, dense from 600 px up, as AppBar.tsx
 * chooses) plus a gap: notifications sit below it, so they never cover the organisation switcher or
 * the user menu.
 */
export const NOTIFICATION_TOP = { xs: 56 + 8, sm: 48 + 8 } as const;

/** Notifications top right below the app bar, hidden after 3000 ms (docs/product.md#constants-and-limits). */
export function AppNotification() {
  return (
    <Notification
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      autoHideDuration={3000}
      sx={{ top: { xs: `${NOTIFICATION_TOP.xs}px`, sm: `${NOTIFICATION_TOP.sm}px` } }}
    />
  );
}
