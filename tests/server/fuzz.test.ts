/**
 * Hostile input on every route of the route table (issue 6, item 4): NUL and other control characters,
 * lone surrogates, very long strings, huge, negative and fractional numbers, nested objects, prototype
 * keys, in every body field, in the whole body, in the query string and in every path parameter. No
 * answer may be a 5xx, and every error keeps the `{ message }` shape. Routes added later are fuzzed
 * without editing this file: the values go where each route's schema says it takes input.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { RouteInfo } from '../../server/http/conventions';
import { makeApp, type TestApp } from './helpers';
import { describeRoute, isApiRoute, urlParams } from './routeRules';

// Built before the tests are collected, so that each route of the table is a test of its own (with its
// own time limit): routes added later are fuzzed without editing this file.
// No throttle in the way: every request reaches validation and, when valid, the handler.
const t: TestApp = await makeApp({
  loginMaxFailuresPerAccount: 1_000_000,
  loginMaxFailuresPerIp: 1_000_000,
  forgotPasswordMaxPerAccount: 1_000_000,
  forgotPasswordMaxPerIp: 1_000_000,
  rateLimitPerMinute: 1_000_000,
  e2eReset: false,
});
afterAll(() => t.close());
const routes = t.app.routeTable.filter(isApiRoute);

const STRINGS: unknown[] = [
  '',
  '\u0000',
  'admin@example.com\u0000',
  'a\u0000b',
  '\u001b[31m',
  '\u0085',
  '\ud800',
  'x\udfffy',
  '\u202e',
  '𝕏😀',
  "' OR 1=1 --",
  '%00',
  '../../etc/passwd',
  '${7*7}',
  'x'.repeat(50_000),
  'x'.repeat(100_000),
];
const NUMBERS: unknown[] = [
  0,
  -0,
  -1,
  1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  1e20,
  -1e20,
  1.7976931348623157e308,
];
const OTHERS: unknown[] = [
  null,
  true,
  false,
  [],
  {},
  ['a', 'b'],
  { a: { b: { c: 1 } } },
  JSON.parse('{"__proto__":{"polluted":true}}'),
];
const VALUES = [...STRINGS, ...NUMBERS, ...OTHERS];

/** Whole bodies, as raw JSON text (prototype keys survive only in text). */
const RAW_BODIES = [
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"email":"a@b.co","password":"x","__proto__":{"twoFaCode":1}}',
  '{"twoFaCode":1e400,"email":"a@b.co","password":"x"}',
  '{"code":123456e-3,"enabled":true}',
  `{"email":${'['.repeat(5000)}${']'.repeat(5000)}}`,
  `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
  '"just a string"',
  'null',
  '[]',
  '123',
  '{"email":"\\u0000","password":"\\ud800"}',
  '{"email":"a@b.co","email":"b@c.co","password":"x"}',
];

const QUERY_VALUES = [
  '%00',
  '%ED%A0%80',
  '%FF',
  '1e20',
  '99999999999999999999999',
  '-1',
  '1.5',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '0x10',
  'x'.repeat(5000),
];
/** Keys every route gets in its query string, besides the parameters its schema declares. */
const QUERY_KEYS = ['__proto__', 'constructor', 'a[b]'];
const PATH_VALUES = [
  '%00',
  '1e20',
  '1e400',
  'Infinity',
  '99999999999999999999',
  '-1',
  '0',
  '1.5',
  '%ED%A0%80',
  'x'.repeat(300),
  '..%2F..%2F',
  '__proto__',
];

const SAMPLE: Record<string, unknown> = { string: 'x', integer: 1, number: 1, boolean: true };
type Schemaish = { type?: unknown; properties?: Record<string, Schemaish> };

/** A body of the route's shape with harmless values (each field then replaced by a hostile one). */
function sampleBody(route: RouteInfo): Record<string, unknown> | undefined {
  const body = route.schema.body as Schemaish | undefined;
  if (!body?.properties) return undefined;
  return Object.fromEntries(
    Object.entries(body.properties).map(([k, s]) => [k, SAMPLE[String(s.type)] ?? 'x']),
  );
}

const samplePath = (url: string, hostile?: { param: string; value: string }) =>
  url.replace(/:(\w+)/g, (_, name: string) =>
    hostile?.param === name ? hostile.value : name === 'brand' ? 'local' : name === 'file' ? 'icon.svg' : '1',
  );

let token = '';
async function send(route: RouteInfo, url: string, payload?: string): Promise<LightMyRequestResponse> {
  const guarded = route.config.access?.kind !== 'public';
  const request = () =>
    t.app.inject({
      method: route.method as 'POST',
      url,
      headers: {
        ...(guarded ? t.auth(token) : {}),
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(payload !== undefined ? { payload } : {}),
    });
  let response = await request();
  if (guarded && response.statusCode === 401 && response.json().message === 'Authentication required.') {
    token = await t.token('admin@example.com'); // logout or a switch ended the session: a new one
    response = await request();
  }
  const rotated = response.headers['x-identity-token'];
  if (typeof rotated === 'string') token = rotated;
  return response;
}

describe('hostile input on every route', () => {
  it('covers the whole route table', () => {
    expect(routes.length).toBeGreaterThanOrEqual(14);
  });

  it.each(routes.map((route) => [describeRoute(route), route] as const))(
    '%s never answers 5xx, and every error is { message }',
    async (_name, route) => {
      if (!token) token = await t.token('admin@example.com');
      const problems: string[] = [];
      let sent = 0;
      const check = (where: string, response: LightMyRequestResponse) => {
        sent += 1;
        const label = `${describeRoute(route)} ${where}: ${response.statusCode}`;
        if (response.statusCode >= 500) problems.push(`${label} ${response.body.slice(0, 120)}`);
        else if (response.statusCode >= 400) {
          let body: unknown;
          try {
            body = response.json();
          } catch {
            body = undefined;
          }
          if (typeof (body as { message?: unknown } | undefined)?.message !== 'string') {
            problems.push(`${label} not the error shape: ${response.body.slice(0, 120)}`);
          }
        }
      };

      const base = samplePath(route.url);
      const body = sampleBody(route);
      const takesBody = route.method !== 'GET' && route.method !== 'DELETE';
      if (body) {
        for (const field of Object.keys(body)) {
          for (const [i, value] of VALUES.entries()) {
            const payload = JSON.stringify({ ...body, [field]: value });
            check(`body.${field}#${i}`, await send(route, base, payload));
          }
        }
      }
      if (takesBody) {
        for (const [i, raw] of [...RAW_BODIES, ...VALUES.map((v) => JSON.stringify(v))].entries()) {
          check(`body#${i}`, await send(route, base, raw));
        }
      }
      const declared = Object.keys((route.schema.querystring as Schemaish | undefined)?.properties ?? {});
      for (const key of [...declared, ...QUERY_KEYS]) {
        for (const [i, value] of QUERY_VALUES.entries()) {
          const payload = takesBody && body ? JSON.stringify(body) : undefined;
          check(`query.${key}#${i}`, await send(route, `${base}?${key}=${value}`, payload));
        }
      }
      check('query repeated', await send(route, `${base}?limit=1&limit=2&offset=0&offset=1`));
      for (const param of urlParams(route.url)) {
        for (const [i, value] of PATH_VALUES.entries()) {
          const payload = takesBody && body ? JSON.stringify(body) : undefined;
          check(`params.${param}#${i}`, await send(route, samplePath(route.url, { param, value }), payload));
        }
      }
      expect(sent).toBeGreaterThan(QUERY_VALUES.length);
      expect(problems).toEqual([]);
    },
  );
});
