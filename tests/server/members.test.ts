/**
 * The organisation's users (docs/decisions.md, 'Users' and decision 223): list, add (a new account or a
 * membership for an existing one), change the role, remove — never oneself, never the last ADMIN (also
 * when two admins demote each other at once), never a role wider than the actor's own, never a member
 * whose role is wider than the actor's own, an ADMIN only by an ADMIN; removal ends the sessions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_ROLE_PERMISSIONS, PERMISSIONS } from '../../src/domain/permissions';
import { USER_TEXTS } from '../../src/domain/users';
import { ACCOUNT_MESSAGES } from '../../src/domain/validation';
import { makeApp, twoFaCodeAt, type TestApp } from './helpers';
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

const NEW = { password: 'Strong-pass-1', confirmationPassword: 'Strong-pass-1' };

/** A custom role made by admin@ with these permissions, and a new member holding it; its token. */
async function memberWithRole(name: string, email: string, permissions: readonly string[]) {
  const role = await send('POST', '/v1/roles', { name, permissions });
  expect(role.statusCode, role.body).toBe(201);
  const added = await send('POST', '/v1/users', { email, roleId: role.json().id, ...NEW });
  expect(added.statusCode, added.body).toBe(201);
  return { roleId: role.json().id as number, token: await t.token(email, { password: NEW.password }) };
}

/** The member as admin@ reads it back: its role's name, or 404 when it is no member. */
const roleOf = async (userId: number) => {
  const read = await send('GET', `/v1/users/${userId}`);
  return read.statusCode === 200 ? (read.json().roleName as string) : read.statusCode;
};

// Runs first, on the demo organisation as seeded: admin@ (1) and twofa@ (7) ADMIN, manager@ (2)
// MANAGER, viewer@ (6) 'No access'; whatever it changes it puts back.
describe('members cannot be changed from below', () => {
  it('a role with only the user permissions changes neither an ADMIN nor a MANAGER', async () => {
    const clerk = await memberWithRole('User clerk', 'clerk@example.com', [
      'GET_USERS',
      'UPDATE_USER',
      'DELETE_USER',
    ]);
    for (const adminId of [1, 7]) {
      const demoted = await send('PATCH', `/v1/users/${adminId}`, { roleId: 6 }, clerk.token);
      expect(demoted.statusCode, demoted.body).toBe(403);
      expect(demoted.json().message).toBe(USER_TEXTS.adminOnly);
      const removed = await send('DELETE', `/v1/users/${adminId}`, undefined, clerk.token);
      expect(removed.statusCode, removed.body).toBe(403);
      expect(await roleOf(adminId)).toBe('ADMIN');
    }
    const removed = await send('DELETE', '/v1/users/2', undefined, clerk.token);
    expect(removed.statusCode, removed.body).toBe(403);
    expect(removed.json().message).toMatch(
      /^You cannot change or remove a member whose role has permissions you do not have: .*GET_BUSINESSES/,
    );
    const demoted = await send('PATCH', '/v1/users/2', { roleId: 6 }, clerk.token);
    expect(demoted.statusCode, demoted.body).toBe(403);
    expect(await roleOf(2)).toBe('MANAGER');
    expect((await t.login('manager@example.com')).statusCode).toBe(200);

    // A member whose role's permissions it holds ('No access': GET_ORGANISATION) it may still change.
    const changed = await send('PATCH', '/v1/users/6', { roleId: clerk.roleId }, clerk.token);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await roleOf(6)).toBe('User clerk');
    expect((await send('PATCH', '/v1/users/6', { roleId: 6 }, clerk.token)).statusCode).toBe(200);
    expect(await roleOf(6)).toBe('No access');
  });

  it('a role above MANAGER, even one holding every permission, changes no ADMIN; an ADMIN does', async () => {
    const deputy = await memberWithRole('Deputy', 'deputy@example.com', PERMISSIONS);
    const demoted = await send('PATCH', '/v1/users/7', { roleId: 2 }, deputy.token);
    expect(demoted.statusCode, demoted.body).toBe(403);
    expect(demoted.json().message).toBe(USER_TEXTS.adminOnly);
    expect((await send('DELETE', '/v1/users/7', undefined, deputy.token)).statusCode).toBe(403);
    expect(await roleOf(7)).toBe('ADMIN');

    // A MANAGER's permissions and the user ones: it may change a MANAGER, not an ADMIN.
    const manager = await memberWithRole('Manager of users', 'deskmanager@example.com', [
      ...BUILT_IN_ROLE_PERMISSIONS.MANAGER,
      'UPDATE_USER',
      'DELETE_USER',
    ]);
    expect((await send('PATCH', '/v1/users/1', { roleId: 2 }, manager.token)).statusCode).toBe(403);
    expect((await send('DELETE', '/v1/users/7', undefined, manager.token)).statusCode).toBe(403);
    expect(await roleOf(1)).toBe('ADMIN');
    expect(await roleOf(7)).toBe('ADMIN');
    const changed = await send('PATCH', '/v1/users/2', { roleId: 4 }, manager.token);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await roleOf(2)).toBe('SUPPORT');

    // An ADMIN changes another ADMIN (and puts both back).
    expect((await send('PATCH', '/v1/users/7', { roleId: 2 })).statusCode).toBe(200);
    expect(await roleOf(7)).toBe('MANAGER');
    expect((await send('PATCH', '/v1/users/7', { roleId: 1 })).statusCode).toBe(200);
    expect((await send('PATCH', '/v1/users/2', { roleId: 2 })).statusCode).toBe(200);
    expect(await roleOf(7)).toBe('ADMIN');
    expect(await roleOf(2)).toBe('MANAGER');
  });
});

describe('users of the organisation', () => {
  it('lists members with role, 2FA and last login, searchable by e-mail', async () => {
    const list = await send('GET', '/v1/users?q=twofa');
    expect(list.statusCode).toBe(200);
    expect(list.json().users).toEqual([
      expect.objectContaining({ id: 7, email: 'twofa@example.com', roleName: 'ADMIN', twoFaEnabled: true }),
    ]);
    const me = (await send('GET', '/v1/users/1')).json();
    expect(me.lastLoginAt).not.toBeNull();
  });

  it('adds a new account with the form rules, and nothing on bad input', async () => {
    const bad = await send('POST', '/v1/users', {
      email: 'x',
      password: 'short',
      confirmationPassword: 'other',
      roleId: 4,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      email: ACCOUNT_MESSAGES.emailInvalid,
      password: ACCOUNT_MESSAGES.passwordCase,
      confirmationPassword: ACCOUNT_MESSAGES.confirmationMismatch,
    });
    const created = await send('POST', '/v1/users', { email: 'New.Person@Example.com', roleId: 4, ...NEW });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      email: 'new.person@example.com',
      roleName: 'SUPPORT',
      lastLoginAt: null,
    });
    expect((await t.login('new.person@example.com', { password: NEW.password })).statusCode).toBe(200);
    const again = await send('POST', '/v1/users', { email: 'new.person@example.com', roleId: 4, ...NEW });
    expect(again.json().errors.email).toBe(USER_TEXTS.alreadyMember);
  });

  it('adds a membership for an e-mail that has an account, keeping its password', async () => {
    // admin@ is in every organisation; manager@ only in Aurora: switch admin to Borealis and add manager.
    const login = await t.login('admin@example.com');
    const borealis = login.json().organisations as Record<string, string>;
    expect(Object.values(borealis)).toContain('Borealis Exchange');
    const switched = await t.app.inject({ method: 'POST', url: '/v1/auth/login/2', headers: t.auth(admin) });
    expect(switched.statusCode, switched.body).toBe(200);
    const borealisAdmin = String(switched.headers['x-identity-token']);
    admin = await t.token('admin@example.com');
    const added = await send(
      'POST',
      '/v1/users',
      {
        email: 'manager@example.com',
        roleId: 4,
        password: 'Other-pass-9',
        confirmationPassword: 'Other-pass-9',
      },
      borealisAdmin,
    );
    expect(added.statusCode, added.body).toBe(201);
    expect((await t.login('manager@example.com')).statusCode).toBe(200); // the demo password still works
    expect((await t.login('manager@example.com', { password: 'Other-pass-9' })).statusCode).toBe(401);
  });

  it('changes a role, effective on the next request', async () => {
    const support = await t.token('support@example.com');
    expect((await send('GET', '/v1/businesses', undefined, support)).statusCode).toBe(200);
    const changed = await send('PATCH', '/v1/users/4', { roleId: 6 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().roleName).toBe('No access');
    expect((await send('GET', '/v1/businesses', undefined, support)).statusCode).toBe(403);
  });

  it('refuses changing or removing oneself, and an unknown role', async () => {
    expect((await send('PATCH', '/v1/users/1', { roleId: 4 })).json().message).toBe(USER_TEXTS.self);
    expect((await send('DELETE', '/v1/users/1')).json().message).toBe(USER_TEXTS.self);
    expect((await send('PATCH', '/v1/users/3', { roleId: 999 })).json().errors.roleId).toBe(
      USER_TEXTS.roleUnknown,
    );
  });

  it('refuses granting a role wider than the actor’s own', async () => {
    // A role that may manage users but lacks DELETE_USER, held by a new member.
    const role = await send('POST', '/v1/roles', {
      name: 'User desk',
      permissions: ['GET_USERS', 'CREATE_USER', 'UPDATE_USER'],
    });
    await send('POST', '/v1/users', { email: 'desk@example.com', roleId: role.json().id, ...NEW });
    const desk = await t.token('desk@example.com', { password: NEW.password });
    // viewer@ holds 'No access' (GET_ORGANISATION), which desk@ holds: the role asked is the refusal.
    const wider = await send('PATCH', '/v1/users/6', { roleId: 2 }, desk);
    expect(wider.statusCode).toBe(403);
    expect(wider.json().message).toMatch(/^You cannot grant a role with permissions you do not have: /);
  });

  it('removes a member and ends that user’s sessions in the organisation', async () => {
    const backoffice = await t.token('backoffice@example.com');
    expect((await send('GET', '/v1/businesses', undefined, backoffice)).statusCode).toBe(200);
    const removed = await send('DELETE', '/v1/users/3');
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await send('GET', '/v1/businesses', undefined, backoffice)).statusCode).toBe(401);
    expect((await send('GET', '/v1/users/3')).statusCode).toBe(404);
  });
  it('keeps the last ADMIN, also when two admins demote each other at once', async () => {
    // Aurora's ADMINs: admin@ (1) and twofa@ (7). Each demotes the other at the same moment.
    const twofa = await t.token('twofa@example.com', { twoFaCode: twoFaCodeAt(t.clock.now()) });
    const [a, b] = await Promise.all([
      send('PATCH', '/v1/users/7', { roleId: 2 }),
      send('PATCH', '/v1/users/1', { roleId: 2 }, twofa),
    ]);
    // One wins. The other is refused: 409 when both passed their guard before either changed, 403
    // when its actor had already lost the role (the order PostgreSQL happens to run them in).
    const winner = a.statusCode === 200 ? a : b;
    const loser = winner === a ? b : a;
    expect(winner.statusCode).toBe(200);
    expect([403, 409]).toContain(loser.statusCode);
    if (loser.statusCode === 409) expect(loser.json().message).toBe(USER_TEXTS.lastAdmin);
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM memberships m JOIN roles r ON r.id = m.role_id WHERE m.organisation_id = 1 AND r.name = 'ADMIN'`,
    );
    expect(rows[0].n).toBe(1);
    // The last ADMIN, demoted by a user who may change roles but is no ADMIN: 403, nothing changed
    // (only an ADMIN changes an ADMIN, and not itself: the 409 above is the race between two).
    const last = await t.db.query<{ user_id: number }>(
      `SELECT m.user_id FROM memberships m JOIN roles r ON r.id = m.role_id WHERE m.organisation_id = 1 AND r.name = 'ADMIN'`,
    );
    const desk = await t.token('desk@example.com', { password: NEW.password });
    const demoted = await send('PATCH', `/v1/users/${last.rows[0].user_id}`, { roleId: 6 }, desk);
    expect(demoted.statusCode).toBe(403);
    expect(demoted.json().message).toBe(USER_TEXTS.adminOnly);
    expect(await roleOf(last.rows[0].user_id)).toBe('ADMIN');
  });
});
