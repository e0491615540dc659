/**
 * POST /v1/testing/reset: back to the demo data (every table emptied and seeded again, throttle
 * counters and sessions included). Registered ONLY when the server starts with E2E_RESET=1 (the
 * Playwright web server does); otherwise the route does not exist (404).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
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
