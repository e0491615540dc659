/**
 * POST /v1/testing/reset: back to the demo data (every table emptied and seeded again, throttle
 * counters and sessions included). POST /v1/testing/simulator/tick: one tick of the simulator at a
 * given time (default now), so an e2e test moves a payment or a withdrawal on without waiting for the
 * interval. POST /v1/testing/callbacks/tick: one round of the callback worker at a given time (what is
 * due is sent and its attempts recorded before the answer). Registered ONLY when the server starts with E2E_RESET=1 (the
 * Playwright web server does); otherwise the route does not exist (404).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Timestamp } from '../transactions/schemas';
import { PUBLIC } from '../../auth/access';
import { resetDemoData } from '../../db/seed';

export const testingModule: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/reset',
    {
      config: { access: PUBLIC, bodyless: true },
      schema: {
        tags: ['testing'],
        summary: 'Test mode only (E2E_RESET=1): empties the database and seeds the demo data again',
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await resetDemoData(app.ctx.db);
      request.log.warn('database reset to the demo data (E2E_RESET)');
      return reply.status(204).send(null);
    },
  );
};

/** The testing routes' second part: the simulator's tick (test mode only, like the reset). */
export const simulatorTestingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/simulator/tick',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['testing'],
        summary:
          "Test mode only (E2E_RESET=1): runs every simulator step once at `at` (default the server's now)",
        body: Type.Object({ at: Type.Optional(Timestamp) }, { additionalProperties: false }),
        response: {
          200: Type.Object({
            moved: Type.Record(
              Type.String({ maxLength: 100, pattern: '^[a-z0-9-]+$' }),
              Type.Union([
                Type.Integer({ minimum: 0, maximum: 1_000_000 }),
                Type.Object({ error: Type.String({ maxLength: 2000, pattern: '^' }) }),
              ]),
              { maxProperties: 100 },
            ),
          }),
        },
      },
    },
    async (request) => {
      const at = request.body?.at ? new Date(request.body.at) : undefined;
      return { moved: await app.simulator.tick(at) };
    },
  );

  const Count = Type.Integer({ minimum: 0, maximum: 1_000_000 });
  app.post(
    '/callbacks/tick',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['testing'],
        summary:
          "Test mode only (E2E_RESET=1): the callback worker sends what is due at `at` (default the server's now) and records the attempts",
        body: Type.Object({ at: Type.Optional(Timestamp) }, { additionalProperties: false }),
        response: {
          200: Type.Object({ attempted: Count, delivered: Count, failed: Count }),
        },
      },
    },
    async (request) => {
      const at = request.body?.at ? new Date(request.body.at) : undefined;
      return app.callbacks.tick(at);
    },
  );
};
