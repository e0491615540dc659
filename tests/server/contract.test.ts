/**
 * Client and server cannot drift apart: the dashboard's own session controller, http client and data
 * provider talk to the real app (their fetch goes into Fastify's inject), and every request they send
 * (path, query string, body) and every answer they get is validated against /v1/openapi.json with ajv.
 * The fake API of the unit tests is held to the same document: its login answer validates, and every
 * "METHOD /v1/path" a unit test fakes is a documented operation (or one the server does not serve yet).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient, type FetchFn } from '../../src/api';
import { createSessionController } from '../../src/authProvider/controller';
import { createDataProvider } from '../../src/dataProvider';
import type { ChangePasswordRequest, TwoFaUpdateRequest } from '../../src/domain/api';
import { fakeApi, loginResponse, memorySessionStore } from '../unit/helpers/fakeApi';
import { DEMO_PASSWORD, makeApp, twoFaCodeAt, type TestApp } from './helpers';

type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}

/** The OpenAPI document as request and response validators. */
/** The OpenAPI integer formats the document uses (ajv knows none without ajv-formats). */
const formats = {
  int32: { type: 'number' as const, validate: (n: number) => Number.isInteger(n) && Math.abs(n) < 2 ** 31 },
  int64: { type: 'number' as const, validate: (n: number) => Number.isSafeInteger(n) },
};

class Contract {
  private readonly ajv = new Ajv({ strict: false, allErrors: true, formats });
  /** Query and path values arrive as strings: coerce them as the server does. */
  private readonly coercing = new Ajv({ strict: false, allErrors: true, coerceTypes: 'array', formats });
  private readonly operations: { method: string; template: string; pattern: RegExp; op: Operation }[] = [];

  constructor(doc: { paths: Record<string, Record<string, Operation>> }) {
    for (const [template, ops] of Object.entries(doc.paths)) {
      const pattern = new RegExp(`^${template.replace(/\{\w+\}/g, '([^/]+)')}$`);
      for (const [method, op] of Object.entries(ops)) {
        this.operations.push({ method: method.toUpperCase(), template, pattern, op });
      }
    }
  }

  find(method: string, path: string) {
    return this.operations.find((o) => o.method === method && o.pattern.test(path));
  }

  private check(validate: ValidateFunction, value: unknown, what: string): string[] {
    return validate(value) ? [] : (validate.errors ?? []).map((e) => `${what}${e.instancePath} ${e.message}`);
  }

  /** Problems of a request (empty when the document allows it). */
  request(method: string, url: string, body: unknown): string[] {
    const { pathname, searchParams } = new URL(url, 'http://api.test');
    const found = this.find(method, pathname);
    if (!found) return [`${method} ${pathname} is not in /v1/openapi.json`];
    const params = found.op.parameters ?? [];
    const objectOf = (where: 'path' | 'query') => {
      const list = params.filter((p) => p.in === where);
      return {
        type: 'object',
        properties: Object.fromEntries(list.map((p) => [p.name, p.schema])),
        required: list.filter((p) => p.required).map((p) => p.name),
        additionalProperties: false,
      };
    };
    const names = [...found.template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const values = found.pattern.exec(pathname)!.slice(1);
    const problems = [
      ...this.check(
        this.coercing.compile(objectOf('path')),
        Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(values[i])])),
        'path',
      ),
      ...this.check(this.coercing.compile(objectOf('query')), Object.fromEntries(searchParams), 'query'),
    ];
    const requestBody = found.op.requestBody;
    if (body === undefined) {
      if (requestBody?.required) problems.push('body: required');
    } else if (!requestBody) {
      problems.push('body: the operation takes none');
    } else {
      problems.push(
        ...this.check(this.ajv.compile(requestBody.content['application/json'].schema), body, 'body'),
      );
    }
    return problems;
  }

  /** Problems of an answer (empty when the document describes it). */
  response(method: string, url: string, status: number, body: unknown): string[] {
    const { pathname } = new URL(url, 'http://api.test');
    const found = this.find(method, pathname);
    if (!found) return [`${method} ${pathname} is not in /v1/openapi.json`];
    const documented = found.op.responses[String(status)];
    if (!documented) return [`status ${status} is not documented`];
    const schema = documented.content?.['application/json']?.schema;
    if (!schema) return body === null || body === undefined || body === '' ? [] : ['an undocumented body'];
    return this.check(this.ajv.compile(schema), body, 'response');
  }
}

let t: TestApp;
let contract: Contract;
interface Exchange {
  method: string;
  url: string;
  body: unknown;
  status: number;
  answer: unknown;
}
const exchanges: Exchange[] = [];

/** The dashboard's fetch, answered by the real app in-process; every exchange is recorded. */
const bridge: FetchFn = async (input, init = {}) => {
  const url = new URL(input, 'http://api.test');
  const method = (init.method ?? 'GET').toUpperCase();
  const response = await t.app.inject({
    method: method as 'GET',
    url: url.pathname + url.search,
    headers: init.headers as Record<string, string>,
    ...(typeof init.body === 'string' ? { payload: init.body } : {}),
  });
  exchanges.push({
    method,
    url: url.pathname + url.search,
    body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    status: response.statusCode,
    answer: response.body === '' ? null : response.json(),
  });
  const headers = new Headers();
  for (const [k, v] of Object.entries(response.headers)) {
    if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : String(v));
  }
  return new Response(response.statusCode === 204 ? null : response.body, {
    status: response.statusCode,
    headers,
  });
};

beforeAll(async () => {
  t = await makeApp();
  contract = new Contract((await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json());
});
afterAll(() => t.close());

/** Every exchange since `from` follows the document, request and answer. */
function expectAllDocumented(from = 0) {
  const seen = exchanges.slice(from);
  expect(seen.length).toBeGreaterThan(0);
  const problems = seen.flatMap((x) => [
    ...contract.request(x.method, x.url, x.body).map((p) => `${x.method} ${x.url} request ${p}`),
    ...contract
      .response(x.method, x.url, x.status, x.answer)
      .map((p) => `${x.method} ${x.url} ${x.status} ${p}`),
  ]);
  expect(problems).toEqual([]);
  return seen;
}

describe('the dashboard against /v1/openapi.json', () => {
  it("the session controller's login, organisation switch and logout", async () => {
    const from = exchanges.length;
    const controller = createSessionController({ apiUrl: '', store: memorySessionStore(), fetch: bridge });
    await controller.login({ email: ' Admin@Example.com ', password: DEMO_PASSWORD });
    await controller.chooseOrganisation(2);
    await controller.logout();
    await expect(
      controller.login({ email: 'admin@example.com', password: 'Wrong-pass-1' }),
    ).rejects.toThrow();
    const seen = expectAllDocumented(from).map((x) => `${x.method} ${x.url} ${x.status}`);
    expect(seen).toEqual([
      'POST /v1/auth/login 200',
      'GET /v1/currencies 200',
      'POST /v1/auth/login/2 200',
      'GET /v1/currencies 200',
      'POST /v1/auth/logout 204',
      'POST /v1/auth/login 401',
    ]);
  });

  it('the session controller with a 2FA code (a number on the wire)', async () => {
    const from = exchanges.length;
    const controller = createSessionController({ apiUrl: '', store: memorySessionStore(), fetch: bridge });
    t.clock.advance(30_000);
    await controller.login({
      email: 'twofa@example.com',
      password: DEMO_PASSWORD,
      twoFaCode: twoFaCodeAt(t.clock.now()),
    });
    expect(typeof exchanges[from].body).toBe('object');
    expect(typeof (exchanges[from].body as { twoFaCode: unknown }).twoFaCode).toBe('number');
    expectAllDocumented(from);
  });

  it("the data provider's list and record requests (paging, sort, order, q and filters)", async () => {
    const controller = createSessionController({ apiUrl: '', store: memorySessionStore(), fetch: bridge });
    await controller.login({ email: 'admin@example.com', password: DEMO_PASSWORD });
    const http = createHttpClient({ apiUrl: '', controller, fetch: bridge });
    const dataProvider = createDataProvider({
      http,
      api: { roles: { path: 'roles', listKey: 'roles', sort: { id: 'id', name: 'name' } } },
    });
    const from = exchanges.length;
    const page = await dataProvider.getList('roles', {
      pagination: { page: 2, perPage: 2 },
      sort: { field: 'name', order: 'DESC' },
      filter: { q: 'a', builtIn: true },
    });
    expect(page.total).toBe(3);
    expect(page.data.map((r) => r.name)).toEqual(['ADMIN']);
    // react-admin's default sort is by id, ascending.
    const all = await dataProvider.getList('roles', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(all.total).toBe(6);
    expect((await dataProvider.getOne('roles', { id: 5 })).data.name).toBe('Integrator');
    const seen = expectAllDocumented(from);
    expect(seen[0].url).toBe('/v1/roles?q=a&builtIn=true&limit=2&offset=2&sortBy=name&order=desc');
  });

  it("the account calls through the http client (the pages' request types)", async () => {
    const controller = createSessionController({ apiUrl: '', store: memorySessionStore(), fetch: bridge });
    await controller.login({ email: 'support@example.com', password: DEMO_PASSWORD });
    const http = createHttpClient({ apiUrl: '', controller, fetch: bridge });
    const from = exchanges.length;
    await http.request('users/two-fa');
    const wrongCode: TwoFaUpdateRequest = { enabled: true, code: '000000' };
    await expect(http.request('users/two-fa', { method: 'PATCH', body: wrongCode })).rejects.toThrow();
    const before = controller.getState().session?.token;
    const change: ChangePasswordRequest = { oldPassword: DEMO_PASSWORD, newPassword: 'Changed-pass-2' };
    await http.request('users/password', { method: 'PATCH', body: change });
    // The rotated token (X-Identity-Token) replaced the session's.
    expect(controller.getState().session?.token).not.toBe(before);
    expect((await http.request('users/two-fa')).status).toBe(200);
    expectAllDocumented(from);
  });

  it('refuses what the server would refuse (the validator is not a rubber stamp)', () => {
    expect(contract.request('GET', '/v1/roles?sortBy=password_hash', undefined)).not.toEqual([]);
    expect(contract.request('GET', '/v1/roles?colour=red', undefined)).not.toEqual([]);
    expect(contract.request('POST', '/v1/auth/login', { email: 'a@b.co' })).not.toEqual([]);
    expect(contract.request('GET', '/v1/roles/abc', undefined)).not.toEqual([]);
    expect(contract.request('GET', '/v1/nowhere', undefined)).toEqual([
      'GET /v1/nowhere is not in /v1/openapi.json',
    ]);
    expect(contract.response('POST', '/v1/auth/login', 200, { user: {} })).not.toEqual([]);
  });
});

/** Endpoints of docs/product.md#calls that unit tests fake before the server serves them. */
const NOT_SERVED_YET = [
  /^\/v1\/api-keys(\/\d+)?$/,
  /^\/v1\/businesses(\/\d+)?$/,
  /^\/v1\/payments$/,
  /^\/v1\/payment\/balance\/convert$/,
  /^\/v1\/balances\/(all|\d+)$/,
  /^\/v1\/webhooks(\/\d+(\/test)?)?$/,
  /^\/v1\/things$/, // a throwaway declaration
];

describe('the fake API of the unit tests against /v1/openapi.json', () => {
  it('answers logins the way the server documents them', () => {
    for (const body of [
      loginResponse(),
      loginResponse({ twoFaEnabled: true, role: 'MANAGER' }, { '4': 'Aurora Payments' }),
      loginResponse({}, { '3': 'Cobalt Remit', '1': 'Aurora Payments', '2': 'Borealis Exchange' }),
    ]) {
      expect(contract.response('POST', '/v1/auth/login', 200, body)).toEqual([]);
      expect(contract.response('POST', '/v1/auth/login/1', 200, body)).toEqual([]);
    }
    // The fake itself routes by "METHOD path" exactly as the client sends it.
    const { fetch, calls } = fakeApi({ 'GET /v1/currencies': { body: { data: [] } } });
    return fetch('/v1/currencies?x=1').then((r) => {
      expect(r.status).toBe(200);
      expect(calls[0].path).toBe('/v1/currencies');
    });
  });

  it('fakes only documented operations (or endpoints the server does not serve yet)', () => {
    const dir = join(process.cwd(), 'tests/unit');
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f));
    const faked = new Set<string>();
    for (const file of files) {
      const text = readFileSync(join(dir, file), 'utf8');
      for (const m of text.matchAll(/'(GET|POST|PUT|PATCH|DELETE) (\/v1\/[^' ?]*)'/g))
        faked.add(`${m[1]} ${m[2]}`);
    }
    expect(faked.size).toBeGreaterThan(5);
    const unknown = [...faked].filter((key) => {
      const [method, path] = key.split(' ');
      return !contract.find(method, path) && !NOT_SERVED_YET.some((p) => p.test(path));
    });
    expect(unknown).toEqual([]);
  });
});
