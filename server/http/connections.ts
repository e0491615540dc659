/**
 * Connections that hold the server without using it: a connection that sends nothing (before its first
 * request, or between two requests) is closed after the idle time, and one address may hold at most so
 * many connections at once (more are closed as they arrive). While a request is in flight the idle
 * clock stops: a slow report is not cut because its client waits quietly for it.
 *
 * Behind a proxy every connection comes from the proxy's address: raise the cap there (or 0: no cap)
 * and let the proxy limit its clients.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { App } from '../context';

export interface ConnectionLimits {
  /** Milliseconds a connection may stay silent outside a request; 0 never closes it. */
  idleMs: number;
  /** Open connections per remote address; 0 is no cap. */
  maxPerAddress: number;
}

export function limitConnections(app: App, limits: ConnectionLimits): void {
  const server: Server = app.server;
  const open = new Map<string, number>();
  const idle = (socket: Socket) => socket.setTimeout(limits.idleMs);
  /** A real socket (an injected request's stand-in has no timer). */
  const timed = (socket: Socket | undefined): socket is Socket =>
    typeof socket?.setTimeout === 'function' && !socket.destroyed;

  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (limits.maxPerAddress > 0 && count > limits.maxPerAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
    if (limits.idleMs > 0) {
      idle(socket);
      socket.on('timeout', () => socket.destroy());
    }
  });
  // Keep-alive connections close after the same silence (Node's own timer between requests).
  if (limits.idleMs > 0) server.keepAliveTimeout = limits.idleMs;

  if (limits.idleMs > 0) {
    app.addHook('onRequest', (request, _reply, done) => {
      const socket = request.raw.socket;
      if (timed(socket)) socket.setTimeout(0);
      done();
    });
    app.addHook('onResponse', (request, _reply, done) => {
      const socket = request.raw.socket;
      if (timed(socket)) idle(socket);
      done();
    });
  }
}
