/**
 * Issue 6 item 10: /v1/openapi.json carries what a third party needs to judge the API (Spectral's `oas`
 * and OWASP API Security rulesets run in `npm run lint`; this test holds the same line inside the
 * suite, and the parts Spectral's rules cannot know: the documented security and errors follow each
 * route's access declaration).
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteInfo } from '../../server/http/conventions';
import { BANK_CURRENCIES, PAYMENT_METHODS } from '../../src/domain/bankAccounts';
import { EXPIRATION_MAX_MINUTES, EXPIRATION_MIN_MINUTES } from '../../src/domain/paymentRequests';
import { NATIONAL_IDENTIFIER_TYPES, ORIGINATOR_TYPES } from '../../src/domain/travelRule';
import { WITHDRAWAL_MESSAGES } from '../../src/domain/withdrawals';
import { operationIdFor } from '../../server/http/docs';
import { DECIMAL_PATTERN, OPEN_DECIMAL_PATTERN } from '../../server/http/schemas';
import { EXPORT_ROW_CAP_HEADER, EXPORT_TRUNCATED_HEADER } from '../../server/modules/transactions/schemas';
import { REPLAYED_HEADER } from '../../server/http/idempotency';
import { makeApp, type TestApp } from './helpers';

type Schema = Record<string, unknown>;
interface Operation {
  operationId?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, unknown>[];
  parameters?: { name: string; in: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { headers?: Record<string, { schema?: Schema; required?: boolean }> } & Schema>;
}
interface Document {
  servers?: { url: string; description?: string }[];
  info: { description?: string; contact?: unknown };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await makeApp();
  doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
});
afterAll(() => t.close());

function operations() {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      const url = path.replace(/\{(\w+)\}/g, ':$1');
      const route = t.app.routeTable.find((r) => r.url === url && r.method === method.toUpperCase());
      return { name: `${method.toUpperCase()} ${path}`, method, path, op, route: route as RouteInfo };
    }),
  );
}

/** Every schema in a subtree, with where it is. */
function* schemas(node: unknown, where: string): Generator<[Schema, string]> {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) yield* schemas(item, `${where}/${i}`);
    return;
  }
  const schema = node as Schema;
  if (typeof schema.type === 'string') yield [schema, where];
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'example') continue; // data (tests/server/openapiExamples.test.ts holds it to its schema)
    if (key === 'headers' || key === 'properties' || key === 'additionalProperties' || key === 'items') {
      yield* schemas(value, `${where}/${key}`);
    } else if (typeof value === 'object') yield* schemas(value, `${where}/${key}`);
  }
}

/** What a schema lacks to be bounded (empty when it is). */
function unbounded(schema: Schema): string[] {
  const has = (k: string) => schema[k] !== undefined;
  switch (schema.type) {
    case 'string':
      return [
        ...(has('maxLength') || has('enum') || has('const') ? [] : ['maxLength']),
        ...(has('pattern') || has('format') || has('enum') || has('const') ? [] : ['pattern or format']),
      ];
    case 'integer':
      return [
        ...(schema.format === 'int32' || schema.format === 'int64' ? [] : ['format int32/int64']),
        ...(has('minimum') ? [] : ['minimum']),
        ...(has('maximum') ? [] : ['maximum']),
      ];
    case 'array':
      return has('maxItems') ? [] : ['maxItems'];
    case 'object':
      return schema.additionalProperties && !has('maxProperties') ? ['maxProperties'] : [];
    default:
      return [];
  }
}

describe('/v1/openapi.json', () => {
  it('bounds every string, integer, array and map it describes', () => {
    const problems = [...schemas(doc.paths, '')]
      .filter(([, where]) => !where.includes('/v1/openapi.json/get/responses/200'))
      .flatMap(([schema, where]) => unbounded(schema).map((p) => `${where}: no ${p}`));
    expect(problems).toEqual([]);
  });

  it('uses maps (additionalProperties) in answers only, never in a request body or parameter', () => {
    const problems = operations().flatMap(({ name, op }) =>
      [...schemas(op.requestBody ?? {}, ''), ...schemas(op.parameters ?? [], '')]
        .filter(([schema]) => schema.type === 'object' && schema.additionalProperties)
        .map(([, where]) => `${name}${where}`),
    );
    expect(problems).toEqual([]);
  });

  it('names, describes and tags every operation', () => {
    const tags = new Set((doc.tags ?? []).map((tag) => tag.name));
    const ids = new Set<string>();
    for (const { name, method, path, op } of operations()) {
      expect(op.operationId, name).toBe(operationIdFor(method, path));
      expect(ids.has(op.operationId!), `${name}: operationId used twice`).toBe(false);
      ids.add(op.operationId!);
      expect(op.description, name).toMatch(/\S.{10,}/);
      for (const tag of op.tags ?? []) expect(tags.has(tag), `${name}: tag ${tag} not in tags`).toBe(true);
    }
    expect(operationIdFor('get', '/v1/roles/{id}')).toBe('getRolesById');
    expect(operationIdFor('post', '/v1/auth/forgot-password')).toBe('postAuthForgotPassword');
    expect(doc.info.description).toBeTruthy();
    expect(doc.info.contact).toBeTruthy();
    expect(doc.servers?.[0]).toMatchObject({ url: '/' });
  });

  it('documents the security, 401 and 403 each route enforces (from its access declaration)', () => {
    for (const { name, op, route } of operations()) {
      const access = route.config.access!;
      if (access.kind === 'public') {
        expect(op.security, name).toEqual([]);
        continue;
      }
      // A route that takes API keys (config.apiKey) names both schemes; the others the session only.
      expect(op.security, name).toEqual(route.config.apiKey ? [{ web: [] }, { apiKey: [] }] : [{ web: [] }]);
      if (route.config.twoFactor)
        expect(
          op.parameters?.some((p: { name: string }) => p.name === 'X-2FA-Code'),
          name,
        ).toBe(true);
      expect(op.responses['401'], `${name} 401`).toBeDefined();
      if (access.kind === 'permission') expect(op.responses['403'], `${name} 403`).toBeDefined();
    }
  });

  it("names each route's required permissions (or that it needs a session, or none) in its description", () => {
    for (const { name, op, route } of operations()) {
      const access = route.config.access!;
      if (access.kind === 'permission')
        for (const permission of access.permissions) expect(op.description, name).toContain(permission);
      else if (access.kind === 'authenticated') expect(op.description, name).toContain('Needs a session');
      else expect(op.description, name).toContain('Public');
    }
  });

  it('documents 429 with Retry-After, 500, and the rate-limit and CORS headers on every answer', () => {
    for (const { name, op } of operations()) {
      expect(op.responses['429']?.headers?.['Retry-After']?.required, `${name} 429 Retry-After`).toBe(true);
      expect(op.responses['500'], `${name} 500`).toBeDefined();
      for (const [status, response] of Object.entries(op.responses)) {
        for (const header of [
          'X-RateLimit-Limit',
          'X-RateLimit-Remaining',
          'X-RateLimit-Reset',
          'Access-Control-Allow-Origin',
        ]) {
          expect(response.headers?.[header], `${name} ${status} ${header}`).toBeDefined();
        }
      }
    }
  });

  it('documents headers the server really sends', async () => {
    const token = await t.token('support@example.com');
    const answer = await t.app.inject({
      method: 'GET',
      url: '/v1/currencies',
      headers: { ...t.auth(token), origin: 'http://127.0.0.1:5173' },
    });
    expect(answer.statusCode).toBe(200);
    for (const header of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
      expect(answer.headers[header], header).toMatch(/^\d+$/);
    }
    expect(answer.headers['access-control-allow-origin']).toBe('http://127.0.0.1:5173');
  });
});

/** Issue 31 §7: what an integrator codes against is as precise as what the server enforces. */
describe('/v1/openapi.json: the contract integrators code against', () => {
  it('writes null as OpenAPI 3.0 does (nullable), never as a branch whose only value is null', () => {
    const nullBranches: string[] = [];
    const walk = (node: unknown, path: string) => {
      if (typeof node !== 'object' || node === null) return;
      const enumValues = (node as { enum?: unknown[] }).enum;
      if (Array.isArray(enumValues) && enumValues.length === 1 && enumValues[0] === null)
        nullBranches.push(path);
      for (const [key, value] of Object.entries(node)) walk(value, `${path}/${key}`);
    };
    walk(doc.paths, '');
    expect(nullBranches).toEqual([]);
    const login = doc.paths['/v1/auth/login'].post.requestBody!.content['application/json'].schema;
    expect((login.properties as Record<string, unknown>).twoFaCode).toMatchObject({
      anyOf: [
        { type: 'integer', nullable: true },
        { type: 'string', nullable: true },
      ],
    });
    const key = doc.paths['/v1/api-keys'].post.requestBody!.content['application/json'].schema;
    expect((key.properties as Record<string, unknown>).expiresAt).toMatchObject({ nullable: true });
  });

  it('gives every request amount the decimal pattern of the answers (RequestDecimal)', () => {
    const problems = operations().flatMap(({ name, op }) => {
      const body = op.requestBody?.content['application/json']?.schema;
      const fields = [
        ...Object.entries((body?.properties ?? {}) as Record<string, Schema>),
        ...(op.parameters ?? []).map((p) => [p.name, p.schema] as [string, Schema]),
      ];
      return fields
        .filter(([field, schema]) => /amount$|^threshold$/i.test(field) && schema.type === 'string')
        .filter(([, schema]) => schema.pattern !== DECIMAL_PATTERN && schema.pattern !== OPEN_DECIMAL_PATTERN)
        .map(([field]) => `${name} ${field}`);
    });
    expect(problems).toEqual([]);
    const transfer = doc.paths['/v1/payment/internal-transfers'].post.requestBody!;
    expect(transfer.content['application/json'].schema).toMatchObject({
      properties: { amount: { type: 'string', pattern: DECIMAL_PATTERN } },
    });
  });

  it("answers the product's message, not the pattern's, for a request amount of another shape", async () => {
    const token = await t.token('admin@example.com');
    const answer = await t.app.inject({
      method: 'PUT',
      url: '/v1/withdrawals/approval-thresholds/BTC',
      headers: t.auth(token),
      payload: { threshold: '1e3' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors).toEqual({ threshold: WITHDRAWAL_MESSAGES.thresholdInvalid });
  });

  /** The values a schema allows of a closed set (its enum, or its branches'), null aside. */
  const closedSet = (schema: Schema | undefined): unknown[] =>
    [
      ...((schema?.enum as unknown[] | undefined) ?? []),
      ...((schema?.anyOf as Schema[] | undefined) ?? []).flatMap(closedSet),
    ].filter((value) => value !== null);
  const bodyOf = (path: string, method: string) =>
    doc.paths[path][method].requestBody!.content['application/json'].schema as Schema & {
      properties: Record<string, Schema>;
    };

  it('writes every closed set of a request as an enum (the product’s own lists)', () => {
    const originator = bodyOf('/v1/deposits/travel-rule/{id}', 'patch').properties.originator as Schema & {
      properties: Record<string, Schema>;
    };
    expect(closedSet(originator.properties.type)).toEqual([...ORIGINATOR_TYPES]);
    expect(closedSet(originator.properties.nationalIdentifierType)).toEqual([...NATIONAL_IDENTIFIER_TYPES]);
    for (const [path, method] of [
      ['/v1/bank-accounts', 'post'],
      ['/v1/bank-accounts/{id}', 'patch'],
    ]) {
      const { properties } = bodyOf(path, method);
      expect(closedSet(properties.accountCurrency), path).toEqual([...BANK_CURRENCIES]);
      expect(closedSet(properties.paymentMethod), path).toEqual([...PAYMENT_METHODS]);
    }
  });

  it("states the product's bounds of an integer, not int32's", () => {
    expect(bodyOf('/v1/payments', 'post').properties.expirationMinutes).toMatchObject({
      minimum: EXPIRATION_MIN_MINUTES,
      maximum: EXPIRATION_MAX_MINUTES,
    });
  });

  it('declares the headers an idempotent route and an export answer', () => {
    for (const { name, op, route } of operations()) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (route.config.idempotent && status.startsWith('2'))
          expect(response.headers?.[REPLAYED_HEADER], `${name} ${status}`).toBeDefined();
        if (status === '200' && (response as { content?: object }).content && name.endsWith('/export')) {
          expect(response.headers?.[EXPORT_ROW_CAP_HEADER], name).toBeDefined();
          expect(response.headers?.[EXPORT_TRUNCATED_HEADER], name).toBeDefined();
        }
      }
    }
  });

  it('lints with no Spectral warning or error (oas and OWASP, .spectral.yaml)', () => {
    const run = spawnSync(process.execPath, ['scripts/openapi.mjs', '-F', 'hint', '-f', 'json', '-q'], {
      encoding: 'utf8',
    });
    expect(JSON.parse(run.stdout.slice(run.stdout.indexOf('[')))).toEqual([]);
    expect(run.status).toBe(0);
  }, 120_000);
});
