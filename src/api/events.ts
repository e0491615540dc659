/**
 * The dashboard's reader of GET /v1/events (docs/decisions.md 185–187): one stream per session and
 * organisation, read with fetch (EventSource cannot send the Authorization header, and the token never
 * goes into a URL).
 *
 * - Each event goes to `onEvent`; a `resync` (the server could not replay everything missed) to
 *   `onResync`, which reads everything again.
 * - A dropped stream reconnects with the last event id seen (`Last-Event-ID`) after a backoff that
 *   doubles from `minDelayMs` to `maxDelayMs` (with jitter) and starts again once a stream opens.
 * - A 401, 403, 404 or 406 ends it for good (the session is gone, or the server has no stream): the
 *   other requests of the app deal with a lost session; `close()` ends it on logout or an organisation
 *   switch.
 */
import type { LiveEvent } from '../domain/events';
import { AUTH_SCHEME } from '../domain/api';
import { apiUrlFor, defaultFetch, type FetchFn } from './transport';

export interface SseFrame {
  id?: string;
  event?: string;
  data: string;
}

/** Splits complete frames (ended by a blank line) off `buffer`; comments (heartbeats) are skipped. */
export function parseSse(buffer: string): { frames: SseFrame[]; rest: string } {
  const frames: SseFrame[] = [];
  const text = buffer.replace(/\r\n?/g, '\n');
  const blocks = text.split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    const frame: SseFrame = { data: '' };
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') frame.id = value;
      else if (field === 'event') frame.event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length === 0) continue;
    frame.data = data.join('\n');
    frames.push(frame);
  }
  return { frames, rest };
}

/** The wait before reconnect attempt `attempt` (0 first): doubling, capped, with up to half as jitter. */
export function reconnectDelay(attempt: number, minMs: number, maxMs: number, random: () => number): number {
  const base = Math.min(maxMs, minMs * 2 ** Math.min(attempt, 30));
  return Math.round(base / 2 + (base / 2) * random());
}

/** Statuses after which reconnecting cannot help. */
const FINAL = new Set([401, 403, 404, 406]);

export interface EventStreamOptions {
  apiUrl: string;
  /** The session's current token (read at every connect); undefined ends the stream. */
  token: () => string | undefined;
  onEvent: (event: LiveEvent) => void;
  onResync: () => void;
  fetch?: FetchFn;
  minDelayMs?: number;
  maxDelayMs?: number;
  random?: () => number;
  /** The timer (tests pass their own). */
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface EventStream {
  close(): void;
  /** The last event id seen (sent as Last-Event-ID on the next connect). */
  readonly lastEventId: string | undefined;
}

export function openEventStream(options: EventStreamOptions): EventStream {
  const fetchFn = options.fetch ?? defaultFetch;
  const minDelay = options.minDelayMs ?? 1_000;
  const maxDelay = options.maxDelayMs ?? 30_000;
  const random = options.random ?? Math.random;
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer =
    options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  let lastEventId: string | undefined;
  let attempt = 0;
  let closed = false;
  let timer: unknown;
  let abort: AbortController | undefined;

  const handle = (frame: SseFrame) => {
    if (frame.id !== undefined) lastEventId = frame.id;
    if (frame.event === 'resync') return options.onResync();
    if (frame.event) return; // 'ready': only its id matters
    try {
      options.onEvent(JSON.parse(frame.data) as LiveEvent);
    } catch {
      // a frame that is not JSON: nothing to do with it
    }
  };

  const retry = () => {
    if (closed) return;
    timer = setTimer(() => void connect(), reconnectDelay(attempt, minDelay, maxDelay, random));
    attempt++;
  };

  async function connect(): Promise<void> {
    timer = undefined;
    const token = options.token();
    if (closed || !token) return;
    abort = new AbortController();
    try {
      const response = await fetchFn(apiUrlFor(options.apiUrl, 'events'), {
        method: 'GET',
        headers: {
          Accept: 'text/event-stream',
          Authorization: `${AUTH_SCHEME} ${token}`,
          ...(lastEventId !== undefined ? { 'Last-Event-ID': lastEventId } : {}),
        },
        signal: abort.signal,
      });
      if (FINAL.has(response.status)) {
        closed = true;
        return;
      }
      if (!response.ok || !response.body) throw new Error(`event stream: ${response.status}`);
      attempt = 0;
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        const parsed = parseSse(buffer);
        buffer = parsed.rest;
        for (const frame of parsed.frames) if (!closed) handle(frame);
      }
    } catch {
      // a network error or an abort: retried below unless closed
    }
    retry();
  }

  void connect();
  return {
    close() {
      closed = true;
      if (timer !== undefined) clearTimer(timer);
      abort?.abort();
    },
    get lastEventId() {
      return lastEventId;
    },
  };
}
