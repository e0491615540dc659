/**
 * The sidebar's entries, handed down by App (the composition root) from the registries: the layout
 * never imports a registry, so a view of any feature may import the layout without a cycle.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { MenuEntry } from '../declarations';

const MenuEntriesContext = createContext<readonly MenuEntry[] | null>(null);

export function MenuEntriesProvider({
  entries,
  children,
}: {
  entries: readonly MenuEntry[];
  children: ReactNode;
}) {
  return <MenuEntriesContext.Provider value={entries}>{children}</MenuEntriesContext.Provider>;
}

export function useMenuEntries(): readonly MenuEntry[] {
  const entries = useContext(MenuEntriesContext);
  if (!entries)
    throw new Error('useMenuEntries() must be used inside <MenuEntriesProvider> (App provides it)');
  return entries;
}
