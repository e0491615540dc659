/**
 * Connections that hold the server: a silent one is closed after the idle time, and one address holds
 * at most MAX_CONNECTIONS_PER_IP at once. Real sockets on an ephemeral port; every wait is for an event.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../server/db/client';
import { makeApp, makeDb, type TestApp } from './helpers';

let db: Db;
beforeAll(async () => {
  db = await makeDb();
});
afterAll(() => db.close());

let t: TestApp | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await t?.close();
  t = undefined;
});

async function listening(overrides: Parameters<typeof makeApp>[0]) {
  t = await makeApp(overrides, { db });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' }, () => resolve(socket));
    socket.once('error', reject);
    sockets.push(socket);
  });
}

const closed = (socket: Socket) =>
  new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));

/** One GET on an open socket, keep-alive; resolves with the status line. */
function get(socket: Socket, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/content-length: (\d+)/i.exec(text)?.[1] ?? 0);
      if (text.length >= end + 4 + length) {
        socket.off('data', onData);
        resolve(text.slice(0, text.indexOf('\r\n')));
      }
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
  });
}

describe('idle connections', () => {
  it('closes a connection that never sends a byte', async () => {
    const port = await listening({ connectionIdleMs: 200 });
    const socket = await open(port);
    await closed(socket);
    expect(socket.destroyed).toBe(true);
  });

  it('closes a kept-alive connection silent after its answer, and not while it is answered', async () => {
    const port = await listening({ connectionIdleMs: 200 });
    const socket = await open(port);
    expect(await get(socket, '/v1/currencies')).toMatch(/^HTTP\/1\.1 (200|401)/);
    await closed(socket);
  });
});

describe('connections per address', () => {
  it('closes connections beyond the cap as they arrive; the others keep working', async () => {
    const port = await listening({ connectionIdleMs: 60_000, maxConnectionsPerIp: 3 });
    const kept = [await open(port), await open(port), await open(port)];
    const extra = await open(port);
    await closed(extra);
    for (const socket of kept) expect(socket.destroyed).toBe(false);
    expect(await get(kept[0], '/v1/brands/dashboard')).toMatch(/^HTTP\/1\.1 200/);

    // A closed one frees its place.
    kept[1].destroy();
    await vi.waitFor(
      () =>
        new Promise<void>((resolve, reject) =>
          t!.app.server.getConnections((error, count) =>
            error || count !== 2 ? reject(error ?? new Error(String(count))) : resolve(),
          ),
        ),
    );
    const again = await open(port);
    expect(await get(again, '/v1/brands/dashboard')).toMatch(/^HTTP\/1\.1 200/);
  });
});
