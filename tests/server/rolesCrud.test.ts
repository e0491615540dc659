/**
 * Custom roles (docs/decisions.md, 'Custom roles'): POST/PATCH/DELETE /v1/roles with MANAGE_ROLES.
 * Built-in roles are read-only; a custom role takes neither a built-in name nor another role's, never a
 * permission its author lacks, and is deleted only while nobody holds it. A change reaches its holders'
 * next request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleNameKey } from '../../src/domain/roleName';
import { ROLE_MESSAGES } from '../../src/domain/roles';
import { fillRoleNameKeys } from '../../server/db/nameKeys';
import { builtInRoleText, roleAssignedText, widerRoleText } from '../../server/modules/roles/routes';
import { makeApp, type TestApp } from './helpers';
import { inject, type Method } from './send';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await makeApp();
  admin = await t.token('admin@example.com');
});
afterAll(() => t.close());

const send = (method: Method, url: string, payload?: object, token = admin) =>
  inject(t, token, method, url, payload);

const roleCount = async () =>
  Number((await t.db.query<{ n: string }>('SELECT count(*) AS n FROM roles')).rows[0].n);

describe('custom roles', () => {
  it('creates a role with the default permission added, and lists it with its member count', async () => {
    const created = await send('POST', '/v1/roles', { name: 'Auditors', permissions: ['GET_BUSINESSES'] });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Auditors',
      permissions: ['GET_BUSINESSES', 'GET_ORGANISATION'],
      builtIn: false,
      userCount: 0,
    });
    const list = await send('GET', '/v1/roles?limit=100');
    const integrator = list.json().roles.find((r: { name: string }) => r.name === 'Integrator');
    expect(integrator.userCount).toBe(1);
    expect(list.json().roles.find((r: { name: string }) => r.name === 'ADMIN').builtIn).toBe(true);
  });

  it('refuses bad, built-in and taken names with their messages, and saves nothing', async () => {
    const before = await roleCount();
    const cases: [string, string][] = [
      ['   ', ROLE_MESSAGES.roleNameRequired],
      ['<b>', ROLE_MESSAGES.roleNameSpecial],
      ['admin', ROLE_MESSAGES.roleNameBuiltIn],
      [' Support ', ROLE_MESSAGES.roleNameBuiltIn],
      ['integrator', ROLE_MESSAGES.roleNameTaken],
      // Full-width letters and look-alikes are the same name (src/domain/roleName.ts).
      ['ＡＤＭＩＮ', ROLE_MESSAGES.roleNameBuiltIn],
      ['\u0410DMIN', ROLE_MESSAGES.roleNameBuiltIn], // a Cyrillic А
      ['Ｍａｎａｇｅｒ', ROLE_MESSAGES.roleNameBuiltIn],
      ['ＩＮＴＥＧＲＡＴＯＲ', ROLE_MESSAGES.roleNameTaken],
      ['Integr\u0430tor', ROLE_MESSAGES.roleNameTaken], // a Cyrillic а
    ];
    for (const [name, message] of cases) {
      const response = await send('POST', '/v1/roles', { name, permissions: [] });
      expect(response.statusCode, name).toBe(400);
      expect(response.json().errors.name, name).toBe(message);
    }
    expect(
      (await send('POST', '/v1/roles', { name: 'X', permissions: ['NOT_A_PERMISSION'] })).statusCode,
    ).toBe(400);
    expect(await roleCount()).toBe(before);
  });

  it('refuses a permission the author lacks (no privilege escalation)', async () => {
    // A manager role that may manage roles but not users.
    const author = await send('POST', '/v1/roles', {
      name: 'Role keeper',
      permissions: ['MANAGE_ROLES', 'GET_BUSINESSES'],
    });
    expect(author.statusCode).toBe(201);
    await t.db.query(
      'INSERT INTO users (email, password_hash, created_at) SELECT $1, password_hash, now() FROM users WHERE id = 1',
      ['keeper@example.com'],
    );
    await t.db.query(
      "INSERT INTO memberships (user_id, organisation_id, role_id) SELECT id, 1, $1 FROM users WHERE email = 'keeper@example.com'",
      [author.json().id],
    );
    const keeper = await t.token('keeper@example.com');
    const wider = await send(
      'POST',
      '/v1/roles',
      { name: 'Escalated', permissions: ['DELETE_USER'] },
      keeper,
    );
    expect(wider.statusCode).toBe(403);
    expect(wider.json().message).toBe(widerRoleText(['DELETE_USER']));
    const own = await send(
      'PATCH',
      `/v1/roles/${author.json().id}`,
      { permissions: ['MANAGE_ROLES', 'CREATE_USER'] },
      keeper,
    );
    expect(own.statusCode).toBe(403);
    // Narrowing its own role reaches the holder's next request.
    const narrowed = await send(
      'PATCH',
      `/v1/roles/${author.json().id}`,
      { permissions: ['GET_BUSINESSES'] },
      keeper,
    );
    expect(narrowed.statusCode).toBe(200);
    expect((await send('GET', '/v1/roles', undefined, keeper)).statusCode).toBe(403);
  });

  it('keeps built-in roles read-only', async () => {
    const patch = await send('PATCH', '/v1/roles/4', { name: 'Helpdesk' });
    expect(patch.statusCode).toBe(403);
    expect(patch.json().message).toBe(builtInRoleText);
    expect((await send('DELETE', '/v1/roles/4')).statusCode).toBe(403);
  });

  it('renames a role, refusing a name taken by another', async () => {
    const role = (await send('POST', '/v1/roles', { name: 'Ops', permissions: [] })).json();
    const taken = await send('PATCH', `/v1/roles/${role.id}`, { name: 'No access' });
    expect(taken.json().errors.name).toBe(ROLE_MESSAGES.roleNameTaken);
    const same = await send('PATCH', `/v1/roles/${role.id}`, { name: 'ops' });
    expect(same.statusCode).toBe(200);
    expect(same.json().name).toBe('ops');
    const lookAlike = await send('PATCH', `/v1/roles/${role.id}`, { name: 'ＩＮＴＥＧＲＡＴＯＲ' });
    expect(lookAlike.json().errors?.name).toBe(ROLE_MESSAGES.roleNameTaken);
    const admin = await send('PATCH', `/v1/roles/${role.id}`, { name: 'ＡＤＭＩＮ' });
    expect(admin.json().errors?.name).toBe(ROLE_MESSAGES.roleNameBuiltIn);
    expect((await send('GET', `/v1/roles/${role.id}`)).json().name).toBe('ops');
  });

  it('keys the roles written before keys existed, look-alike pairs included, and still compares them', async () => {
    // Two custom roles that only look different, written without keys (before migration 0056).
    await t.db.query(
      "INSERT INTO roles (organisation_id, name, permissions) VALUES (1, 'Legacy', '{}'), (1, 'ＬＥＧＡＣＹ', '{}')",
    );
    await t.db.transaction((tx) => fillRoleNameKeys(tx));
    const { rows } = await t.db.query<{ name: string; name_key: string | null }>(
      "SELECT name, name_key FROM roles WHERE name IN ('Legacy', 'ＬＥＧＡＣＹ') ORDER BY id",
    );
    expect(rows).toEqual([
      { name: 'Legacy', name_key: roleNameKey('Legacy') },
      { name: 'ＬＥＧＡＣＹ', name_key: null },
    ]);
    const again = await send('POST', '/v1/roles', { name: 'legacy', permissions: [] });
    expect(again.json().errors?.name).toBe(ROLE_MESSAGES.roleNameTaken);
  });

  it('deletes a role nobody holds, and answers 409 with the count while it is assigned', async () => {
    const assigned = await send('DELETE', '/v1/roles/5');
    expect(assigned.statusCode).toBe(409);
    expect(assigned.json().message).toBe(roleAssignedText(1));
    const role = (await send('POST', '/v1/roles', { name: 'Temporary', permissions: [] })).json();
    expect((await send('DELETE', `/v1/roles/${role.id}`)).statusCode).toBe(200);
    expect((await send('GET', `/v1/roles/${role.id}`)).statusCode).toBe(404);
    expect((await send('DELETE', `/v1/roles/${role.id}`)).statusCode).toBe(404);
  });

  it('settles two creations of one name: one role, one field error', async () => {
    const [a, b] = await Promise.all([
      send('POST', '/v1/roles', { name: 'Racers', permissions: [] }),
      send('POST', '/v1/roles', { name: 'racers', permissions: [] }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
    const rows = await t.db.query("SELECT id FROM roles WHERE lower(name) = 'racers'");
    expect(rows.rows).toHaveLength(1);
    // And of two names that only look different: the unique index holds the key.
    const pair = await Promise.all([
      send('POST', '/v1/roles', { name: 'Pilots', permissions: [] }),
      send('POST', '/v1/roles', { name: 'ＰＩＬＯＴＳ', permissions: [] }),
    ]);
    expect(pair.map((r) => r.statusCode).sort()).toEqual([201, 400]);
  });
});
