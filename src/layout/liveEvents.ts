/**
 * Live updates (docs/decisions.md 185–187): while the admin app is mounted (one session, one
 * organisation: App remounts on a switch and unmounts on logout), one event stream (src/api/events.ts)
 * tells which resources changed, and their react-admin / react-query queries (lists, getOne, the
 * balances, the travel-rule badge, the approvals page) are marked stale, so whatever is on screen reads
 * again without a reload. Events of one burst (a simulator tick moves many rows) are gathered for
 * FLUSH_MS and invalidated once.
 *
 * A query that other events concern too says so in its options, `meta: { staleOn: (event, data) => boolean }`
 * (a record's page: an event of its business, or of the callbacks); it is marked stale once per burst
 * when one of the burst's events answers true.
 */
import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { openEventStream } from '../api/events';
import type { FetchFn } from '../api/transport';
import type { LiveEvent } from '../domain/events';

/** Events arriving within this long are invalidated together. */
export const FLUSH_MS = 150;

/** The query-key prefixes an event makes stale: the resources it names (react-admin keys start with them). */
export function staleKeys(event: Pick<LiveEvent, 'resources'>): string[] {
  return [...new Set(event.resources.filter((r) => typeof r === 'string' && r !== ''))];
}

/** What a query's `meta.staleOn` is asked about each event. */
export type LiveEventMatch = Pick<LiveEvent, 'type' | 'resources' | 'entityId' | 'businessId'>;
/** A query's own rule for the events that make it stale (its `meta.staleOn`), given its data now. */
export type StaleOn = (event: LiveEventMatch, data: unknown) => boolean;

/**
 * The queries of the cache that the events make stale by their own rule (`meta.staleOn`), leaving
 * out those the events' resources already reach through their key.
 */
export function staleByRule(
  queryClient: QueryClient,
  events: readonly LiveEventMatch[],
  keys: ReadonlySet<string>,
): (readonly unknown[])[] {
  if (events.length === 0) return [];
  return queryClient
    .getQueryCache()
    .findAll({
      predicate: (query) => {
        const rule = query.meta?.staleOn;
        if (typeof rule !== 'function') return false;
        if (keys.has(String(query.queryKey[0]))) return false;
        return events.some((event) => (rule as StaleOn)(event, query.state.data));
      },
    })
    .map((query) => query.queryKey);
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
    let events: LiveEventMatch[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      const keys = [...pending];
      const burst = events;
      pending.clear();
      events = [];
      for (const key of keys) void queryClient.invalidateQueries({ queryKey: [key] });
      for (const queryKey of staleByRule(queryClient, burst, new Set(keys)))
        void queryClient.invalidateQueries({ queryKey, exact: true });
    };
    const stream = openEventStream({
      apiUrl,
      fetch,
      token,
      onEvent: (event) => {
        for (const key of staleKeys(event)) pending.add(key);
        events.push(event);
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
