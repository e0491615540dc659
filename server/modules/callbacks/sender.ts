/**
 * One delivery attempt over HTTP (docs/decisions.md 240): the guard of server/lib/outboundUrl.ts at
 * every attempt, then a POST to the very address it checked (the URL's host as `Host` and TLS server
 * name, never resolved again), within CALLBACK_TIMEOUT_MS for the whole exchange, redirects not
 * followed (a 3xx is an answer that is not 2xx), and the answer's first CALLBACK_EXCERPT_BYTES kept.
 *
 * The demo receiver (CALLBACK_DEMO_RECEIVER, ./demoReceiver.ts): a URL whose host is one of the demo
 * data's callback hosts is delivered to this server's own listening address and port, under the demo
 * receiver's path, whatever PORT is. That is the one exception to the guard besides the operator's
 * CALLBACK_ALLOWED_ADDRESSES; every other loopback or private address stays refused.
 *
 * Nothing here logs or answers the URL or the body: an attempt keeps its status code or a short error.
 */
import http from 'node:http';
import https from 'node:https';
import { CALLBACK_EXCERPT_BYTES, CALLBACK_TIMEOUT_MS } from '../../../src/domain/callbacks';
import {
  OutboundUrlRefused,
  resolveOutboundUrl,
  systemResolver,
  type AllowedAddress,
  type HostResolver,
} from '../../lib/outboundUrl';

/** The path under which this server's demo receiver answers the demo hosts' callbacks. */
export const DEMO_RECEIVER_PATH = '/demo-merchant';

export interface DemoTarget {
  /** The demo data's callback hosts (lower case). */
  hosts: ReadonlySet<string>;
  /** This server's own address and port, once it listens (undefined before). */
  origin: () => { address: string; port: number } | undefined;
}

export interface SendOptions {
  resolve?: HostResolver;
  allowed?: AllowedAddress;
  demo?: DemoTarget;
  timeoutMs?: number;
}

export interface AttemptAnswer {
  statusCode: number | null;
  /** Why there is no status code: 'timeout', 'connection refused', 'refused: internal address', … */
  error: string | null;
  latencyMs: number;
  /** The answer's first bytes as text (NUL characters dropped), or null when there was none. */
  excerpt: string | null;
}

const REFUSALS: Record<OutboundUrlRefused['reason'], string> = {
  scheme: 'refused: not an http or https URL',
  'internal-host': 'refused: internal address',
  'internal-address': 'refused: internal address',
  unresolved: 'refused: host not found',
};

/** A socket error in words (its code only: a message can carry the address). */
function errorText(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ECONNRESET':
    case 'EPIPE':
      return 'connection reset';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'host unreachable';
    case 'CALLBACK_TIMEOUT':
      return 'timeout';
    default:
      return typeof code === 'string' && /^[A-Z0-9_]{1,40}$/.test(code)
        ? `connection failed (${code})`
        : 'connection failed';
  }
}

/** Where an attempt connects: the checked address, its port, the path and whether over TLS. */
interface Connection {
  address: string;
  family: number;
  port: number;
  path: string;
  tls: boolean;
  /** The URL's host (with its port when given): the Host header. */
  host: string;
  /** The TLS server name (a name, never an address literal). */
  servername?: string;
}

async function connectionOf(url: string, options: SendOptions): Promise<Connection> {
  const parsed = new URL(url);
  const hostname = parsed.hostname.toLowerCase().replace(/\.$/, '');
  const own = options.demo?.hosts.has(hostname) ? options.demo.origin() : undefined;
  if (options.demo?.hosts.has(hostname)) {
    if (!own) throw Object.assign(new Error('demo receiver not listening'), { code: 'DEMO_NOT_LISTENING' });
    return {
      address: own.address,
      family: own.address.includes(':') ? 6 : 4,
      port: own.port,
      path: `${DEMO_RECEIVER_PATH}${parsed.pathname}${parsed.search}`,
      tls: false,
      host: parsed.host,
    };
  }
  const target = await resolveOutboundUrl(url, options.resolve ?? systemResolver, options.allowed);
  const literal = /^[\d.]+$/.test(hostname) || hostname.startsWith('[');
  return {
    address: target.address,
    family: target.family,
    port: target.port,
    path: `${target.url.pathname}${target.url.search}`,
    tls: target.url.protocol === 'https:',
    host: target.url.host,
    servername: literal ? undefined : target.url.hostname,
  };
}

/**
 * POSTs `body` to `url` with `headers` (the signature's and the content's), as one attempt; never
 * throws. The latency runs from the start (the lookup included) to the answer's excerpt or its end.
 */
export async function sendCallback(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: SendOptions = {},
): Promise<AttemptAnswer> {
  const began = performance.now();
  const latency = () => Math.max(0, Math.round(performance.now() - began));
  const timeoutMs = options.timeoutMs ?? CALLBACK_TIMEOUT_MS;
  let connection: Connection;
  try {
    connection = await connectionOf(url, options);
  } catch (error) {
    const text =
      error instanceof OutboundUrlRefused
        ? REFUSALS[error.reason]
        : (error as { code?: string }).code === 'DEMO_NOT_LISTENING'
          ? 'demo receiver not listening'
          : 'refused: not an http or https URL';
    return { statusCode: null, error: text, latencyMs: latency(), excerpt: null };
  }
  const payload = Buffer.from(body, 'utf8');
  return new Promise<AttemptAnswer>((resolve) => {
    let settled = false;
    const finish = (answer: Omit<AttemptAnswer, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...answer, latencyMs: latency() });
    };
    const request = (connection.tls ? https : http).request({
      host: connection.address,
      family: connection.family,
      port: connection.port,
      path: connection.path || '/',
      method: 'POST',
      servername: connection.servername,
      // A fresh connection per attempt: no socket outlives the guard's check of its address.
      agent: false,
      headers: {
        ...headers,
        host: connection.host,
        'content-type': 'application/json',
        'content-length': String(payload.length),
        'user-agent': 'payments-backoffice-callbacks/1.0',
        connection: 'close',
      },
    });
    // One deadline for the whole exchange: connecting, the answer's head, its excerpt.
    const timer = setTimeout(
      () => request.destroy(Object.assign(new Error('timeout'), { code: 'CALLBACK_TIMEOUT' })),
      timeoutMs,
    );
    request.on('error', (error) => finish({ statusCode: null, error: errorText(error), excerpt: null }));
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const text = Buffer.concat(chunks).subarray(0, CALLBACK_EXCERPT_BYTES).toString('utf8');
        // eslint-disable-next-line no-control-regex
        const excerpt = text.replace(/\u0000/g, '');
        const code = response.statusCode ?? 0;
        finish(
          code >= 100 && code <= 599
            ? { statusCode: code, error: null, excerpt: excerpt || null }
            : { statusCode: null, error: 'invalid answer', excerpt: excerpt || null },
        );
        response.destroy();
        request.destroy();
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= CALLBACK_EXCERPT_BYTES) done();
      });
      response.on('end', done);
      response.on('error', done);
      response.on('aborted', done);
    });
    request.end(payload);
  });
}
