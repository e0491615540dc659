/** /runtime-config.js, the built dashboard's SPA fallback, and 404 JSON for unknown /v1 paths. */
import { ERROR_TEXTS } from '../../src/domain/errors';
import type { App } from '../context';
import { allowedMethods, overlongParameter, overlongParameterBody } from './conventions';
import { SERVER_TEXTS } from './errors';

const NO_BUILD_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dashboard not built</title></head>
<body><main><h1>The dashboard is not built yet</h1>
<p>Run <code>npm run build</code>, then start the server again. The API is available under <code>/v1</code>.</p>
</main></body></html>`;

export async function spaRoutes(app: App, hasDist: boolean) {
  const { config } = app.ctx;
  const runtimeConfig = `window.__APP_CONFIG__ = ${JSON.stringify({ apiUrl: config.apiUrl }).replace(/</g, '\\u003c')};\n`;

  app.get('/runtime-config.js', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(runtimeConfig),
  );

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0];
    const isApi = path === '/v1' || path.startsWith('/v1/');
    // An over-long path id that the router did not match (a catch-all route took the lookup over):
    // bad input on its parameter, like any other bad id, not a 405.
    const overlong = isApi ? overlongParameter(app.routeTable, request.method, path) : undefined;
    if (overlong !== undefined)
      return reply.status(400).send(overlongParameterBody(overlong, ERROR_TEXTS.validation));
    const allowed = isApi ? allowedMethods(app.routeTable, path) : [];
    if (allowed.length > 0) {
      return reply
        .status(405)
        .header('Allow', allowed.join(', '))
        .send({ message: SERVER_TEXTS.methodNotAllowed });
    }
    const wantsHtml =
      (request.method === 'GET' || request.method === 'HEAD') &&
      /text\/html/.test(request.headers.accept ?? '');
    if (isApi || !wantsHtml) return reply.status(404).send({ message: ERROR_TEXTS.notFound });
    if (hasDist) return reply.status(200).header('Cache-Control', 'no-cache').sendFile('index.html');
    return reply
      .status(503)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(NO_BUILD_PAGE);
  });
}
