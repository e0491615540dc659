/**
 * A client of GET /v1/events for the server tests and the benchmark: reads the stream over a real
 * connection (fetch; inject waits for the end of an answer, which a stream never sends) and parses its
 * frames.
 */
export interface Frame {
  id?: string;
  event?: string;
  data?: unknown;
}

export interface EventStreamClient {
  status: number;
  frames: Frame[];
  /** Resolves with the first frame (from the start) that matches, waiting for it if needed. */
  next(match: (frame: Frame) => boolean): Promise<Frame>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Parses complete frames out of `buffer`; answers them and the rest. */
export function parseFrames(buffer: string): { frames: Frame[]; rest: string } {
  const frames: Frame[] = [];
  let rest = buffer;
  let at: number;
  while ((at = rest.indexOf('\n\n')) >= 0) {
    const block = rest.slice(0, at);
    rest = rest.slice(at + 2);
    const frame: Frame = {};
    let isFrame = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':') || line === '') continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') frame.id = value;
      else if (field === 'event') frame.event = value;
      else if (field === 'data') {
        frame.data = JSON.parse(value);
        isFrame = true;
      }
    }
    if (isFrame) frames.push(frame);
  }
  return { frames, rest };
}

/**
 * Resolves when the stream has ended, or rejects after `ms` (a deadline, not a wait: the end is
 * expected long before it).
 */
export async function endsWithin(stream: EventStreamClient, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the stream did not end within ${ms} ms`)), ms);
  });
  try {
    await Promise.race([stream.ended, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

export async function openEventStream(
  baseUrl: string,
  headers: Record<string, string>,
): Promise<EventStreamClient> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/v1/events`, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const frames: Frame[] = [];
  const waiters = new Set<() => void>();
  let done = false;
  const ended = (async () => {
    if (!response.body) return;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done: finished } = await reader.read();
        if (finished) break;
        buffer += decoder.decode(value, { stream: true });
        const parsed = parseFrames(buffer);
        buffer = parsed.rest;
        if (parsed.frames.length > 0) {
          frames.push(...parsed.frames);
          for (const wake of [...waiters]) wake();
        }
      }
    } catch {
      // aborted by close()
    } finally {
      done = true;
      for (const wake of [...waiters]) wake();
    }
  })();
  return {
    status: response.status,
    frames,
    ended,
    async next(match) {
      for (;;) {
        const found = frames.find(match);
        if (found) return found;
        if (done) throw new Error(`the stream ended without the frame (got ${JSON.stringify(frames)})`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
        });
      }
    },
    close: () => controller.abort(),
  };
}
