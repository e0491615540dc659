/**
 * POST /v1/testing/reset: back to the demo data (every table emptied and seeded again, throttle
 * counters and sessions included). POST /v1/testing/simulator/step: every simulator step once, at the
 * given time (default now), so an end-to-end test moves a payment request without waiting for the
 * runner. Registered ONLY when the server starts with E2E_RESET=1 (the Playwright web server does);
 * otherwise the routes do not exist (404).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PUBLIC } from '../../auth/access';
import { resetDemoData } from '../../db/seed';
import { simulatorSteps } from '../../simulator/steps';

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

  app.post(
    '/simulator/step',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['testing'],
        summary: 'Test mode only (E2E_RESET=1): runs every simulator step once at `at` (default now)',
        body: Type.Object(
          { at: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            moved: Type.Record(Type.String({ maxLength: 100 }), Type.Integer({ minimum: 0 })),
          }),
        },
      },
    },
    async (request) => {
      const at = request.body.at ? new Date(request.body.at) : new Date(app.ctx.now());
      const moved: Record<string, number> = {};
      for (const step of simulatorSteps) moved[step.name] = await step.run(app.ctx.db, at, 100);
      return { moved };
    },
  );
};
