/**
 * GET /v1/openapi.json: the OpenAPI document generated from the route schemas, completed from the
 * routes' declarations (docs/architecture.md#the-v1-contract), so that what is documented is what is enforced:
 * - `security` from `config.access` (the guard installed from the same declaration): the session scheme
 *   for AUTHENTICATED and requires(...), `[]` (no credentials: OpenAPI's word for an open route) for
 *   PUBLIC;
 * - on an idempotent route's (`config.idempotent`) successes, the `Idempotent-Replayed` header of a
 *   retry's stored answer;
 * - 401 on every route with a guard, 403 on routes that require permissions, and on every route 429
 *   (the global rate limit; the login throttle too) with `Retry-After`, 500 and any other 4XX, all
 *   with the error body;
 * - on every answer the headers the server sends: the rate-limit headers of @fastify/rate-limit and
 *   the CORS `Access-Control-Allow-Origin`;
 * - an `operationId` (from the method and path unless the route names one) and a description (the
 *   route's summary, and who may call it);
 * - servers, tags and the API's description;
 * - an `example` on each JSON request body and 2xx answer, from server/http/examples.json: real
 *   requests and answers of the demo data, written by `node scripts/openapi-examples.mjs`
 *   (tests/server/openapiExamples.test.ts checks that every operation has them and that they validate).
 * Spectral (`oas` and the OWASP API Security rulesets, `npm run lint`) judges the result.
 */
import { Type } from 'typebox';
import { AUTH_SCHEME, IDEMPOTENCY_HEADER, IDENTITY_HEADER, TWO_FA_HEADER } from '../../src/domain/api';
import { PUBLIC } from '../auth/access';
import type { App } from '../context';
import type { RouteInfo } from './conventions';
import { REPLAYED_HEADER } from './idempotency';
import { ErrorBody } from './schemas';
import examplesFile from './examples.json';

/** An operation's example ("METHOD /v1/path/{param}" → it): its request body and its 2xx answer. */
export interface OperationExample {
  request?: unknown;
  status: number;
  response?: unknown;
}
export const EXAMPLES: Readonly<Record<string, OperationExample>> = examplesFile;

const TAGS: Record<string, string> = {
  auth: 'Logging in and out, switching organisation, forgotten and reset passwords',
  users: "The caller's own account: password and two-factor authentication",
  currencies: 'The currencies the provider supports',
  roles: 'Built-in roles and the organisation’s custom roles',
  transactions: 'Transaction lists of every kind and their CSV exports',
  businesses: "The organisation's businesses (merchants)",
  balances: 'Business and organisation balances from the ledger',
  metadata: 'What the organisation may do, and the precision of each coin on each network',
  brands: "The deployment's brand, its logos and icons",
  search: "The app bar's search over the organisation's records",
  docs: 'This document',
  testing: 'Test mode only (E2E_RESET=1)',
  'audit-log': "The organisation's audit log: who changed what, when, and what was refused",
};

const INFO_DESCRIPTION = [
  'The reference implementation of the provider’s /v1 API behind the back-office dashboard.',
  '',
  `Authentication: \`POST /v1/auth/login\` answers the session token in the \`${IDENTITY_HEADER}\` header;`,
  `every other call sends \`Authorization: ${AUTH_SCHEME} <token>\`. Sensitive calls send the current`,
  `6-digit code in \`${TWO_FA_HEADER}\`. Sessions end after an idle time and an absolute lifetime, on`,
  'logout, on an organisation switch, and on a password, two-factor or role change.',
  '',
  'Errors answer `{ message, rejection?, errors? }` (errors: field → message) with the HTTP status.',
  'Every route is rate-limited per client address (429 with `Retry-After`); failed logins and wrong',
  'codes are throttled per account and address.',
].join('\n');

const int32 = (description: string) =>
  ({ type: 'integer', format: 'int32', minimum: 0, maximum: 2_147_483_647, description }) as const;

/** The headers every answer carries (CORS only for an allowed Origin). */
const COMMON_HEADERS = {
  'X-RateLimit-Limit': { description: 'Requests allowed per window', schema: int32('Requests per window') },
  'X-RateLimit-Remaining': {
    description: 'Requests left in the current window',
    schema: int32('Requests left'),
  },
  'X-RateLimit-Reset': {
    description: 'Seconds until the window resets',
    schema: int32('Seconds until the window resets'),
  },
  'Access-Control-Allow-Origin': {
    description: 'The request’s Origin, when it is one of the deployment’s CORS_ORIGINS (absent otherwise)',
    schema: { type: 'string', format: 'uri', maxLength: 2048 },
  },
};

const REPLAYED = {
  [REPLAYED_HEADER]: {
    description: 'true when this is the stored answer of an earlier request with the same Idempotency-Key',
    schema: { type: 'string', enum: ['true'] },
  },
};

const RETRY_AFTER = {
  'Retry-After': {
    description: 'Seconds to wait before trying again',
    required: true,
    schema: int32('Seconds to wait'),
  },
};

type Json = Record<string, unknown>;
interface MediaType {
  schema?: unknown;
  example?: unknown;
}
interface Response {
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, MediaType>;
}
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Json[];
  requestBody?: { content?: Record<string, MediaType> };
  responses?: Record<string, Response>;
}
export interface OpenApiDocument {
  openapi: string;
  info: Json;
  paths: Record<string, Record<string, Operation>>;
  components?: Json;
  servers?: Json[];
  tags?: { name: string; description: string }[];
  [key: string]: unknown;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** A TypeBox schema as OpenAPI 3.0 has it: a record's `patternProperties` become `additionalProperties` (as @fastify/swagger does). */
function openApiSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(openApiSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'patternProperties' && value && typeof value === 'object') {
      const [only] = Object.values(value);
      out.additionalProperties = openApiSchema(only);
    } else {
      out[key] = openApiSchema(value);
    }
  }
  return out;
}

const ERROR_BODY_DESCRIPTION = 'ApiErrorBody';

function errorResponse(description: string): Response {
  return {
    description,
    headers: { ...COMMON_HEADERS },
    content: { 'application/json': { schema: openApiSchema(ErrorBody) } },
  };
}

/** `GET /v1/roles/{id}` → `getRolesById`; `POST /v1/auth/login/{orgId}` → `postAuthLoginByOrgId`. */
export function operationIdFor(method: string, path: string): string {
  const words = path
    .replace(/^\/v1\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      return param ? ['by', param[1]] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0].toUpperCase() + w.slice(1))].join('');
}

function accessSentence(route: RouteInfo | undefined): string {
  const access = route?.config.access;
  if (!access || access.kind === 'public') return 'Public: no session needed.';
  if (access.kind === 'authenticated') return 'Needs a session (any role).';
  const sets = [access.permissions, ...(access.alternatives ?? [])].map((set) => set.join(' and '));
  return `Needs a session whose role has ${sets.join(', or ')} (403 otherwise).`;
}

/** The generated document, completed from the route table (pure: tests call it on a document). */
export function completeDocument(
  generated: OpenApiDocument,
  routes: readonly RouteInfo[],
  examples: Readonly<Record<string, OperationExample>> = EXAMPLES,
): OpenApiDocument {
  const doc: OpenApiDocument = JSON.parse(JSON.stringify(generated));
  doc.info = {
    ...doc.info,
    description: INFO_DESCRIPTION,
    contact: { name: 'The operator of this deployment' },
  };
  doc.servers = [
    {
      url: '/',
      description: 'This deployment (local, staging or production): the origin that serves this document',
      'x-internal': false,
    },
  ];
  const used = new Set<string>();
  for (const [path, operations] of Object.entries(doc.paths)) {
    const url = path.replace(/\{(\w+)\}/g, ':$1');
    for (const [method, operation] of Object.entries(operations)) {
      if (!METHODS.includes(method)) continue;
      const route = routes.find((r) => r.url === url && r.method === method.toUpperCase());
      const access = route?.config.access ?? PUBLIC;
      for (const tag of operation.tags ?? []) used.add(tag);
      operation.operationId ??= operationIdFor(method, path);
      const summary = operation.summary ? `${operation.summary.replace(/\.$/, '')}.` : '';
      // Who may call it ends every description, a route's own included (from its config.access).
      operation.description = [operation.description ?? summary, accessSentence(route)]
        .filter(Boolean)
        .join(' ');
      operation.security =
        access.kind === 'public' ? [] : route?.config.apiKey ? [{ web: [] }, { apiKey: [] }] : [{ web: [] }];
      if (route?.config.twoFactor) {
        operation.parameters = [
          ...(operation.parameters ?? []),
          {
            name: TWO_FA_HEADER,
            in: 'header',
            required: false,
            description: "The user's current 2FA code; required when the user has 2FA on",
            schema: { type: 'string', pattern: '^[0-9]{6}$', maxLength: 6 },
          },
        ];
      }
      if (route?.config.idempotent) {
        operation.parameters = [
          ...(operation.parameters ?? []),
          {
            name: IDEMPOTENCY_HEADER,
            in: 'header',
            required: true,
            description:
              'A UUID per movement: a retry with the same key and request answers the first answer (kept 24 hours, per organisation and caller); another request, or another caller, under the key is 422',
            schema: { type: 'string', format: 'uuid', maxLength: 36 },
          },
        ];
        (operation.responses ??= {})['422'] ??= errorResponse(
          'The Idempotency-Key was used with another request',
        );
      }

      const responses = (operation.responses ??= {});
      const example = examples[`${method.toUpperCase()} ${path}`];
      const requestJson = operation.requestBody?.content?.['application/json'];
      if (example?.request !== undefined && requestJson) requestJson.example = example.request;
      const answerJson = responses[String(example?.status)]?.content?.['application/json'];
      if (example?.response !== undefined && answerJson) answerJson.example = example.response;
      if (access.kind !== 'public') responses['401'] ??= errorResponse('No session, or it has ended');
      if (access.kind === 'permission')
        responses['403'] ??= errorResponse('The role lacks a required permission');
      responses['429'] ??= errorResponse('Too many requests, or too many failed attempts');
      responses['4XX'] ??= errorResponse(
        'Another client error: 404 unknown path or row, 405 method, 413 body too large, 415 not JSON',
      );
      responses['500'] ??= errorResponse('Unexpected server error (the details are in the server log)');
      for (const [status, response] of Object.entries(responses)) {
        if (response.description === ERROR_BODY_DESCRIPTION || !response.description) {
          response.description = status.startsWith('2') ? 'Success' : 'The error body';
        }
        response.headers = {
          ...(status === '429' ? RETRY_AFTER : {}),
          ...(route?.config.idempotent && status.startsWith('2') ? REPLAYED : {}),
          ...response.headers,
          ...COMMON_HEADERS,
        };
      }
    }
  }
  doc.tags = [...used].sort().map((name) => ({ name, description: TAGS[name] ?? name }));
  writeNullAsNullable(doc);
  return doc;
}

/** The branch @fastify/swagger writes for TypeBox's `Type.Null()` in a union: `{ type: 'object', nullable, enum: [null] }`. */
const isNullBranch = (branch: unknown) =>
  typeof branch === 'object' &&
  branch !== null &&
  Array.isArray((branch as { enum?: unknown }).enum) &&
  (branch as { enum: unknown[] }).enum.length === 1 &&
  (branch as { enum: unknown[] }).enum[0] === null;

/**
 * A branch that also takes null: `nullable` needs a `type` beside it, so a closed set without one (a
 * union of literals, written as an enum) is given its values' type, and null joins its values.
 */
function nullableOf(branch: Record<string, unknown>): Record<string, unknown> {
  const values = branch.enum;
  if (!Array.isArray(values)) return { ...branch, nullable: true };
  return {
    ...branch,
    type: branch.type ?? typeof values[0],
    enum: values.includes(null) ? values : [...values, null],
    nullable: true,
  };
}

/**
 * OpenAPI 3.0 has no `null` type: a union with null is its other branch marked `nullable: true`. The
 * generator's own null branch (an object whose only value is null) is read by no validator as "null
 * allowed" (Prism skipped the login and API-key bodies that hold one), so it is folded into the other
 * branches, once, for the whole document.
 */
function writeNullAsNullable(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) writeNullAsNullable(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Record<string, unknown>;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (!Array.isArray(branches) || !branches.some(isNullBranch)) continue;
    const others = (branches.filter((branch) => !isNullBranch(branch)) as Record<string, unknown>[]).map(
      nullableOf,
    );
    if (others.length === 1) {
      delete schema[key];
      Object.assign(schema, others[0]);
    } else {
      schema[key] = others;
    }
  }
  for (const value of Object.values(schema)) writeNullAsNullable(value);
}

/** The schema of this document's answer: an OpenAPI 3.0 object (its own format is documented elsewhere). */
const OpenApiSchema = Type.Object(
  {
    openapi: Type.String({ pattern: '^3\\.0\\.\\d+$', maxLength: 16 }),
    info: Type.Object({}, { additionalProperties: true, maxProperties: 32 }),
    paths: Type.Object({}, { additionalProperties: true, maxProperties: 1000 }),
  },
  { additionalProperties: true, maxProperties: 32, description: 'An OpenAPI 3.0 document' },
);

export async function docsRoutes(app: App) {
  let document: OpenApiDocument | undefined;
  app.get(
    '/v1/openapi.json',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['docs'],
        summary: 'This OpenAPI document',
        response: { 200: OpenApiSchema },
      },
    },
    async () => (document ??= completeDocument(app.swagger() as OpenApiDocument, app.routeTable)),
  );
}
