/**
 * Issue 31 §7: /v1/openapi.json gives an integrator an example of every operation's request body and
 * answer, and none can go stale. The examples are real requests and answers of the demo data
 * (server/http/examples.json, written by `node scripts/openapi-examples.mjs`, attached by
 * server/http/docs.ts); this test fails when an operation lacks one, when one no longer validates
 * against its schema, or when the file names an operation or a status the document does not have.
 * After changing a route's schema: re-run the script, and read the diff.
 */
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLES } from '../../server/http/docs';
import { makeApp, type TestApp } from './helpers';

type Schema = Record<string, unknown>;
interface MediaType {
  schema?: Schema;
  example?: unknown;
}
interface Operation {
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, { content?: Record<string, MediaType> }>;
}

const EXPORT_REASON = 'a CSV file (format=csv), not JSON';
/** Operations whose answer is not JSON, so has no example here; each with its reason. */
const NO_ANSWER_EXAMPLE: Record<string, string> = {
  'GET /v1/brands/assets/{brand}/{file}': 'an SVG image',
  'POST /v1/auth/logout': '204, no body',
  'POST /v1/reports/balance-confirmation': 'a PDF letter (its JSON request body has an example)',
  'POST /v1/reports/transaction-ledger': 'a CSV or XLSX file (its JSON request body has an example)',
  'GET /v1/events': 'an event stream (text/event-stream), open until the client leaves',
  'GET /v1/openapi.json': 'the answer is this document',
  ...Object.fromEntries(
    [
      '/v1/audit-log/export',
      '/v1/payments/export',
      '/v1/withdrawals/crypto/export',
      '/v1/payment/deposits/fiat/export',
      '/v1/payment/whitelabel-fiat-deposits/export',
      '/v1/payment/withdrawals/fiat/export',
      '/v1/payment/internal-transfers/export',
      '/v1/payment/deposits/unassociated/export',
      '/v1/payment/manual-movements/export',
      '/v1/payment/balance/convert/export',
      '/v1/deposits/unallocated/export',
    ].map((path) => [`GET ${path}`, EXPORT_REASON]),
  ),
};

/** The formats the document uses (ajv knows none without ajv-formats), checked as the server answers them. */
const formats = {
  int32: { type: 'number' as const, validate: (n: number) => Number.isInteger(n) && Math.abs(n) < 2 ** 31 },
  int64: { type: 'number' as const, validate: (n: number) => Number.isSafeInteger(n) },
  'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  uri: (value: string) => URL.canParse(value),
  binary: () => true,
};
const ajv = new Ajv({ strict: false, allErrors: true, formats });

let t: TestApp;
let operations: { name: string; op: Operation }[];
beforeAll(async () => {
  t = await makeApp();
  const doc: { paths: Record<string, Record<string, Operation>> } = (
    await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })
  ).json();
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  );
});
afterAll(() => t.close());

const jsonOf = (content?: Record<string, MediaType>) => content?.['application/json'];
const successes = (op: Operation) => Object.entries(op.responses).filter(([status]) => /^2/.test(status));

describe('/v1/openapi.json examples', () => {
  it('gives every JSON request body an example', () => {
    const lacking = operations
      .filter(
        ({ op }) => jsonOf(op.requestBody?.content) && jsonOf(op.requestBody?.content)?.example === undefined,
      )
      .map(({ name }) => name);
    expect(lacking).toEqual([]);
  });

  it('gives every 2xx answer an example, but for the listed non-JSON answers', () => {
    const lacking = operations
      .filter(({ name }) => !(name in NO_ANSWER_EXAMPLE))
      .filter(({ op }) => !successes(op).some(([, answer]) => jsonOf(answer.content)?.example !== undefined))
      .map(({ name }) => name);
    expect(lacking).toEqual([]);
    // An exemption names a documented operation, and one with no JSON answer (this document aside).
    const names = new Set(operations.map(({ name }) => name));
    expect(Object.keys(NO_ANSWER_EXAMPLE).filter((name) => !names.has(name))).toEqual([]);
    const json = operations
      .filter(({ name }) => name in NO_ANSWER_EXAMPLE && name !== 'GET /v1/openapi.json')
      .filter(({ op }) => successes(op).some(([, answer]) => jsonOf(answer.content)))
      .map(({ name }) => name);
    expect(json).toEqual([]);
  });

  it('holds every example to its schema', () => {
    const problems = operations.flatMap(({ name, op }) =>
      [
        ['request body', jsonOf(op.requestBody?.content)] as const,
        ...successes(op).map(([status, answer]) => [status, jsonOf(answer.content)] as const),
      ].flatMap(([where, media]) => {
        if (!media?.schema || media.example === undefined) return [];
        const validate = ajv.compile(media.schema);
        return validate(media.example)
          ? []
          : (validate.errors ?? []).map((e) => `${name} ${where}: ${e.instancePath || '/'} ${e.message}`);
      }),
    );
    expect(problems).toEqual([]);
  });

  it('has no example for an operation, a body or a status the document does not have', () => {
    const byName = new Map(operations.map(({ name, op }) => [name, op]));
    const stale = Object.entries(EXAMPLES).flatMap(([name, example]) => {
      const op = byName.get(name);
      if (!op) return [`${name}: no such operation`];
      return [
        ...(example.request !== undefined && !jsonOf(op.requestBody?.content)
          ? [`${name}: a request example, but no JSON body`]
          : []),
        ...(example.response !== undefined && !jsonOf(op.responses[String(example.status)]?.content)
          ? [`${name}: an answer example, but no JSON ${example.status} answer`]
          : []),
      ];
    });
    expect(stale).toEqual([]);
  });
});
