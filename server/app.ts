/** The Fastify application factory: testable with inject, no listen (server/index.ts listens). */
import { existsSync } from 'node:fs';
import type { Duplex } from 'node:stream';
import { join, sep } from 'node:path';
import Fastify, {
  type FastifyError,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import helmetHeaders, { type HelmetOptions } from 'helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { AUTH_SCHEME, IDEMPOTENCY_HEADER, IDENTITY_HEADER, TWO_FA_HEADER } from '../src/domain/api';
import { ERROR_TEXTS } from '../src/domain/errors';
import type { Config } from './config';
import type { App, AppContext } from './context';
import type { Db } from './db/client';
import { limitConnections } from './http/connections';
import {
  installRouteConventions,
  overlongParameter,
  overlongParameterBody,
  PARAM_LENGTH_MAX,
} from './http/conventions';
import { docsRoutes } from './http/docs';
import { ApiError, SERVER_TEXTS, tooManyRequestsText } from './http/errors';
import { spaRoutes } from './http/spa';
import { convertStrictly, fieldErrors } from './http/validation';
import type { AnyForm } from './http/forms';
import { background } from './lib/background';
import { apiModules, type ApiModule } from './modules/registry';
import { StatisticsKeeper } from './db/analyze';
import { Simulator } from './simulator';
import type { SimulatorStep } from './simulator/steps';
import { simulatorTestingRoutes, testingModule } from './modules/testing/routes';
import { CallbackWorker } from './modules/callbacks/worker';
import { demoReceiverRoutes, demoTarget } from './modules/callbacks/demoReceiver';
import { eventHubFor } from './events/hub';
import { allowedAddresses, type HostResolver } from './lib/outboundUrl';

export interface BuildAppOptions {
  db: Db;
  config: Config;
  now?: () => number;
  /** Where log lines go (default stdout); tests capture them. */
  logStream?: { write(line: string): void };
  /** The API areas (default: server/modules/registry.ts); a test adds the guide's example module. */
  modules?: readonly ApiModule[];
  /** The simulator's steps (default: server/simulator/steps.ts); a test gives its own. */
  simulatorSteps?: readonly SimulatorStep[];
  /** How the callback worker resolves host names (default: the system's); tests give their own. */
  callbackResolver?: HostResolver;
  /** A callback attempt's time limit (default CALLBACK_TIMEOUT_MS); a test of the limit gives a short one. */
  callbackTimeoutMs?: number;
}

export const API_VERSION = '1.0.0';

/**
 * The largest request body accepted: the largest request (a login or password change, fields of at most
 * 1,024 characters) is far below it; a bigger one is a 413 before it is parsed.
 */
export const BODY_LIMIT = 64 * 1024;

/** The one route whose 429 keeps the login text of docs/product.md#error-catalogue; every other says when to retry. */
const LOGIN_URL = '/v1/auth/login';

/**
 * Malformed HTTP (a bad request line or header, headers too large, too slow): the node server answers
 * before Fastify sees a request. The answer still has the `{ message }` shape of every error.
 */
const clientErrorHandler =
  (security: Record<string, string>) => (error: Error & { code?: string }, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, reason, message] =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', SERVER_TEXTS.requestTimeout]
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'Request Header Fields Too Large', SERVER_TEXTS.headersTooLarge]
          : [400, 'Bad Request', SERVER_TEXTS.malformedRequest];
    const body = JSON.stringify({ message });
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\n` +
          Object.entries(security)
            .map(([name, value]) => `${name}: ${value}\r\n`)
            .join('') +
          `Connection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy();
  };

/**
 * The headers helmet sets with these options, as a plain record: for the answers given before Fastify's
 * hooks run (a malformed URL, malformed HTTP), which must carry them like every other answer.
 */
function securityHeadersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmetHeaders(options)({} as never, response as never, () => undefined);
  return headers;
}

function loggerOptions(
  config: Config,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    // Request logs carry method, path and address only: never headers (Authorization) or bodies.
    serializers: {
      req: (req: { method?: string; url?: string; ip?: string; socket?: { remoteAddress?: string } }) => ({
        method: req.method,
        url: req.url,
        remoteAddress: req.ip ?? req.socket?.remoteAddress,
      }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
    redact: {
      paths: [
        'req.headers',
        'headers',
        'body',
        '*.password',
        '*.oldPassword',
        '*.newPassword',
        '*.token',
        '*.authorization',
        'err.config',
      ],
      censor: '[redacted]',
    },
  };
}

function contentSecurityPolicy(config: Config) {
  const apiOrigin = config.apiUrl ? new URL(config.apiUrl).origin : undefined;
  const withApi = (list: string[]) => (apiOrigin ? [...list, apiOrigin] : list);
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: withApi(["'self'", 'data:', 'blob:']),
      fontSrc: ["'self'", 'data:'],
      connectSrc: withApi(["'self'"]),
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
  };
}

/** The route's form (config.form) with the body, for the field messages of a refused request. */
function formOf(request: FastifyRequest): { rules: AnyForm; body: unknown } | undefined {
  const rules = request.routeOptions.config?.form;
  return rules ? { rules, body: request.body } : undefined;
}

export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { db, config } = options;
  const helmetOptions = {
    contentSecurityPolicy: contentSecurityPolicy(config),
    crossOriginResourcePolicy: { policy: 'same-site' },
    frameguard: { action: 'deny' },
    strictTransportSecurity: false, // set by the TLS-terminating proxy in production
  } satisfies HelmetOptions;
  const securityHeaders = securityHeadersOf(helmetOptions);
  const ctx: AppContext = { db, config, now: options.now ?? Date.now };
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: PARAM_LENGTH_MAX },
    bodyLimit: BODY_LIMIT,
    clientErrorHandler: clientErrorHandler(securityHeaders),
    // A request's headers and body arrive within this time (Node's checks, besides the idle timer).
    requestTimeout: config.connectionIdleMs,
    // A URL that cannot be decoded (`%E0%A4%A`) or a path parameter over the length limit: a 400 in the
    // error shape, not Fastify's own body, with the security headers (helmet's hook has not run).
    frameworkErrors: (error, request, reply) => {
      // An over-long path id is bad input on its parameter, like any other bad id.
      const param =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? overlongParameter(app.routeTable, request.method, request.url.split('?')[0])
          : undefined;
      void (reply as FastifyReply)
        .code(400)
        .headers(securityHeaders)
        .header('Cache-Control', 'no-store')
        .send(
          param === undefined
            ? { message: SERVER_TEXTS.malformedRequest }
            : overlongParameterBody(param, ERROR_TEXTS.validation),
        );
    },
    // Every field's problem at once, for the form's field errors (bodies are small and length-capped);
    // unknown properties where a schema forbids them (list filters) are a 400, never silently dropped.
    // No type coercion: bodies are taken as sent; query and path values are converted strictly
    // (convertStrictly, server/http/validation.ts).
    ajv: { customOptions: { allErrors: true, removeAdditional: false, coerceTypes: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('ctx', ctx);
  // Idle connections close; one address holds a bounded number (server/http/connections.ts).
  limitConnections(app, { idleMs: config.connectionIdleMs, maxPerAddress: config.maxConnectionsPerIp });
  app.decorate(
    'background',
    background(() => app.log),
  );
  // Work started after an answer (the reset mail) finishes before the database may close.
  app.addHook('onClose', async () => app.background.settled());
  // The simulator (server/simulator/index.ts): started once the app is ready unless SIMULATOR=off,
  // stopped (its tick under way finished) before the database may close.
  const simulator = new Simulator({
    db,
    intervalMs: config.simulatorIntervalMs,
    now: ctx.now,
    log: app.log,
    steps: options.simulatorSteps,
  });
  app.decorate('simulator', simulator);
  if (config.simulator) app.addHook('onReady', async () => simulator.start());
  app.addHook('onClose', async () => simulator.stop());
  // The callbacks' delivery worker (server/modules/callbacks/worker.ts): started once the server listens
  // (the demo receiver it may send to is then reachable) unless CALLBACKS=off, stopped (its attempts under
  // way recorded) when the app begins to close.
  const callbacks = new CallbackWorker({
    db,
    now: ctx.now,
    intervalMs: config.callbacksIntervalMs,
    log: app.log,
    resolve: options.callbackResolver,
    allowed: allowedAddresses(config.callbackAllowedAddresses),
    demo: config.callbackDemoReceiver ? demoTarget(() => app.server) : undefined,
    timeoutMs: options.callbackTimeoutMs,
    hub: eventHubFor(db),
  });
  app.decorate('callbacks', callbacks);
  if (config.callbacks) app.addHook('onListen', async () => callbacks.start());
  // Before the server stops listening: an attempt under way to the demo receiver still gets its answer.
  app.addHook('preClose', async () => callbacks.stop());
  // The embedded database's planner statistics (server/db/analyze.ts); PostgreSQL's autovacuum keeps its own.
  if (!config.databaseUrl) {
    const keeper = new StatisticsKeeper(db, app.log);
    app.addHook('onReady', async () => keeper.start());
    app.addHook('onClose', async () => keeper.stop());
  }
  app.decorateRequest('auth', null as unknown as never);
  // Access guards from route config, the route table, Cache-Control: no-store (server/http/conventions.ts).
  installRouteConventions(app);
  app.addHook('preValidation', (request, _reply, done) => {
    const schema = request.routeOptions.schema;
    convertStrictly(schema?.querystring, request.query);
    convertStrictly(schema?.params, request.params);
    done();
  });

  // JSON only: text/plain (a Fastify default) goes, every other type answers 415; an empty JSON body is allowed.
  app.removeAllContentTypeParsers();
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return jsonParser(request, text, done);
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.headers(error.headers).status(error.statusCode).send(error.body);
    }
    if (error.validation) {
      return reply.status(400).send({
        message: ERROR_TEXTS.validation,
        // The refused part's schema and values, for the product's rules of its fields (withRule).
        errors: fieldErrors(
          error.validation,
          error.validationContext,
          formOf(request),
          error.validationContext === 'querystring'
            ? { bodySchema: request.routeOptions.schema?.querystring, body: request.query }
            : { bodySchema: request.routeOptions.schema?.body, body: request.body },
        ),
      });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ message: ERROR_TEXTS.unsupportedMediaType });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ message: SERVER_TEXTS.bodyTooLarge });
    if (status === 429) return reply.status(429).send({ message: ERROR_TEXTS.rateLimited });
    if (status === 404) return reply.status(404).send({ message: ERROR_TEXTS.notFound });
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ message: status === 400 ? ERROR_TEXTS.validation : ERROR_TEXTS.default });
    }
    request.log.error(
      { err: { type: error.name, message: error.message, code: error.code, stack: error.stack } },
      'request failed',
    );
    return reply.status(500).send({ message: ERROR_TEXTS.default });
  });

  // CORS first, so that every answer, 429 and errors included, carries the headers.
  await app.register(cors, {
    origin: config.corsOrigins,
    credentials: false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', TWO_FA_HEADER, IDEMPOTENCY_HEADER],
    // The rate-limit headers the document promises are readable by a browser client too.
    exposedHeaders: [
      IDENTITY_HEADER,
      // The export's file name, and whether it was cut at the row cap.
      'Content-Disposition',
      'X-Export-Row-Cap',
      'X-Export-Truncated',
      // A money movement's stored answer given again (server/http/idempotency.ts).
      'Idempotent-Replayed',
      'Retry-After',
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
    ],
    maxAge: 600,
  });
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    errorResponseBuilder: (request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      const isLogin = request.method === 'POST' && request.routeOptions.url === LOGIN_URL;
      return new ApiError(
        429,
        { message: isLogin ? ERROR_TEXTS.rateLimited : tooManyRequestsText(seconds) },
        { 'Retry-After': String(seconds) },
      );
    },
  });
  await app.register(helmet, helmetOptions);
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Payments back-office API', version: API_VERSION },
      components: {
        securitySchemes: {
          web: { type: 'apiKey', in: 'header', name: 'Authorization', description: `${AUTH_SCHEME} <token>` },
          apiKey: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'ApiKey <keyId>.<secret>: an API key, on the routes that say so',
          },
        },
      },
    },
  });

  // One plugin per API area, with its prefix (server/modules/registry.ts).
  for (const { plugin, prefix } of options.modules ?? apiModules) await app.register(plugin, { prefix });
  if (config.e2eReset) {
    await app.register(testingModule, { prefix: '/v1/testing' });
    await app.register(simulatorTestingRoutes, { prefix: '/v1/testing' });
  }
  // The demo merchant's receiver, outside /v1 (not part of the API): CALLBACK_DEMO_RECEIVER.
  if (config.callbackDemoReceiver) await app.register(demoReceiverRoutes);
  await docsRoutes(app);

  const hasDist = existsSync(join(config.distDir, 'index.html'));
  if (hasDist) {
    await app.register(fastifyStatic, {
      root: config.distDir,
      prefix: '/',
      setHeaders: (reply, path) => {
        reply.header(
          'Cache-Control',
          path.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  await spaRoutes(app, hasDist);
  return app;
}
