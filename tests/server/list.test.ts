/**
 * The list helper (server/lib/list.ts), through GET /v1/roles and directly: paging, the sortBy
 * whitelist, order, q with its wildcards escaped, typed filters, `{ <listKey>, total }`, and 400s
 * with field errors for anything it does not know.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { ERROR_TEXTS } from '../../src/domain/errors';
import type { OrgScope } from '../../server/auth/scope';
import type { QueryOptions } from '../../server/db/client';
import { atLeast, atMost, defineList, equals, escapeLike } from '../../server/lib/list';
import { makeApp, type TestApp } from './helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await makeApp();
  admin = await t.token('admin@example.com');
});
afterAll(() => t.close());

const roles = async (query: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/v1/roles?${query}`, headers: t.auth(admin) });
  return { status: response.statusCode, body: response.json() };
};
const names = (body: { roles: { name: string }[] }) => body.roles.map((r) => r.name);

describe('GET /v1/roles: sortBy, order and q', () => {
  it('keeps built-in roles first, then by id, when no sortBy is given', async () => {
    const { body } = await roles('');
    expect(names(body)).toEqual(['ADMIN', 'MANAGER', 'BACKOFFICE', 'SUPPORT', 'Integrator', 'No access']);
    expect(body.total).toBe(6);
  });

  it('sorts by a whitelisted field in either order', async () => {
    expect(names((await roles('sortBy=name&order=desc')).body)).toEqual([
      'SUPPORT',
      'No access',
      'MANAGER',
      'Integrator',
      'BACKOFFICE',
      'ADMIN',
    ]);
    expect(names((await roles('sortBy=name&order=asc')).body)[0]).toBe('ADMIN');
    expect(names((await roles('sortBy=id&order=desc')).body)[0]).toBe('No access');
    // order defaults to asc
    expect(names((await roles('sortBy=name')).body)[0]).toBe('ADMIN');
  });

  it('searches names case-insensitively with q, and counts the matches in total', async () => {
    const { body } = await roles('q=A&sortBy=name&order=desc');
    expect(names(body)).toEqual(['No access', 'MANAGER', 'Integrator', 'BACKOFFICE', 'ADMIN']);
    expect(body.total).toBe(5);
    const all = await roles('sortBy=name&order=desc&q=in');
    expect(names(all.body)).toEqual(['Integrator', 'ADMIN']);
    expect(all.body.total).toBe(2);
    const paged = await roles('q=a&limit=2&offset=1&sortBy=name');
    expect(names(paged.body)).toEqual(['BACKOFFICE', 'Integrator']);
    expect(paged.body.total).toBe(5);
  });

  it('matches %, _ and \\ in q literally', async () => {
    // Unescaped, "_" would match the space of "No access" and "%" every name.
    for (const q of ['No_access', '%', '_', '\\', "'"]) {
      const { status, body } = await roles(`q=${encodeURIComponent(q)}`);
      expect(status, q).toBe(200);
      expect(body, q).toEqual({ roles: [], total: 0 });
    }
    expect(names((await roles(`q=${encodeURIComponent('o a')}`)).body)).toEqual(['No access']);
  });

  it('filters by a typed filter', async () => {
    expect(names((await roles('builtIn=false')).body)).toEqual(['Integrator', 'No access']);
    const builtIn = await roles('builtIn=true&sortBy=name&order=desc');
    expect(names(builtIn.body)).toEqual(['SUPPORT', 'MANAGER', 'BACKOFFICE', 'ADMIN']);
    expect(builtIn.body.total).toBe(4);
  });

  it('answers a page past the end with no rows and the real total', async () => {
    expect((await roles('offset=100')).body).toEqual({ roles: [], total: 6 });
  });
});

describe('GET /v1/roles: what the list does not know is a 400 with field errors', () => {
  it.each([
    ['sortBy=password_hash', { sortBy: 'must be one of: id, name, builtIn' }],
    ['sortBy=name&order=up', { order: 'must be one of: asc, desc' }],
    ['status=active', { status: 'is not a known parameter' }],
    [
      'sortBy=nope&organisationId=2',
      { sortBy: 'must be one of: id, name, builtIn', organisationId: 'is not a known parameter' },
    ],
    ['builtIn=maybe', { builtIn: 'must be boolean' }],
  ])('%s', async (query, errors) => {
    const { status, body } = await roles(query);
    expect(status).toBe(400);
    expect(body).toEqual({ message: ERROR_TEXTS.validation, errors });
  });

  it.each([
    'limit=0',
    'limit=101',
    'limit=abc',
    'offset=-1',
    'offset=1.5',
    'offset=10000001',
    'offset=99999999999999999999999',
    `q=${'x'.repeat(201)}`,
  ])('%s', async (query) => {
    const { status, body } = await roles(query);
    expect(status).toBe(400);
    expect(body.message).toBe(ERROR_TEXTS.validation);
    expect(Object.keys(body.errors)).toEqual([query.split('=')[0]]);
  });

  it('accepts the limits themselves', async () => {
    expect((await roles('limit=100&offset=10000000')).body).toEqual({ roles: [], total: 6 });
    expect((await roles('limit=1')).body.roles).toHaveLength(1);
  });
});

describe('defineList', () => {
  const list = defineList({
    listKey: 'things',
    sortBy: { id: 'id', name: 'name' },
    defaultOrder: 'id DESC',
    tieBreaker: 'id',
    search: ['name'],
    filters: {
      minId: atLeast('id', Type.Integer()),
      maxId: atMost('id', Type.Integer()),
      name: equals('name', Type.String()),
    },
  });
  const source = {
    select: 'id, name',
    from: 'roles',
    owner: { global: 'a test over the built-in roles' },
    where: () => ['organisation_id IS NULL'],
  };
  const query = { limit: 25, offset: 0 };
  /** The test database, with the statements sent through it. */
  const recording = () => {
    const sent: string[] = [];
    const options: (QueryOptions | undefined)[] = [];
    const recorder = {
      ...t.db,
      query: <T>(sql: string, params?: unknown[], queryOptions?: QueryOptions) => {
        sent.push(sql);
        options.push(queryOptions);
        return t.db.query<T>(sql, params, queryOptions);
      },
    };
    return { sent, options, recorder };
  };

  it('builds parameterised conditions from typed filters', async () => {
    const range = await list.run<{ id: number; name: string }>(
      t.db,
      { ...query, minId: 2, maxId: 3 },
      source,
    );
    expect(range).toEqual({
      rows: [
        { id: 3, name: 'BACKOFFICE' },
        { id: 2, name: 'MANAGER' },
      ],
      total: 2,
    });
    const injected = await list.run(t.db, { ...query, name: "ADMIN' OR '1'='1" }, source);
    expect(injected).toEqual({ rows: [], total: 0 });
  });

  it('scopes rows to the caller organisation, with or without shared rows', async () => {
    const scope = { organisationId: 1, userId: 1 } as OrgScope;
    const own = await list.run<{ name: string }>(t.db, query, {
      select: 'id, name',
      from: 'roles',
      owner: { column: 'organisation_id', scope },
    });
    expect(own.rows.map((r) => r.name)).toEqual(['No access', 'Integrator']);
    const other = await list.run(t.db, query, {
      select: 'id, name',
      from: 'roles',
      owner: { column: 'organisation_id', scope: { organisationId: 2, userId: 1 } as OrgScope },
    });
    expect(other).toEqual({ rows: [], total: 0 });
  });

  it("names the organisation's placeholder to a select list that needs it, on every page", async () => {
    const scope = { organisationId: 1, userId: 1 } as OrgScope;
    const counted = {
      // A filter value bound before the select is read: the select cannot assume the organisation is $1.
      where: (param: (value: unknown) => string) => [`id >= ${param(1)}`],
      select: ({ organisation }: { organisation: string }) =>
        `id, name, (SELECT count(*)::int FROM memberships m WHERE m.role_id = roles.id AND m.organisation_id = ${organisation}) AS "members"`,
      from: 'roles',
      owner: { column: 'organisation_id', scope, sharedWhenNull: true },
    };
    const first = await list.run<{ name: string; members: number }>(
      t.db,
      { ...query, name: 'ADMIN' },
      counted,
    );
    // Aurora's ADMINs: admin@ and twofa@.
    expect(first.rows).toEqual([{ id: 1, name: 'ADMIN', members: 2 }]);
    const later = await list.run<{ name: string; members: number }>(
      t.db,
      { limit: 1, offset: 1, sortBy: 'id', order: 'asc' },
      counted,
    );
    expect(later.rows).toEqual([{ id: 2, name: 'MANAGER', members: 1 }]);
  });

  it('reads the first page in one plain query and later pages through a deferred join', async () => {
    const { sent, options, recorder } = recording();
    const first = await list.run<{ id: number }>(recorder, { ...query, limit: 2 }, source);
    expect(sent[0]).not.toMatch(/WITH page/);
    expect(sent[0]).not.toMatch(/OFFSET/);
    sent.length = 0;
    options.length = 0;
    const second = await list.run<{ id: number }>(recorder, { ...query, limit: 2, offset: 2 }, source);
    expect(sent[0]).toMatch(/^WITH page AS \(SELECT id AS "__key" FROM roles .* OFFSET \$\d+\)/);
    // A fixed defaultOrder (no declared default sort) is planned for its values on every page.
    expect(options).toEqual(sent.map(() => ({ prepare: 'custom' })));
    // Both shapes answer the same rows in the same order.
    const all = await list.run<{ id: number }>(t.db, { ...query, limit: 4 }, source);
    expect([...first.rows, ...second.rows]).toEqual(all.rows);
    expect(first.total).toBe(all.total);
  });

  it('counts a full first page in its own statement, later pages apart, and the rows carry no count', async () => {
    const { sent, recorder } = recording();
    const all = await list.run<Record<string, unknown>>(t.db, { ...query, limit: 100 }, source);
    expect(all.rows).toHaveLength(4);
    const first = await list.run<Record<string, unknown>>(recorder, { ...query, limit: 2 }, source);
    expect(sent).toHaveLength(1);
    expect(first).toEqual({ rows: all.rows.slice(0, 2), total: 4 });
    // A later full page counts in a second statement; an empty filter result counts nothing.
    sent.length = 0;
    const second = await list.run<Record<string, unknown>>(
      recorder,
      { ...query, limit: 2, offset: 2 },
      source,
    );
    expect(sent).toHaveLength(2);
    expect(second).toEqual({ rows: all.rows.slice(2), total: 4 });
    expect(await list.run(recorder, { ...query, name: 'NOBODY' }, source)).toEqual({ rows: [], total: 0 });
  });

  it('documents its parameters in the querystring schema and refuses clashing filter names', () => {
    expect(Object.keys((list.querystring as unknown as { properties: object }).properties)).toEqual([
      'limit',
      'offset',
      'sortBy',
      'order',
      'q',
      'minId',
      'maxId',
      'name',
    ]);
    expect(() =>
      defineList({
        listKey: 'x',
        sortBy: { id: 'id' },
        defaultOrder: 'id',
        tieBreaker: 'id',
        filters: { limit: equals('id', Type.Integer()) },
      }),
    ).toThrow(/clashes/);
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
});
