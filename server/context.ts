/** What every route and guard reaches through `app.ctx` / `request.server.ctx`. */
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Simulator } from './simulator';
import type { CallbackWorker } from './modules/callbacks/worker';

export interface AppContext {
  db: Db;
  config: Config;
  /** The clock, in ms since the epoch; tests inject one to move time without sleeping. */
  now: () => number;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** The simulator's runner (server/simulator/index.ts): started unless SIMULATOR=off. */
    simulator: Simulator;
    /** The callbacks' delivery worker (server/modules/callbacks/worker.ts): started unless CALLBACKS=off. */
    callbacks: CallbackWorker;
    /** "METHOD /path" of every route registered so far (HEAD left out); see http/conventions.ts. */
    registeredRoutes: readonly string[];
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;
