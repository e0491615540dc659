import { vi } from 'vitest';
import type { AuthState, Session, SessionController } from '../../../src/authProvider/types';

/** A SessionController double whose expire / replaceToken update the state like the real one. */
export function fakeController(session: Session | null) {
  let state: AuthState = { status: 'ready', session, notice: null };
  const listeners = new Set<() => void>();
  const set = (next: Partial<AuthState>) => {
    state = { ...state, ...next };
    listeners.forEach((l) => l());
  };
  const controller = {
    getState: () => state,
    subscribe: (l: () => void) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    restore: vi.fn(async () => {}),
    login: vi.fn<SessionController['login']>(async () => state.session!),
    chooseOrganisation: vi.fn<SessionController['chooseOrganisation']>(async (_id, options) => {
      options?.beforeCommit?.(state.session!);
      return state.session!;
    }),
    replaceToken: vi.fn(async (token: string, patch?: Partial<Session>) => {
      if (state.session) set({ session: { ...state.session, ...patch, token } });
    }),
    logout: vi.fn(async () => set({ session: null })),
    expire: vi.fn(async (reason: 'sessionExpired' | 'rateLimited') => set({ session: null, notice: reason })),
    clearNotice: vi.fn(() => set({ notice: null })),
    set,
  } satisfies SessionController & { set: unknown };
  return controller;
}
