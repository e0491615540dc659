/** GET /v1/openapi.json: the OpenAPI document generated from the route schemas. */
import { Type } from 'typebox';
import { PUBLIC } from '../auth/access';
import type { App } from '../context';

export async function docsRoutes(app: App) {
  app.get(
    '/v1/openapi.json',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['docs'],
        summary: 'This OpenAPI document',
        response: { 200: Type.Object({}, { additionalProperties: true }) },
      },
    },
    async () => app.swagger(),
  );
}
