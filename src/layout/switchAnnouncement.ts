/**
 * 'Switched to {organisation}' survives the switch: an organisation switch replaces the session, and
 * main.tsx remounts the admin (with its notifications) on the new one. The switcher records the
 * announcement for the new session; the new layout's <SwitchAnnouncement> shows it once.
 */
import { useSyncExternalStore } from 'react';

export interface PendingSwitch {
  /** The session the announcement is for (the new one). */
  sessionId: string;
  name: string;
}

let pending: PendingSwitch | null = null;
const listeners = new Set<() => void>();

function set(next: PendingSwitch | null) {
  pending = next;
  for (const listener of [...listeners]) listener();
}

export function announceSwitch(next: PendingSwitch): void {
  set(next);
}

/** The announcement for `sessionId`, once: it is cleared as it is taken. */
export function takeSwitchAnnouncement(sessionId: string): PendingSwitch | null {
  if (pending?.sessionId !== sessionId) return null;
  const taken = pending;
  set(null);
  return taken;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function usePendingSwitch(): PendingSwitch | null {
  return useSyncExternalStore(
    subscribe,
    () => pending,
    () => null,
  );
}
