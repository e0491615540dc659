/**
 * GET /v1/events: the organisation's live events as server-sent events (docs/decisions.md 185–187).
 *
 * - A client must ask for `Accept: text/event-stream` (else 406): a plain GET is answered, not held.
 * - Authenticated like every /v1 route (Authorization: Web <token>; the dashboard reads the stream with
 *   fetch, since EventSource cannot send the header, and never puts the token in the URL).
 * - Organisation-scoped (the hub hands a stream its own organisation's events only), permission-filtered
 *   (src/domain/events.ts: an event reaches a caller whose role may read what it names), and the hidden
 *   business respected (its events reach ADMIN only).
 * - `Last-Event-ID` replays the kept events after it (five minutes); when some may be gone, or the id is
 *   unknown, a `resync` event tells the client to read everything again. A fresh stream starts with a
 *   `ready` event whose id is the newest event's, so a client that reconnects always has an id.
 * - A comment line every `eventsHeartbeatMs` keeps proxies from closing the stream; at each one the
 *   session is checked again (revoked, expired or idle: the stream ends; a role changed: the new
 *   permissions filter what follows). The same check runs at once when the session cache hears of a
 *   change that concerns the stream's session (its revocation, its user's or a role's change, on this
 *   instance or another: server/auth/sessionCache.ts), so a logout or revocation elsewhere ends the
 *   stream without waiting for the heartbeat. The stream never counts as activity: an idle session
 *   still expires.
 * - The app's close ends every stream first (preClose), so a shutdown does not wait for them.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { mayReceive, type LiveEvent } from '../../../src/domain/events';
import { AUTHENTICATED } from '../../auth/access';
import { sessionCacheFor, type SessionChange } from '../../auth/sessionCache';
import { orgRows, scopeOf } from '../../auth/scope';
import { eventHubFor } from '../../events/hub';
import { ApiError, SERVER_TEXTS } from '../../http/errors';
import { errors, Text } from '../../http/schemas';
import { eventsRepository } from './repository';

/** An SSE frame: `event` names a control message; data is one line of JSON. */
export function frame(id: number | undefined, data: unknown, event?: string): string {
  return `${event ? `event: ${event}\n` : ''}${id !== undefined ? `id: ${id}\n` : ''}data: ${JSON.stringify(data)}\n\n`;
}

/** Last-Event-ID as a number, or undefined (absent or not an id). */
export function lastEventIdOf(header: unknown): number | undefined {
  if (typeof header !== 'string' || !/^\d{1,18}$/.test(header.trim())) return undefined;
  const value = Number(header.trim());
  return Number.isSafeInteger(value) ? value : undefined;
}

interface Viewer {
  permissions: readonly string[];
  seesHidden: boolean;
  hidden: Set<number>;
}

/** Whether a stream's caller may receive an event. */
export function visibleTo(event: LiveEvent, viewer: Viewer): boolean {
  if (!mayReceive(event.type, viewer.permissions)) return false;
  if (event.businessId !== null && !viewer.seesHidden && viewer.hidden.has(event.businessId)) return false;
  return true;
}

export const eventsModule: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config, now } = app.ctx;
  const hub = eventHubFor(db);
  hub.retain();
  const open = new Set<() => void>();
  /** Each open stream's session, and the check that ends the stream once that session is gone. */
  const checks = new Map<() => void, { sessionId: string; userId: number; check: () => void }>();
  // A change announced for a stream's session (or its user, a role, everything): check it now.
  const stopHearing = sessionCacheFor(db).onChange((change: SessionChange) => {
    for (const stream of checks.values()) {
      if (
        change === 'all' ||
        'roleId' in change ||
        ('sessionId' in change ? change.sessionId === stream.sessionId : change.userId === stream.userId)
      )
        stream.check();
    }
  });
  // Streams end before the server waits for its requests to finish; the hub goes with the app.
  app.addHook('preClose', async () => {
    stopHearing();
    for (const end of [...open]) end();
  });
  app.addHook('onClose', async () => hub.release());

  const events = eventsRepository(db);
  const hiddenOf = (organisationId: number) => events.hiddenBusinessIds({ organisationId });

  /** The session's permissions if it is still live (not revoked, expired or idle), else null. */
  const stillLive = (sessionId: string): Promise<string[] | null> => {
    const at = now();
    return events.livePermissions(sessionId, new Date(at), new Date(at - config.sessionIdleMinutes * 60_000));
  };

  app.get(
    '',
    {
      config: { access: AUTHENTICATED, tenancy: orgRows('events') },
      schema: {
        tags: ['events'],
        summary:
          "The organisation's live events (text/event-stream): ids and resource names of what changed, filtered by the caller's permissions; Last-Event-ID replays the last five minutes",
        headers: Type.Object({ 'last-event-id': Type.Optional(Text({ maxLength: 40 })) }),
        response: {
          200: {
            description: 'text/event-stream: `id`, `data` (an event as JSON), heartbeats',
            content: {
              'text/event-stream': {
                schema: Type.String({ maxLength: 1_000_000_000, pattern: '^(id|event|data|retry|:)' }),
              },
            },
          },
          ...errors(401, 406),
        },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const auth = request.auth;
      // A stream only for a client that asks for one (EventSource and the dashboard's reader do).
      if (!String(request.headers.accept ?? '').includes('text/event-stream')) {
        throw new ApiError(406, { message: SERVER_TEXTS.eventStreamOnly });
      }
      const viewer: Viewer = {
        permissions: auth.permissions,
        seesHidden: scope.seesHiddenBusinesses,
        hidden: await hiddenOf(scope.organisationId),
      };
      const lastId = lastEventIdOf(request.headers['last-event-id']);

      const raw = reply.raw;
      reply.hijack();
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // Proxies that buffer (nginx) pass the events on at once.
        'x-accel-buffering': 'no',
      });
      // The client's retry delay after a drop (its own backoff grows from there).
      raw.write(`retry: 2000\n\n`);

      let ended = false;
      const pending: LiveEvent[] = [];
      let replaying = true;
      const send = (event: LiveEvent) => {
        if (ended || !visibleTo(event, viewer)) return;
        raw.write(frame(event.id, event));
      };
      const subscriber = {
        organisationId: scope.organisationId,
        lastId: 0,
        deliver: (event: LiveEvent) => (replaying ? pending.push(event) : send(event)),
      };
      const unsubscribe = hub.subscribe(subscriber);
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(end);
        checks.delete(end);
        raw.end();
      };
      open.add(end);
      raw.on('close', end);

      /** The session still live: its permissions (and the hidden businesses) read again; else the end. */
      const recheck = async () => {
        const permissions = await stillLive(auth.sessionId).catch(() => viewer.permissions as string[]);
        if (!permissions) return end();
        viewer.permissions = permissions;
        viewer.hidden = await hiddenOf(scope.organisationId).catch(() => viewer.hidden);
      };
      checks.set(end, { sessionId: auth.sessionId, userId: auth.userId, check: () => void recheck() });
      const heartbeat = setInterval(() => {
        void recheck().then(() => {
          if (!ended) raw.write(': heartbeat\n\n');
        });
      }, config.eventsHeartbeatMs);
      heartbeat.unref?.();

      try {
        // Where this stream stands: what the client has (Last-Event-ID), or the newest event.
        // What the replay sent is not sent again when its notification arrived meanwhile (pending).
        const replayed = new Set<number>();
        let cursor: number;
        if (lastId === undefined) {
          cursor = await hub.newestId();
          if (!ended) raw.write(frame(cursor, {}, 'ready'));
        } else {
          const { events, complete } = await hub.replay(scope.organisationId, lastId);
          if (complete) {
            cursor = lastId;
            for (const event of events) {
              cursor = Math.max(cursor, event.id);
              replayed.add(event.id);
              send(event);
            }
          } else {
            cursor = await hub.newestId();
            if (!ended) raw.write(frame(cursor, {}, 'resync'));
          }
        }
        replaying = false;
        for (const event of pending.splice(0)) if (!replayed.has(event.id)) send(event);
        subscriber.lastId = Math.max(subscriber.lastId, cursor);
      } catch (error) {
        request.log.error({ err: { message: (error as Error).message } }, 'event stream failed');
        end();
      }
    },
  );
};
