/**
 * The balance conversion page's two timers: the indicative figures refreshed as the user types
 * (debounced; an answer to an older input is never shown over a newer one) and the countdown to a
 * quote's expiry.
 */
import { useEffect, useRef, useState } from 'react';
import { secondsLeft } from '../../domain/conversions';

/** How long the typing must pause before the figures are asked for. */
export const INDICATIVE_DELAY_MS = 400;

export interface Debounced<R> {
  /** The answer to the latest input asked for (kept while a newer one is on its way). */
  data: R | undefined;
  /** The latest input's failure, if it failed. */
  error: unknown;
  /** A newer input is waiting for its pause or its answer. */
  pending: boolean;
}

/**
 * Calls `fetcher(input)` once the input (compared by its JSON) has stayed the same for `delay` ms;
 * `null` asks for nothing and clears the answer. Each call gets an AbortSignal, aborted when a newer
 * input comes; an answer that arrives after a newer input was asked for is dropped, so the figures on
 * screen always belong to the latest input.
 */
export function useDebouncedQuery<I, R>(
  input: I | null,
  fetcher: (input: I, signal: AbortSignal) => Promise<R>,
  delay: number = INDICATIVE_DELAY_MS,
): Debounced<R> {
  /** The latest answer taken, with the input (its JSON) it answers. */
  const [answer, setAnswer] = useState<{ key: string; data?: R; error?: unknown } | null>(null);
  const latest = useRef(0);
  const fetcherRef = useRef(fetcher);
  useEffect(() => {
    fetcherRef.current = fetcher;
  });
  const key = input === null ? null : JSON.stringify(input);

  useEffect(() => {
    const request = ++latest.current;
    if (key === null) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetcherRef.current(JSON.parse(key) as I, controller.signal).then(
        (data) => {
          // Only the latest input's answer: an older one arriving late is dropped.
          if (request === latest.current) setAnswer({ key, data });
        },
        (error: unknown) => {
          if (request === latest.current && !controller.signal.aborted) setAnswer({ key, error });
        },
      );
    }, delay);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, delay]);

  if (key === null) return { data: undefined, error: undefined, pending: false };
  const current = answer?.key === key;
  return {
    data: answer?.error === undefined ? answer?.data : undefined,
    error: current ? answer?.error : undefined,
    pending: !current,
  };
}

/** Whole seconds left until `expiresAt` (ISO), ticking every second; 0 once expired (or without one). */
export function useCountdown(expiresAt: string | undefined, now: () => number = Date.now): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!expiresAt) return undefined;
    const timer = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return expiresAt ? secondsLeft(expiresAt, now()) : 0;
}
