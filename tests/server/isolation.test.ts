/**
 * Organisation isolation, over the whole route table: for every /v1 route taking an id, another
 * organisation's id answers 404 (and changes nothing); for every list, another organisation's rows never
 * appear. Routes declare whose rows they touch in `config.tenancy`; a route with an id or a list that
 * declares none fails here (and in the route-table test), so new routes are covered without editing
 * this file.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_HEADER } from '../../src/domain/api';
import { ERROR_TEXTS } from '../../src/domain/errors';
import type { Tenancy } from '../../server/auth/scope';
import type { RouteInfo } from '../../server/http/conventions';
import { AURORA, BOREALIS } from '../../server/db/seed';
import { makeApp, type TestApp } from './helpers';
import { describeRoute, idParams, isApiRoute, listKey } from './routeRules';

let t: TestApp;
beforeAll(async () => {
  // Hundreds of pages and logins within the minute: the global request limit is not under test here.
  t = await makeApp({ rateLimitPerMinute: 1_000_000 });
});
afterAll(() => t.close());

type Rows = Extract<Tenancy, { kind: 'organisation-rows' }>;

/** admin@ is ADMIN (every permission) in all three organisations: a fresh token scoped to one of them. */
async function adminIn(organisationId: number): Promise<string> {
  const token = await t.token('admin@example.com');
  const switched = await t.app.inject({
    method: 'POST',
    url: `/v1/auth/login/${organisationId}`,
    headers: t.auth(token),
  });
  expect(switched.statusCode).toBe(200);
  return String(switched.headers[IDENTITY_HEADER.toLowerCase()]);
}

const column = (tenancy: Rows) => tenancy.organisationColumn ?? 'organisation_id';

/** Ids of `table` owned by an organisation other than `organisationId` (never the shared rows). */
/** The column a route's id names (`user_id` of memberships); a row may then be shared by organisations. */
const idColumn = (tenancy: Rows) => tenancy.idColumn ?? 'id';

async function foreignIds(tenancy: Rows, organisationId: number): Promise<number[]> {
  const id = idColumn(tenancy);
  const { rows } = await t.db.query<{ id: number }>(
    `SELECT DISTINCT ${id} AS id FROM ${tenancy.table} WHERE ${column(tenancy)} IS NOT NULL AND ${column(tenancy)} <> $1
        AND ${id} NOT IN (SELECT ${id} FROM ${tenancy.table} WHERE ${column(tenancy)} = $1) ORDER BY id`,
    [organisationId],
  );
  return rows.map((r) => r.id);
}

async function ownIds(tenancy: Rows, organisationId: number): Promise<number[]> {
  const { rows } = await t.db.query<{ id: number }>(
    `SELECT DISTINCT ${idColumn(tenancy)} AS id FROM ${tenancy.table} WHERE ${column(tenancy)} = $1 ORDER BY id`,
    [organisationId],
  );
  return rows.map((r) => r.id);
}

async function snapshot(tenancy: Rows, id: number): Promise<unknown> {
  const { rows } = await t.db.query(
    `SELECT jsonb_agg(to_jsonb(x) ORDER BY to_jsonb(x)::text) AS rows FROM ${tenancy.table} x WHERE ${idColumn(tenancy)} = $1`,
    [id],
  );
  return rows[0];
}

const withIds = (route: RouteInfo, id: number) => route.url.replace(/:(\w+)/g, () => String(id));

/** The body field naming the row of a route that takes its id in the body (PATCH /v1/businesses). */
const bodyId = (route: RouteInfo) =>
  route.config.tenancy?.kind === 'organisation-rows' ? route.config.tenancy.bodyId : undefined;

const takesId = (route: RouteInfo) => idParams(route).length > 0 || bodyId(route) !== undefined;

/** The routes this test must cover: every /v1 route that takes an id (in its path or body) or lists rows. */
function coveredRoutes() {
  return t.app.routeTable.filter(isApiRoute).filter((r) => takesId(r) || listKey(r) !== undefined);
}

describe('organisation isolation over the route table', () => {
  it('finds routes to prove (the test is not vacuous) and every one declares its tenancy', () => {
    const routes = coveredRoutes();
    expect(routes.map(describeRoute)).toEqual(
      expect.arrayContaining(['GET /v1/roles', 'GET /v1/roles/:id', 'POST /v1/auth/login/:orgId']),
    );
    const undeclared = routes.filter((r) => !r.config.tenancy).map(describeRoute);
    expect(undeclared, 'routes with an id or a list must declare config.tenancy').toEqual([]);
    const multi = routes.filter((r) => idParams(r).length > 1).map(describeRoute);
    expect(multi, 'routes with several ids: extend this test to probe each one').toEqual([]);
  });

  it("answers 404 for another organisation's id on every route taking one, and changes nothing", async () => {
    const routes = coveredRoutes().filter(takesId);
    const caller = BOREALIS;
    for (const route of routes) {
      const tenancy = route.config.tenancy!;
      const name = describeRoute(route);
      if (tenancy.kind === 'global') continue;
      const token = await adminIn(caller);
      if (tenancy.kind === 'member-organisation') {
        // manager@ belongs to Aurora only: Borealis is someone else's organisation.
        const manager = await t.token('manager@example.com');
        const response = await t.app.inject({
          method: route.method as 'POST',
          url: withIds(route, BOREALIS),
          headers: t.auth(manager),
        });
        expect(response.statusCode, name).toBe(404);
        expect(response.json(), name).toEqual({ message: ERROR_TEXTS.notFound });
        continue;
      }
      const foreign = await foreignIds(tenancy, caller);
      expect(foreign.length, `${name}: seed a ${tenancy.table} row of another organisation`).toBeGreaterThan(
        0,
      );
      for (const id of foreign) {
        const before = await snapshot(tenancy, id);
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: withIds(route, id),
          // A money movement's key (config.idempotent), so the probe reaches the handler.
          headers: { ...t.auth(token), 'idempotency-key': randomUUID() },
          ...(tenancy.probeBody !== undefined
            ? {
                payload: tenancy.bodyId
                  ? { ...(tenancy.probeBody as object), [tenancy.bodyId]: id }
                  : (tenancy.probeBody as object),
              }
            : {}),
        });
        expect(response.statusCode, `${name} with id ${id}`).toBe(404);
        expect(response.json(), name).toEqual({ message: ERROR_TEXTS.notFound });
        expect(await snapshot(tenancy, id), `${name} changed row ${id}`).toEqual(before);
      }
      if (route.method === 'GET') {
        // An id of Aurora's (one of the foreign ones: the table may hold a third organisation's rows
        // first) answers its own admin: the 404 above is the scoping, not a broken route.
        const owner = await adminIn(AURORA);
        const aurorasOwn = new Set((await ownIds(tenancy, AURORA)).map(Number));
        const own = await t.app.inject({
          method: 'GET',
          url: withIds(route, foreign.find((id) => aurorasOwn.has(Number(id))) ?? foreign[0]),
          headers: t.auth(owner),
        });
        expect(own.statusCode, `${name} from the owning organisation`).toBe(200);
      }
    }
  });

  it("never lists another organisation's rows", async () => {
    const routes = coveredRoutes().filter((r) => listKey(r) !== undefined);
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      const tenancy = route.config.tenancy!;
      const name = describeRoute(route);
      if (tenancy.kind !== 'organisation-rows') {
        expect(tenancy.kind, `${name}: a list is organisation rows or declared global`).toBe('global');
        continue;
      }
      const key = listKey(route)!;
      // Every row the organisation's admin can list, page by page.
      const list = async (organisationId: number) => {
        const token = await adminIn(organisationId);
        const ids: number[] = [];
        for (let offset = 0; ; offset += 100) {
          const response = await t.app.inject({
            method: 'GET',
            url: `${route.url}?limit=100&offset=${offset}`,
            headers: t.auth(token),
          });
          expect(response.statusCode, name).toBe(200);
          const body = response.json();
          expect(body.totalCapped, `${name}: the demo data stays under the count cap`).toBeUndefined();
          ids.push(...(body[key] as { id: number }[]).map((row) => row.id));
          if (offset + 100 >= body.total) return ids;
        }
      };
      const foreignToBorealis = await foreignIds(tenancy, BOREALIS);
      expect(
        foreignToBorealis.length,
        `${name}: seed a ${tenancy.table} row of another organisation`,
      ).toBeGreaterThan(0);
      const seenByBorealis = await list(BOREALIS);
      expect(
        seenByBorealis.filter((id) => foreignToBorealis.includes(id)),
        name,
      ).toEqual([]);
      // The owner sees its rows: the list is scoped, not empty.
      const seenByAurora = await list(AURORA);
      const aurorasOwn = await ownIds(tenancy, AURORA);
      expect(aurorasOwn.length, `${name}: seed a ${tenancy.table} row of Aurora`).toBeGreaterThan(0);
      expect(seenByAurora, name).toEqual(expect.arrayContaining(aurorasOwn));
      const foreignToAurora = await foreignIds(tenancy, AURORA);
      expect(
        seenByAurora.filter((id) => foreignToAurora.includes(id)),
        name,
      ).toEqual([]);
    }
  });
});
