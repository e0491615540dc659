/** GET /v1/openapi.json: the OpenAPI document generated from the route schemas. */
import { Type } from 'typebox';
import type { App } from '../context';

export async function docsRoutes(app: App) {
  app.get(
    '/v1/openapi.json',
    {
      schema: {
        tags: ['docs'],
        summary: 'This OpenAPI document',
        response: { 200: Type.Object({}, { additionalProperties: true }) },
      },
    },
    async () => app.swagger(),
  );
}
