/**
 * The audit log (docs/decisions.md, decisions 153–157): the database refuses to rewrite it; every
 * mutation of the API writes its row (actor, changes without secrets, address) in the transaction of
 * its change, and none when the change rolls back; failed logins and permission refusals are written
 * as 'refused' (a refusal once per actor, route and window); GET /v1/audit-log filters, stays within
 * the organisation and the permission; its CSV export is formula-safe; and the route conventions fail
 * a mutation that wrote no row.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHENTICATED } from '../../server/auth/access';
import { audit, markAudited, REFUSAL_WINDOW_MS, writeAuditRow } from '../../server/audit';
import { totpCode } from '../../server/auth/totp';
import { AURORA, BOREALIS, COBALT } from '../../server/db/seed';
import { seedAuditHistory } from '../../server/db/seed/auditHistory';
import { VERSION4_PARTS } from '../../server/db/seed/version4';
import { authRepository } from '../../server/modules/auth/repository';
import { hashResetToken } from '../../server/modules/auth/service';
import { businessesService } from '../../server/modules/businesses/service';
import { IDENTITY_HEADER } from '../../src/domain/api';
import { DEMO_PASSWORD, makeApp, minimalBusiness, testScope, twoFaCodeAt, type TestApp } from './helpers';
import { AUDIT_EXEMPT, describeRoute, isApiRoute } from './routeRules';

const IP = '10.20.30.40';
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await makeApp();
  admin = await t.token('admin@example.com');
});
afterAll(() => t.close());

interface Row {
  organisation_id: number | null;
  actor_type: string;
  actor_id: string | null;
  actor_label: string;
  action: string;
  entity_type: string;
  entity_id: string | null;
  changes: Record<string, { before: unknown; after: unknown }>;
  outcome: string;
  ip: string | null;
}

/** The rows of one record, oldest first. */
async function rowsOf(entityType: string, entityId: string | number): Promise<Row[]> {
  const { rows } = await t.db.query<Row>(
    'SELECT * FROM audit_log WHERE entity_type = $1 AND entity_id = $2 ORDER BY id',
    [entityType, String(entityId)],
  );
  return rows;
}

const countRows = async () =>
  Number((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log')).rows[0].n);

const call = (method: string, url: string, token: string, payload?: object, headers: object = {}) =>
  t.app.inject({
    method: method as 'POST',
    url,
    headers: { ...t.auth(token), ...headers },
    remoteAddress: IP,
    ...(payload ? { payload } : {}),
  });

/** A token of admin@ scoped to another organisation. */
async function adminIn(organisationId: number): Promise<string> {
  const token = await t.token('admin@example.com');
  const switched = await call('POST', `/v1/auth/login/${organisationId}`, token);
  expect(switched.statusCode).toBe(200);
  return String(switched.headers[IDENTITY_HEADER.toLowerCase()]);
}

describe('the demo data', () => {
  it('has the audit history of what the seed created, written by Demo data, its part last', async () => {
    expect(VERSION4_PARTS.at(-1)).toBe(seedAuditHistory);
    const { rows } = await t.db.query<{ entity_type: string; action: string; n: number }>(
      `SELECT entity_type, action, count(*)::int AS n FROM audit_log
        WHERE actor_type = 'system' AND actor_label = 'Demo data' GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    const count = async (sql: string) => (await t.db.query<{ n: number }>(sql)).rows[0].n;
    expect(rows).toEqual(
      expect.arrayContaining([
        {
          entity_type: 'business',
          action: 'create',
          n: await count('SELECT count(*)::int AS n FROM businesses'),
        },
        {
          entity_type: 'api-key',
          action: 'create',
          n: await count('SELECT count(*)::int AS n FROM api_keys'),
        },
        { entity_type: 'api-key', action: 'revoke', n: 1 },
        {
          entity_type: 'role',
          action: 'create',
          n: await count('SELECT count(*)::int AS n FROM roles WHERE organisation_id IS NOT NULL'),
        },
        {
          entity_type: 'user',
          action: 'create',
          n: await count('SELECT count(*)::int AS n FROM memberships'),
        },
      ]),
    );
    const [first] = await rowsOf('business', 1);
    expect(first.changes.businessName.before).toBeNull();
    expect(first.organisation_id).toBe(AURORA);
  });
});

describe('migration 0035', () => {
  it('gives GET_AUDIT_LOG to the built-in ADMIN of a database seeded before it, once', async () => {
    const { readFileSync } = await import('node:fs');
    const sql = readFileSync('server/db/migrations/0035_audit_log_permission.sql', 'utf8');
    const permissions = async (id: number) =>
      (await t.db.query<{ permissions: string[] }>('SELECT permissions FROM roles WHERE id = $1', [id]))
        .rows[0].permissions;
    await t.db.query(
      "UPDATE roles SET permissions = array_remove(permissions, 'GET_AUDIT_LOG') WHERE id = 1",
    );
    expect(await permissions(1)).not.toContain('GET_AUDIT_LOG');
    await t.db.exec(sql);
    await t.db.exec(sql);
    expect((await permissions(1)).filter((p) => p === 'GET_AUDIT_LOG')).toHaveLength(1);
    for (const other of [2, 3, 4]) expect(await permissions(other)).not.toContain('GET_AUDIT_LOG');
  });
});

describe('the audit_log table', () => {
  it('refuses UPDATE and DELETE, whoever asks', async () => {
    await writeAuditRow(t.db, {
      organisationId: AURORA,
      actor: { type: 'system', id: null, label: 'Test' },
      at: new Date(),
      ip: null,
      action: 'create',
      entityType: 'probe',
      entityId: 'append-only',
    });
    await expect(
      t.db.query("UPDATE audit_log SET actor_label = 'someone else' WHERE entity_type = 'probe'"),
    ).rejects.toThrow(/append-only: UPDATE refused/);
    await expect(t.db.query("DELETE FROM audit_log WHERE entity_type = 'probe'")).rejects.toThrow(
      /append-only: DELETE refused/,
    );
    expect(await rowsOf('probe', 'append-only')).toHaveLength(1);
  });
});

describe('a row per mutation, in the transaction of its change', () => {
  it('businesses: creation and update, with the actor, the changed fields and the address', async () => {
    const created = await call('POST', '/v1/businesses', admin, minimalBusiness('Audit Bakery'));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const updated = await call('PATCH', '/v1/businesses', admin, {
      id,
      ...minimalBusiness('Audit Bakery Two', { blockchainFeePaidBy: 'MERCHANT' }),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const [create, update] = await rowsOf('business', id);
    expect(create).toMatchObject({
      organisation_id: AURORA,
      actor_type: 'user',
      actor_id: '1',
      actor_label: 'admin@example.com',
      action: 'create',
      outcome: 'success',
      ip: IP,
    });
    expect(create.changes.businessName).toEqual({ before: null, after: 'Audit Bakery' });
    expect(update.action).toBe('update');
    expect(update.changes).toEqual({
      businessName: { before: 'Audit Bakery', after: 'Audit Bakery Two' },
      blockchainFeePaidBy: { before: 'USER', after: 'MERCHANT' },
    });
  });

  it('leaves no row when the change is refused or rolls back after its row was written', async () => {
    const before = await countRows();
    const taken = await call('POST', '/v1/businesses', admin, minimalBusiness('Audit Bakery Two'));
    expect(taken.statusCode).toBe(400);
    expect(await countRows()).toBe(before);
    // The row is written, then the transaction fails: neither the business nor the row remains.
    const service = businessesService({ db: t.db, config: t.config, now: t.clock.now });
    await expect(
      service.create(testScope(), minimalBusiness('Rolled Back'), async (tx, event) => {
        await writeAuditRow(tx, {
          ...event,
          organisationId: AURORA,
          actor: { type: 'system', id: null, label: 'Test' },
          at: new Date(),
          ip: null,
        });
        throw new Error('fails after the row');
      }),
    ).rejects.toThrow('fails after the row');
    expect(await countRows()).toBe(before);
    const { rows } = await t.db.query("SELECT 1 FROM businesses WHERE name = 'Rolled Back'");
    expect(rows).toEqual([]);
  });

  it('API keys: creation, change and revocation, never the secret or its hash', async () => {
    const created = await call('POST', '/v1/api-keys', admin, {
      name: 'Audit key',
      businessId: 1,
      scopes: ['GET_PAYMENT'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { apiKey, secret } = created.json() as { apiKey: { id: string }; secret: string };
    expect(
      (await call('PATCH', `/v1/api-keys/${apiKey.id}`, admin, { name: 'Audit key two' })).statusCode,
    ).toBe(200);
    expect((await call('DELETE', `/v1/api-keys/${apiKey.id}`, admin)).statusCode).toBe(200);
    // A second revocation changes nothing and writes nothing.
    expect((await call('DELETE', `/v1/api-keys/${apiKey.id}`, admin)).statusCode).toBe(200);
    const rows = await rowsOf('api-key', apiKey.id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'revoke']);
    expect(rows[0].changes.scopes).toEqual({ before: null, after: ['GET_PAYMENT'] });
    expect(rows[1].changes).toEqual({ name: { before: 'Audit key', after: 'Audit key two' } });
    expect(rows[2].changes.status).toEqual({ before: 'active', after: 'revoked' });
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(secret.split('.')[1]);
    const { rows: hash } = await t.db.query<{ secret_hash: string }>(
      'SELECT secret_hash FROM api_keys WHERE id = $1',
      [apiKey.id],
    );
    expect(stored).not.toContain(hash[0].secret_hash);
  });

  it('users: creation, role change and removal, never the password', async () => {
    const created = await call('POST', '/v1/users', admin, {
      email: 'audited@example.com',
      password: 'Audit-pass-1',
      confirmationPassword: 'Audit-pass-1',
      roleId: 4,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect((await call('PATCH', `/v1/users/${id}`, admin, { roleId: 3 })).statusCode).toBe(200);
    expect((await call('DELETE', `/v1/users/${id}`, admin)).statusCode).toBe(200);
    const rows = await rowsOf('user', id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    expect(rows[0].changes).toEqual({
      email: { before: null, after: 'audited@example.com' },
      roleId: { before: null, after: 4 },
      roleName: { before: null, after: 'SUPPORT' },
    });
    expect(rows[1].changes.roleName).toEqual({ before: 'SUPPORT', after: 'BACKOFFICE' });
    expect(rows[2].changes.email).toEqual({ before: 'audited@example.com', after: null });
    expect(JSON.stringify(rows)).not.toContain('Audit-pass-1');
    // Removing oneself is refused: nothing written.
    const before = await countRows();
    const self = await call('DELETE', '/v1/users/1', admin);
    expect(self.statusCode).toBe(403);
    expect(await countRows()).toBe(before);
  });

  it('roles: creation, change and deletion', async () => {
    const created = await call('POST', '/v1/roles', admin, {
      name: 'Audit role',
      permissions: ['GET_PAYMENT'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect(
      (await call('PATCH', `/v1/roles/${id}`, admin, { permissions: ['GET_PAYMENT', 'GET_PAYMENTS'] }))
        .statusCode,
    ).toBe(200);
    expect((await call('DELETE', `/v1/roles/${id}`, admin)).statusCode).toBe(200);
    const rows = await rowsOf('role', id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    expect(rows[0].changes.name).toEqual({ before: null, after: 'Audit role' });
    expect(rows[1].changes).toEqual({
      permissions: {
        before: ['GET_ORGANISATION', 'GET_PAYMENT'],
        after: ['GET_ORGANISATION', 'GET_PAYMENT', 'GET_PAYMENTS'],
      },
    });
    expect(rows[2].changes.name).toEqual({ before: 'Audit role', after: null });
    // A role still assigned: 409, the delete rolled back, no row.
    expect((await call('DELETE', '/v1/roles/5', admin)).statusCode).toBe(409);
    expect((await rowsOf('role', 5)).filter((r) => r.action === 'delete')).toEqual([]);
  });

  it('two-factor on and off, password change and reset: that they happened, no secret', async () => {
    let token = await t.token('backoffice@example.com');
    const setup = await call('GET', '/v1/users/two-fa', token);
    const { secret } = setup.json() as { secret: string };
    const on = await call('PATCH', '/v1/users/two-fa', token, {
      enabled: true,
      code: totpCode(secret, t.clock.now()),
    });
    expect(on.statusCode, on.body).toBe(200);
    token = String(on.headers[IDENTITY_HEADER.toLowerCase()]);
    t.clock.advance(30_000);
    const off = await call('PATCH', '/v1/users/two-fa', token, {
      enabled: false,
      code: totpCode(secret, t.clock.now()),
    });
    expect(off.statusCode, off.body).toBe(200);
    token = String(off.headers[IDENTITY_HEADER.toLowerCase()]);
    const changed = await call('PATCH', '/v1/users/password', token, {
      oldPassword: DEMO_PASSWORD,
      newPassword: 'Changed-pass-3',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const reset = 'a-reset-token-for-the-audit-test-000000000000';
    await authRepository(t.db).insertReset(
      hashResetToken(reset),
      3,
      new Date(t.clock.now()),
      new Date(t.clock.now() + 600_000),
    );
    const byLink = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/reset-password',
      remoteAddress: IP,
      payload: { token: reset, newPassword: DEMO_PASSWORD },
    });
    expect(byLink.statusCode, byLink.body).toBe(200);
    const rows = (await rowsOf('user', 3)).filter((r) => r.actor_type === 'user');
    expect(rows.map((r) => r.action)).toEqual([
      'enable-two-factor',
      'disable-two-factor',
      'change-password',
      'reset-password',
    ]);
    expect(rows[0].changes).toEqual({ twoFaEnabled: { before: false, after: true } });
    expect(rows[3]).toMatchObject({
      organisation_id: AURORA,
      actor_id: '3',
      actor_label: 'backoffice@example.com',
    });
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain('Changed-pass-3');
  });
});

describe('refusals', () => {
  it('a failed login: in every organisation of the account, or without one for an unknown e-mail', async () => {
    expect((await t.login('admin@example.com', { password: 'Wrong-pass-1', ip: IP })).statusCode).toBe(401);
    const { rows } = await t.db.query<Row>(
      "SELECT * FROM audit_log WHERE action = 'login' AND actor_label = 'admin@example.com' ORDER BY organisation_id",
    );
    expect(rows.map((r) => r.organisation_id)).toEqual([AURORA, BOREALIS, COBALT]);
    expect(rows[0]).toMatchObject({ outcome: 'refused', entity_type: 'user', entity_id: '1', ip: IP });
    expect(JSON.stringify(rows)).not.toContain('Wrong-pass-1');
    expect((await t.login('nobody@example.com', { password: 'Wrong-pass-1', ip: IP })).statusCode).toBe(401);
    const { rows: unknown } = await t.db.query<Row>(
      "SELECT * FROM audit_log WHERE action = 'login' AND actor_label = 'nobody@example.com'",
    );
    expect(unknown).toMatchObject([{ organisation_id: null, actor_id: null, outcome: 'refused' }]);
  });

  it('a permission refusal (403), once per actor and route in a window', async () => {
    const support = await t.token('support@example.com');
    const before = await countRows();
    for (let i = 0; i < 5; i++) expect((await call('GET', '/v1/roles', support)).statusCode).toBe(403);
    expect(await countRows()).toBe(before + 1);
    const [row] = await rowsOf('route', 'GET /v1/roles').then((rows) =>
      rows.filter((r) => r.actor_id === '4'),
    );
    expect(row).toMatchObject({
      organisation_id: AURORA,
      actor_label: 'support@example.com',
      action: 'access',
      outcome: 'refused',
      ip: IP,
      changes: { missing: { before: null, after: ['MANAGE_ROLES'] } },
    });
    // Another route is another row; the same route again once the window has passed.
    expect((await call('GET', '/v1/audit-log', support)).statusCode).toBe(403);
    expect(await countRows()).toBe(before + 2);
    t.clock.advance(REFUSAL_WINDOW_MS);
    expect((await call('GET', '/v1/roles', support)).statusCode).toBe(403);
    expect(await countRows()).toBe(before + 3);
  });
});

describe('GET /v1/audit-log', () => {
  const list = async (token: string, query = '') => {
    const response = await call('GET', `/v1/audit-log${query}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      entries: {
        id: number;
        action: string;
        entityType: string;
        entityId: string;
        actor: { label: string };
      }[];
      total: number;
    };
  };

  it('is for GET_AUDIT_LOG holders only (the seven demo accounts)', async () => {
    const expected: Record<string, number> = {
      'admin@example.com': 200,
      'manager@example.com': 403,
      'backoffice@example.com': 403,
      'support@example.com': 403,
      'integrator@example.com': 403,
      'viewer@example.com': 403,
    };
    for (const [email, status] of Object.entries(expected)) {
      const token = await t.token(email);
      expect((await call('GET', '/v1/audit-log', token)).statusCode, email).toBe(status);
      expect((await call('GET', '/v1/audit-log/export?format=csv', token)).statusCode, email).toBe(status);
    }
    const twofa = await t.login('twofa@example.com', { twoFaCode: twoFaCodeAt(t.clock.now()) });
    expect(twofa.json().user.permissions).toContain('GET_AUDIT_LOG');
  });

  it('filters by entity, action, actor and time, newest first', async () => {
    const created = await call('POST', '/v1/businesses', admin, minimalBusiness('Timeline Shop'));
    const id = created.json().id as number;
    t.clock.advance(60_000);
    const middle = new Date(t.clock.now()).toISOString();
    await call('PATCH', '/v1/businesses', admin, { id, ...minimalBusiness('Timeline Shop Two') });
    const timeline = await list(admin, `?entityType=business&entityId=${id}`);
    expect(timeline.entries.map((e) => e.action)).toEqual(['update', 'create']);
    expect(timeline.total).toBe(2);
    expect(timeline.entries[0]).toMatchObject({
      entityType: 'business',
      entityId: String(id),
      actor: { type: 'user', id: '1', label: 'admin@example.com' },
      outcome: 'success',
      ip: IP,
      changes: { businessName: { before: 'Timeline Shop', after: 'Timeline Shop Two' } },
    });
    const later = await list(admin, `?entityType=business&entityId=${id}&after=${middle}`);
    expect(later.entries.map((e) => e.action)).toEqual(['update']);
    const earlier = await list(admin, `?entityType=business&entityId=${id}&before=${middle}`);
    expect(earlier.entries.map((e) => e.action)).toEqual(['create']);
    const creations = await list(admin, `?entityType=business&action=create&limit=100`);
    expect(creations.entries.every((e) => e.action === 'create' && e.entityType === 'business')).toBe(true);
    const byActor = await list(admin, '?actor=ADMIN@example.com&limit=100');
    expect(byActor.entries.length).toBeGreaterThan(0);
    expect(byActor.entries.every((e) => e.actor.label === 'admin@example.com')).toBe(true);
    expect((await list(admin, '?actor=1&limit=100')).total).toBe(byActor.total);
    expect((await call('GET', '/v1/audit-log?entityType=Not_Kebab', admin)).statusCode).toBe(400);
    expect((await call('GET', '/v1/audit-log?after=yesterday', admin)).statusCode).toBe(400);
  });

  it("never shows another organisation's entries", async () => {
    const borealis = await adminIn(BOREALIS);
    const created = await call('POST', '/v1/businesses', borealis, minimalBusiness('Borealis Audit'));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect((await list(borealis, `?entityType=business&entityId=${id}`)).total).toBe(1);
    expect((await list(admin, `?entityType=business&entityId=${id}`)).total).toBe(0);
    const all = await list(borealis, '?limit=100');
    const ids = all.entries.map((e) => e.id);
    const { rows } = await t.db.query<{ id: number }>(
      'SELECT id FROM audit_log WHERE organisation_id IS DISTINCT FROM $1',
      [BOREALIS],
    );
    expect(ids.filter((entry) => rows.some((r) => Number(r.id) === entry))).toEqual([]);
  });
});

describe('GET /v1/audit-log/export?format=csv', () => {
  it('gives the filtered entries as CSV with formula-looking cells neutralised', async () => {
    await writeAuditRow(t.db, {
      organisationId: AURORA,
      actor: { type: 'apiKey', id: 'k', label: '=HYPERLINK("http://evil.example")' },
      at: new Date(t.clock.now()),
      ip: '10.0.0.9',
      action: 'update',
      entityType: 'formula-probe',
      entityId: '+1+2',
      changes: { name: { before: '@SUM(A1)', after: '-2+3' } },
    });
    const response = await call('GET', '/v1/audit-log/export?format=csv&entityType=formula-probe', admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('At,Actor type,Actor id,Actor,Action,Entity type,Entity id,Changes,Outcome,IP');
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(lines[1]).toContain(",'+1+2,");
    expect(lines[1]).toContain('name: @SUM(A1) → -2+3');
    expect(lines).toHaveLength(3); // the header, the row, the empty string after the last CRLF
  });
});

describe('the conventions', () => {
  it('hold every state-changing route to config.audit, and name only routes that exist as exempt', () => {
    const routes = new Set(t.app.routeTable.filter(isApiRoute).map(describeRoute));
    const stale = Object.keys(AUDIT_EXEMPT).filter((r) => r !== 'POST /v1/testing/reset' && !routes.has(r));
    expect(stale).toEqual([]);
    const audited = t.app.routeTable.filter((r) => r.config.audit).map(describeRoute);
    expect(audited).toEqual(
      expect.arrayContaining([
        'POST /v1/businesses',
        'PATCH /v1/businesses',
        'POST /v1/api-keys',
        'PATCH /v1/api-keys/:id',
        'DELETE /v1/api-keys/:id',
        'POST /v1/users',
        'PATCH /v1/users/:id',
        'DELETE /v1/users/:id',
        'PATCH /v1/users/two-fa',
        'PATCH /v1/users/password',
        'POST /v1/roles',
        'PATCH /v1/roles/:id',
        'DELETE /v1/roles/:id',
        'POST /v1/auth/reset-password',
      ]),
    );
  });

  it('turn a 2xx of a mutation that wrote no audit row into a 500 in test mode', async () => {
    const probe: FastifyPluginAsyncTypebox = async (app) => {
      const config = { access: AUTHENTICATED, audit: 'probe', bodyless: true };
      const schema = { response: { 200: Type.Object({ ok: Type.Boolean() }) } };
      app.post('/forgetful', { config, schema }, async () => ({ ok: true }));
      app.post('/unchanged', { config, schema }, async (request) => {
        markAudited(request);
        return { ok: true };
      });
      app.post('/recorded', { config, schema }, async (request) => {
        await app.ctx.db.transaction((tx) =>
          audit(tx, request, { action: 'update', entityType: 'probe', entityId: 'convention' }),
        );
        return { ok: true };
      });
    };
    const { apiModules } = await import('../../server/modules/registry');
    const other = await makeApp(
      {},
      { db: t.db, clock: t.clock, modules: [...apiModules, { plugin: probe, prefix: '/v1/probe' }] },
    );
    try {
      const token = await other.token('admin@example.com');
      const forgetful = await other.app.inject({
        method: 'POST',
        url: '/v1/probe/forgetful',
        headers: other.auth(token),
      });
      expect(forgetful.statusCode).toBe(500);
      expect(forgetful.json().message).toMatch(/declares config\.audit 'probe' but wrote no audit row/);
      const unchanged = await other.app.inject({
        method: 'POST',
        url: '/v1/probe/unchanged',
        headers: other.auth(token),
      });
      expect(unchanged.statusCode).toBe(200);
      const recorded = await other.app.inject({
        method: 'POST',
        url: '/v1/probe/recorded',
        headers: other.auth(token),
      });
      expect(recorded.statusCode).toBe(200);
      expect(await rowsOf('probe', 'convention')).toHaveLength(1);
    } finally {
      await other.app.close();
    }
  });
});
