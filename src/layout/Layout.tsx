import type { ReactNode } from 'react';
import { Layout as RaLayout, Notification } from 'react-admin';
import { AdminFormKitProvider } from '../forms/AdminFormKitProvider';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { Sidebar } from './Sidebar';

/**
 * react-admin's Layout (skip link, error boundary, Suspense) with the shell's app bar, sidebar and menu;
 * every page's forms translate through react-admin's i18n (the form kit's bridge).
 */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <AdminFormKitProvider>
      <RaLayout appBar={AppBar} sidebar={Sidebar} menu={Menu} appBarAlwaysOn>
        {children}
      </RaLayout>
    </AdminFormKitProvider>
  );
}

/** Notifications top right, hidden after 3000 ms (spec section 9). */
export function AppNotification() {
  return <Notification anchorOrigin={{ vertical: 'top', horizontal: 'right' }} autoHideDuration={3000} />;
}
