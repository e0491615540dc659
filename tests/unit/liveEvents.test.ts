/**
 * Live events in the dashboard (docs/decisions.md 185–187): who may receive which event (the one table
 * the server filters by), the stream's frames, and the reader's reconnects — with the last event id,
 * after a backoff that doubles and starts again once a stream opens, never after a 401 — and that
 * close() ends it.
 */
import type { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { openEventStream, parseSse, reconnectDelay } from '../../src/api/events';
import { EVENT_PERMISSIONS, mayReceive, type LiveEvent } from '../../src/domain/events';
import { PERMISSIONS } from '../../src/domain/permissions';
import { staleKeys } from '../../src/layout/liveEvents';

const event = (id: number, type = 'payments.updated'): LiveEvent => ({
  id,
  organisationId: 1,
  type,
  resources: ['payments'],
  entityId: String(id),
  businessId: 1,
});

describe('who receives an event', () => {
  it('maps every event type to permissions that exist', () => {
    for (const [type, permissions] of Object.entries(EVENT_PERMISSIONS)) {
      expect(type).toMatch(/^[a-z][a-z-]*\.updated$/);
      expect(permissions.length).toBeGreaterThan(0);
      for (const p of permissions) expect(PERMISSIONS).toContain(p);
    }
  });

  it('lets a role with one of the permissions receive it, and nobody an unknown type', () => {
    expect(mayReceive('payments.updated', ['GET_PAYMENT'])).toBe(true);
    expect(mayReceive('payments.updated', ['GET_BALANCES'])).toBe(false);
    expect(mayReceive('crypto-withdrawals.updated', ['CREATE_WITHDRAWAL'])).toBe(true);
    expect(mayReceive('balances.updated', ['GET_BALANCES'])).toBe(true);
    expect(mayReceive('travel-rule.updated', ['GET_PAYMENT'])).toBe(false);
    expect(mayReceive('secrets.updated', [...PERMISSIONS])).toBe(false);
    expect(mayReceive('toString', [...PERMISSIONS])).toBe(false);
    expect(mayReceive('payments.updated', [])).toBe(false);
  });

  it('marks stale the queries of the resources the event names', () => {
    expect(staleKeys({ resources: ['business-balances', 'businesses', 'business-balances', ''] })).toEqual([
      'business-balances',
      'businesses',
    ]);
  });
});

describe('the stream’s frames', () => {
  it('parses ids, event names and data; skips heartbeats; keeps an unfinished frame', () => {
    const text =
      'retry: 2000\n\nevent: ready\nid: 7\ndata: {}\n\n: heartbeat\n\nid: 8\ndata: {"id":8}\n\r\nid: 9\ndata: {"i';
    const { frames, rest } = parseSse(text);
    expect(frames).toEqual([
      { event: 'ready', id: '7', data: '{}' },
      { id: '8', data: '{"id":8}' },
    ]);
    expect(rest).toBe('id: 9\ndata: {"i');
  });
});

describe('reconnecting', () => {
  it('doubles the delay up to the cap, with up to half of it as jitter', () => {
    expect(reconnectDelay(0, 1000, 30_000, () => 1)).toBe(1000);
    expect(reconnectDelay(0, 1000, 30_000, () => 0)).toBe(500);
    expect(reconnectDelay(3, 1000, 30_000, () => 1)).toBe(8000);
    expect(reconnectDelay(10, 1000, 30_000, () => 1)).toBe(30_000);
    expect(reconnectDelay(1000, 1000, 30_000, () => 0.5)).toBe(22_500);
  });

  /** A fake server: each fetch answers the next scripted reply; records the headers sent. */
  function fakeServer(replies: (Response | Error)[]) {
    const calls: Record<string, string>[] = [];
    const fetch = (_url: string, init?: RequestInit) => {
      calls.push({ ...(init?.headers as Record<string, string>) });
      const reply = replies.shift();
      if (!reply) return new Promise<Response>(() => undefined); // stays pending
      return reply instanceof Error ? Promise.reject(reply) : Promise.resolve(reply);
    };
    return { fetch, calls };
  }
  const streamOf = (text: string) =>
    new Response(text, { status: 200, headers: { 'content-type': 'text/event-stream' } });

  /** Timers run by hand: the delays asked for are recorded. */
  function manualTimers() {
    const queue: { fn: () => void; ms: number }[] = [];
    return {
      delays: () => queue.map((t) => t.ms),
      setTimer: (fn: () => void, ms: number) => {
        const timer = { fn, ms };
        queue.push(timer);
        return timer;
      },
      clearTimer: (handle: unknown) => {
        const at = queue.indexOf(handle as { fn: () => void; ms: number });
        if (at >= 0) queue.splice(at, 1);
      },
      runNext: () => queue.shift()?.fn(),
      pending: () => queue.length,
    };
  }

  const until = async (condition: () => boolean) => {
    for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 0));
    expect(condition()).toBe(true);
  };

  it('reconnects with Last-Event-ID and a growing backoff that starts again after a stream opens', async () => {
    const server = fakeServer([
      streamOf('event: ready\nid: 5\ndata: {}\n\n' + `id: 6\ndata: ${JSON.stringify(event(6))}\n\n`),
      new TypeError('Failed to fetch'),
      new Response('', { status: 503 }),
      streamOf(`id: 7\ndata: ${JSON.stringify(event(7))}\n\n`),
    ]);
    const timers = manualTimers();
    const received: number[] = [];
    const stream = openEventStream({
      apiUrl: 'https://api.example',
      token: () => 'tok',
      onEvent: (e) => void received.push(e.id),
      onResync: () => undefined,
      fetch: server.fetch,
      random: () => 1,
      setTimer: timers.setTimer,
      clearTimer: timers.clearTimer,
    });
    await until(() => timers.pending() === 1);
    expect(received).toEqual([6]);
    expect(server.calls[0]).toEqual({ Accept: 'text/event-stream', Authorization: 'Web tok' });
    expect(stream.lastEventId).toBe('6');
    expect(timers.delays()).toEqual([1000]);
    timers.runNext(); // the network error
    await until(() => timers.pending() === 1);
    expect(timers.delays()).toEqual([2000]);
    timers.runNext(); // the 503
    await until(() => timers.pending() === 1);
    expect(timers.delays()).toEqual([4000]);
    timers.runNext(); // a stream again: event 7, then it ends
    await until(() => received.length === 2 && timers.pending() === 1);
    expect(received).toEqual([6, 7]);
    expect(timers.delays()).toEqual([1000]);
    for (const call of server.calls.slice(1)) expect(call['Last-Event-ID']).toBe('6');
    stream.close();
    expect(timers.pending()).toBe(0);
  });

  it('reads everything again on a resync, and stops for good after a 401', async () => {
    const server = fakeServer([
      streamOf('event: resync\nid: 40\ndata: {}\n\n'),
      new Response('{"message":"Unauthorized"}', { status: 401 }),
    ]);
    const timers = manualTimers();
    let resyncs = 0;
    openEventStream({
      apiUrl: '',
      token: () => 'tok',
      onEvent: () => undefined,
      onResync: () => void resyncs++,
      fetch: server.fetch,
      setTimer: timers.setTimer,
      clearTimer: timers.clearTimer,
    });
    await until(() => timers.pending() === 1);
    expect(resyncs).toBe(1);
    timers.runNext();
    await until(() => server.calls.length === 2);
    expect(server.calls[1]['Last-Event-ID']).toBe('40');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(timers.pending()).toBe(0);
  });

  it('opens nothing without a session, and close() aborts an open stream', async () => {
    const none = fakeServer([]);
    openEventStream({
      apiUrl: '',
      token: () => undefined,
      onEvent: () => undefined,
      onResync: () => undefined,
      fetch: none.fetch,
    });
    expect(none.calls).toEqual([]);

    let aborted = false;
    const fetch = (_url: string, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => {
          aborted = true;
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
    const timers = manualTimers();
    const stream = openEventStream({
      apiUrl: '',
      token: () => 'tok',
      onEvent: () => undefined,
      onResync: () => undefined,
      fetch,
      setTimer: timers.setTimer,
      clearTimer: timers.clearTimer,
    });
    stream.close();
    await until(() => aborted);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(timers.pending()).toBe(0);
  });
});

describe('useLiveEvents', () => {
  it('marks stale the queries an event names (gathered), everything on a resync, and closes on unmount', async () => {
    const { renderHook } = await import('@testing-library/react');
    const { QueryClient: Client } = await import('@tanstack/react-query');
    const { useLiveEvents } = await import('../../src/layout/liveEvents');
    const queryClient = new Client();
    const invalidated: unknown[] = [];
    queryClient.invalidateQueries = ((filters?: { queryKey?: unknown }) => {
      invalidated.push(filters?.queryKey ?? 'everything');
      return Promise.resolve();
    }) as QueryClient['invalidateQueries'];
    let signal: AbortSignal | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const text =
          'event: ready\nid: 1\ndata: {}\n\n' +
          `id: 2\ndata: ${JSON.stringify({ ...event(2), resources: ['internal-transfers'] })}\n\n` +
          `id: 3\ndata: ${JSON.stringify({ ...event(3), resources: ['business-balances', 'internal-transfers'] })}\n\n` +
          'event: resync\nid: 9\ndata: {}\n\n';
        controller.enqueue(new TextEncoder().encode(text));
      },
    });
    const fetch = (_url: string, init?: RequestInit) => {
      signal = init?.signal ?? undefined;
      return Promise.resolve(new Response(body, { status: 200 }));
    };
    const { unmount } = renderHook(() =>
      useLiveEvents({ apiUrl: '', token: () => 'tok', queryClient, fetch, enabled: true }),
    );
    await vi.waitFor(() => expect(invalidated).toContain('everything'));
    await vi.waitFor(() =>
      expect(invalidated).toEqual(['everything', ['internal-transfers'], ['business-balances']]),
    );
    unmount();
    expect(signal?.aborted).toBe(true);
  });
});

describe("a business's overview", () => {
  it('is made stale by an event of its business naming its payments, withdrawals or callbacks', async () => {
    const { renderHook } = await import('@testing-library/react');
    const { QueryClient: Client } = await import('@tanstack/react-query');
    const { useLiveEvents } = await import('../../src/layout/liveEvents');
    const { overviewStaleOn } = await import('../../src/resources/businesses/show/BusinessHeader');
    const queryClient = new Client();
    const seed = (queryKey: unknown[], meta?: Record<string, unknown>) => {
      queryClient.getQueryCache().build(queryClient, { queryKey, meta });
      queryClient.setQueryData(queryKey, 'data');
    };
    seed(['businesses', 'overview', 1], { staleOn: overviewStaleOn(1) });
    seed(['businesses', 'overview', 2], { staleOn: overviewStaleOn(2) });
    seed(['businesses', 'balances']);
    seed(['callbacks', 'getList']);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(
          new TextEncoder().encode(
            'event: ready\nid: 1\ndata: {}\n\n' +
              `id: 2\ndata: ${JSON.stringify({ ...event(2, 'callbacks.updated'), resources: ['callbacks'] })}\n\n`,
          ),
        );
      },
    });
    const fetch = () => Promise.resolve(new Response(body, { status: 200 }));
    const { unmount } = renderHook(() =>
      useLiveEvents({ apiUrl: '', token: () => 'tok', queryClient, fetch, enabled: true }),
    );
    const stale = (key: unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    await vi.waitFor(() => expect(stale(['callbacks', 'getList'])).toBe(true));
    await vi.waitFor(() => expect(stale(['businesses', 'overview', 1])).toBe(true));
    // Another business's overview, and the businesses' other queries, stay fresh.
    expect(stale(['businesses', 'overview', 2])).toBe(false);
    expect(stale(['businesses', 'balances'])).toBe(false);
    unmount();
  });
});
