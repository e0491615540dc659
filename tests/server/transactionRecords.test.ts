/**
 * One transaction by id (`GET <list>/{id}`, a record's own page): the row exactly as its list shows it
 * (payments with their deposits, transfers with both businesses' names), 404 for a missing id, another
 * organisation's row and, for a non-admin, a row of the hidden business; 403 without the list's
 * permission; 400 for an id that is not one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '../../src/domain/errors';
import { BUILT_IN_ROLE_PERMISSIONS } from '../../src/domain/permissions';
import { AURORA } from '../../server/db/seed';
import { makeApp, type TestApp } from './helpers';
import { FIXTURE, HIDDEN, LIST_CASES, insertTransactionFixtures } from './transactionFixtures';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await makeApp();
  await insertTransactionFixtures(t.db);
  for (const who of ['admin', 'manager', 'support', 'backoffice', 'viewer']) {
    tokens[who] = await t.token(`${who}@example.com`);
  }
});
afterAll(() => t.close());

const get = (url: string, who = 'admin') =>
  t.app.inject({ method: 'GET', url, headers: t.auth(tokens[who]) });

async function firstId(table: string, where: string, params: unknown[] = []): Promise<number | undefined> {
  const { rows } = await t.db.query<{ id: number }>(
    `SELECT id FROM ${table} WHERE ${where} ORDER BY id LIMIT 1`,
    params,
  );
  return rows[0] === undefined ? undefined : Number(rows[0].id);
}

describe.each(LIST_CASES)('GET $path/{id}', (c) => {
  it('answers the row as the list has it', async () => {
    const filter = c.wholeOrganisation ? '' : `&businessId=${FIXTURE}`;
    const page = await get(`${c.path}?limit=5${filter}`);
    expect(page.statusCode).toBe(200);
    const rows = page.json()[c.listKey] as { id: number }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const one = await get(`${c.path}/${row.id}`);
      expect(one.statusCode).toBe(200);
      expect(one.json()).toEqual(row);
    }
  });

  it("is a 404 for a missing id and for another organisation's row, a 400 for a non-id", async () => {
    expect((await get(`${c.path}/999999999`)).statusCode).toBe(404);
    const foreign = await firstId(c.table, 'organisation_id <> $1', [AURORA]);
    expect(foreign).toBeDefined();
    const response = await get(`${c.path}/${foreign}`);
    expect(response.statusCode).toBe(404);
    expect(JSON.stringify(response.json())).not.toContain(String(foreign) + ',');
    expect((await get(`${c.path}/abc`)).statusCode).toBe(400);
    expect((await get(`${c.path}/0`)).statusCode).toBe(400);
  });

  it.skipIf(c.wholeOrganisation)(
    'hides a row of the hidden business from a non-admin (404), not from admin',
    async () => {
      const hidden = await firstId(c.table, `organisation_id = $2 AND (${c.business})`, [HIDDEN, AURORA]);
      expect(hidden).toBeDefined();
      expect((await get(`${c.path}/${hidden}`)).statusCode).toBe(200);
      for (const who of ['manager', 'backoffice']) {
        const allowed = BUILT_IN_ROLE_PERMISSIONS[who.toUpperCase() as 'MANAGER'].includes(c.permission);
        expect((await get(`${c.path}/${hidden}`, who)).statusCode, who).toBe(allowed ? 404 : 403);
      }
    },
  );

  it("answers only callers whose role has the list's permission", async () => {
    const own = await firstId(c.table, 'organisation_id = $1', [AURORA]);
    for (const [who, role] of [
      ['manager', 'MANAGER'],
      ['backoffice', 'BACKOFFICE'],
      ['support', 'SUPPORT'],
    ] as const) {
      const allowed = BUILT_IN_ROLE_PERMISSIONS[role].includes(c.permission);
      const response = await get(`${c.path}/${own}`, who);
      // A non-admin may meet a hidden-business row here: 404 then, never 200 with it.
      expect(allowed ? [200, 404] : [403], `${who} ${c.permission}`).toContain(response.statusCode);
      if (!allowed) expect(response.json()).toEqual({ message: ERROR_TEXTS.forbidden });
    }
    expect((await get(`${c.path}/${own}`, 'viewer')).statusCode).toBe(403);
  });
});

describe('internal transfers name their businesses', () => {
  it('fromBusinessName and toBusinessName are the two businesses’ names, in the list and by id', async () => {
    const page = await get(`/v1/payment/internal-transfers?businessId=${FIXTURE}&limit=100`);
    const rows = page.json().transfers as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(0);
    const { rows: names } = await t.db.query<{ id: number; name: string }>('SELECT id, name FROM businesses');
    const nameOf = new Map(names.map((b) => [Number(b.id), b.name]));
    for (const row of rows) {
      expect(row.fromBusinessName).toBe(nameOf.get(Number(row.fromBusinessId)));
      expect(row.toBusinessName).toBe(nameOf.get(Number(row.toBusinessId)));
    }
    const one = await get(`/v1/payment/internal-transfers/${String(rows[0].id)}`);
    expect(one.json().fromBusinessName).toBe(rows[0].fromBusinessName);
  });
});
