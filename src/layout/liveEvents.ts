/**
 * Live updates (docs/decisions.md 185–187): while the admin app is mounted (one session, one
 * organisation: App remounts on a switch and unmounts on logout), one event stream (src/api/events.ts)
 * tells which resources changed, and their react-admin / react-query queries (lists, getOne, the
 * balances, the travel-rule badge, the approvals page) are marked stale, so whatever is on screen reads
 * again without a reload. Events of one burst (a simulator tick moves many rows) are gathered for
 * FLUSH_MS and invalidated once.
 */
import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { openEventStream } from '../api/events';
import type { FetchFn } from '../api/transport';
import type { LiveEvent } from '../domain/events';

/**
 * A query that shows what several resources hold (a business's overview: its balances, payments,
 * withdrawals and callbacks) names them in `meta: { [LIVE_META]: [...] }`: an event naming any of
 * them makes it stale too, whatever its key starts with.
 */
export const LIVE_META = 'liveResources';

/** The resources a query's meta names (none when it names none). */
export function liveResourcesOf(meta: Record<string, unknown> | undefined): string[] {
  const named = meta?.[LIVE_META];
  return Array.isArray(named) ? named.filter((r): r is string => typeof r === 'string') : [];
}

/** Events arriving within this long are invalidated together. */
export const FLUSH_MS = 150;

/** The query-key prefixes an event makes stale: the resources it names (react-admin keys start with them). */
export function staleKeys(event: Pick<LiveEvent, 'resources'>): string[] {
  return [...new Set(event.resources.filter((r) => typeof r === 'string' && r !== ''))];
}

export interface LiveEventsOptions {
  apiUrl: string;
  /** The session's current token. */
  token: () => string | undefined;
  queryClient: QueryClient;
  fetch?: FetchFn;
  enabled: boolean;
}

export function useLiveEvents({ apiUrl, token, queryClient, fetch, enabled }: LiveEventsOptions): void {
  useEffect(() => {
    if (!enabled) return;
    const pending = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      const keys = [...pending];
      pending.clear();
      for (const key of keys) void queryClient.invalidateQueries({ queryKey: [key] });
      // The queries under other keys that name one of them (those under a key above are stale already).
      const others = queryClient.getQueryCache().findAll({
        predicate: (query) =>
          !keys.includes(String(query.queryKey[0])) &&
          liveResourcesOf(query.meta).some((resource) => keys.includes(resource)),
      });
      for (const query of others)
        void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
    };
    const stream = openEventStream({
      apiUrl,
      fetch,
      token,
      onEvent: (event) => {
        for (const key of staleKeys(event)) pending.add(key);
        timer ??= setTimeout(flush, FLUSH_MS);
      },
      // Events were lost (beyond the five minutes kept): everything on screen reads again.
      onResync: () => void queryClient.invalidateQueries(),
    });
    return () => {
      stream.close();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [apiUrl, token, queryClient, fetch, enabled]);
}
