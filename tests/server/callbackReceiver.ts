/**
 * A merchant's callback receiver for the server tests and the benchmark: a real Node HTTP server on
 * 127.0.0.1 (reached through CALLBACK_ALLOWED_ADDRESSES, the operator's explicit exception to the
 * guard) that keeps every request it receives and answers what the test says; `verify` checks a
 * request with the `standardwebhooks` package, a verifier nobody here wrote.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** performance.now() when the request's body had arrived. */
  at: number;
}

/** What the receiver answers a request: a status and body, or 'hang' (no answer until released). */
export type Answer = { status: number; body?: string; headers?: Record<string, string> } | 'hang';

export interface Receiver {
  port: number;
  /** `127.0.0.1:<port>`: the CALLBACK_ALLOWED_ADDRESSES entry that lets callbacks reach it. */
  address: string;
  url(path: string): string;
  requests: Received[];
  /** Decides each answer (default: 200 `{"ok":true}`). */
  answer: (request: Received) => Answer;
  /** Answers every hung request with 200 now. */
  release(): void;
  /** Resolves once `n` requests have arrived in all (a condition, not a wait for time). */
  received(n: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const requests: Received[] = [];
  const waiting = new Set<() => void>();
  const hung = new Set<() => void>();
  const receiver = {} as Receiver;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const got: Received = {
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: performance.now(),
      };
      requests.push(got);
      for (const w of [...waiting]) w();
      const answer = receiver.answer(got);
      const send = (a: Exclude<Answer, 'hang'>) => {
        res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers });
        res.end(a.body ?? '{"ok":true}');
      };
      if (answer === 'hang') hung.add(() => send({ status: 200 }));
      else send(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  Object.assign(receiver, {
    port,
    address: `127.0.0.1:${port}`,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    requests,
    answer: () => ({ status: 200 }),
    release: () => {
      for (const answer of [...hung]) answer();
      hung.clear();
    },
    received: (n: number, timeoutMs = 20_000) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`the receiver got ${requests.length} of ${n} requests`)),
          timeoutMs,
        );
        const check = () => {
          if (requests.length < n) return;
          clearTimeout(timer);
          waiting.delete(check);
          resolve();
        };
        waiting.add(check);
        check();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        receiver.release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
  return receiver;
}

/** The request's body as `standardwebhooks` verifies it with `secret` (throws when it does not). */
export function verify(secret: string, request: Received): unknown {
  return new Webhook(secret).verify(request.body, request.headers as Record<string, string>);
}
