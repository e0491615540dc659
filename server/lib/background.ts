/**
 * Work done after the answer is sent (the reset mail): `run(name, task)` starts it on the next turn of
 * the event loop, logs a failure instead of throwing it, and `settled()` waits for everything started so
 * far (tests, and the app's onClose, so that the database is not closed under a running task).
 */
import type { FastifyBaseLogger } from 'fastify';

export interface Background {
  run(name: string, task: () => Promise<void>): void;
  settled(): Promise<void>;
}

export function background(log: () => FastifyBaseLogger): Background {
  const running = new Set<Promise<void>>();
  return {
    run(name, task) {
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((error: unknown) => {
          log().error(
            { err: { type: error instanceof Error ? error.name : typeof error, message: String(error) } },
            `background task failed: ${name}`,
          );
        })
        .finally(() => running.delete(done));
      running.add(done);
    },
    async settled() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Work after the answer (server/lib/background.ts); `await app.background.settled()` in tests. */
    background: Background;
  }
}
