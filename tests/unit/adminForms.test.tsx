/**
 * The administration pages inside the real App against a fake /v1: the API key form offers only the
 * scopes the user holds, checks its fields, sends the 2FA code and shows the secret once; a change
 * sends only what changed; an expired or revoked key opens read-only with the reason; revoking asks
 * first; the role form maps two groups at 'Full access' to their permissions and shows a built-in role
 * read-only; a role still assigned shows the API's 409; the user form checks its fields and shows the
 * API's refusal; a member the session may not change (itself, an ADMIN for a non-ADMIN, a role holding
 * more than the session) opens read-only with the reason, and the list offers no Change role or Remove
 * on its row; removing a member names them in the question and the notice; the legacy paths open the
 * pages.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { permissionsForGroups } from '../../src/domain/roles';
import { USER_TEXTS } from '../../src/domain/users';
import { fakeApi, sampleSession, type Handler, type Reply } from './helpers/fakeApi';
import { fakeController } from './helpers/fakeController';
import { renderApp } from './helpers/renderAdmin';

const KEY_ID = '00000000-0000-4000-8000-000000000001';
const SECRET = `${KEY_ID}.${'A'.repeat(43)}`;
const KEY = {
  id: KEY_ID,
  name: 'Checkout',
  businessId: 1,
  businessName: 'Northwind Coffee',
  scopes: ['GET_PAYMENT'],
  ipAllowList: ['10.0.0.1'],
  expiresAt: null,
  createdAt: '2026-10-01T10:00:00.000Z',
  createdBy: { id: 1, email: 'admin@example.com' },
  lastUsedAt: null,
  lastUsedIp: null,
  status: 'active',
};
const KEY_PERMISSIONS = [
  'GET_ORGANISATION',
  'GET_API_CREDENTIALS',
  'CREATE_API_CREDENTIALS',
  'UPDATE_API_CREDENTIALS',
  'DELETE_API_CREDENTIALS',
  'GET_PAYMENT',
];
const ADMIN_PERMISSIONS = [
  'GET_ORGANISATION',
  'MANAGE_ROLES',
  'CREATE_USER',
  'UPDATE_USER',
  'DELETE_USER',
  'GET_USERS',
  'GET_API_CREDENTIALS',
  'CREATE_API_CREDENTIALS',
  'UPDATE_API_CREDENTIALS',
  'DELETE_API_CREDENTIALS',
];
const ROLES = [
  { id: 1, name: 'ADMIN', permissions: ADMIN_PERMISSIONS, builtIn: true, userCount: 2 },
  { id: 5, name: 'Integrator', permissions: KEY_PERMISSIONS, builtIn: false, userCount: 1 },
];

function open(
  path: string,
  routes: Record<string, Handler | Reply>,
  session: { permissions: string[]; authentication?: boolean; role?: string },
) {
  const api = fakeApi({
    'GET /v1/api-keys': { body: { apiKeys: [KEY], total: 1 } },
    'GET /v1/roles': { body: { roles: ROLES, total: ROLES.length } },
    ...routes,
  });
  renderApp(path, fakeController(sampleSession({ authentication: false, ...session })), api.fetch);
  return api;
}

const where = () => screen.getByTestId('where').textContent;

describe('API key pages', () => {
  it('creates a key with the 2FA code and shows its secret once', async () => {
    const api = open(
      '/create-api-keys',
      {
        'GET /v1/api-keys/businesses': {
          body: { businesses: [{ id: 1, name: 'Northwind Coffee' }], total: 1 },
        },
        'POST /v1/api-keys': {
          status: 201,
          body: { apiKey: { ...KEY, name: 'Shop server' }, secret: SECRET },
        },
      },
      { permissions: KEY_PERMISSIONS, authentication: true },
    );
    await waitFor(() => expect(where()).toBe('/api-keys/create'));
    const scopes = await screen.findByRole('group', { name: /Scopes/ });
    // Only what the user holds: GET_PAYMENT of the nine key scopes.
    expect(within(scopes).getAllByRole('checkbox')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Key name is required')).toBeTruthy();
    expect(screen.getByText('Select a business')).toBeTruthy();
    expect(screen.getByText('Select at least one scope')).toBeTruthy();
    expect(screen.getByText('2FA code is required')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Shop server');
    await userEvent.click(screen.getByRole('combobox', { name: /Business/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Northwind Coffee' }));
    await userEvent.click(within(scopes).getByRole('checkbox', { name: /Payments/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /IP allow list/ }), '203.0.113.7');
    await userEvent.type(screen.getByRole('textbox', { name: /2FA code/ }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));

    expect(await screen.findByText('This key will not be shown again.')).toBeTruthy();
    expect(screen.getByTestId('api-key-secret').textContent).toContain(SECRET);
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      name: 'Shop server',
      businessId: 1,
      scopes: ['GET_PAYMENT'],
      ipAllowList: ['203.0.113.7'],
    });
    expect(post.headers['x-2fa-code']).toBe('123456');
  });

  it('shows a refused 2FA code on its field, without logging out', async () => {
    open(
      '/api-keys/create',
      {
        'GET /v1/api-keys/businesses': {
          body: { businesses: [{ id: 1, name: 'Northwind Coffee' }], total: 1 },
        },
        'POST /v1/api-keys': { status: 401, body: { message: 'Invalid or expired 2FA verification code.' } },
      },
      { permissions: KEY_PERMISSIONS, authentication: true },
    );
    await userEvent.type(await screen.findByRole('textbox', { name: /Name/ }), 'Shop');
    await userEvent.click(screen.getByRole('combobox', { name: /Business/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Northwind Coffee' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Payments/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /2FA code/ }), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Invalid or expired 2FA verification code.')).toBeTruthy();
    expect(where()).toBe('/api-keys/create');
  });

  it('changes only what changed, from the legacy edit path', async () => {
    const api = open(
      `/edit-api-key/${KEY_ID}`,
      {
        [`GET /v1/api-keys/${KEY_ID}`]: { body: KEY },
        [`PATCH /v1/api-keys/${KEY_ID}`]: { body: { ...KEY, name: 'Checkout two' } },
      },
      { permissions: KEY_PERMISSIONS },
    );
    const name = await screen.findByRole('textbox', { name: /Name/ });
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('Checkout'));
    await userEvent.clear(name);
    await userEvent.type(name, 'Checkout two');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(where()).toBe('/api-keys'));
    const patch = api.calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toEqual({ name: 'Checkout two' });
  });

  it.each([
    [
      'expired',
      { expiresAt: '2026-10-02T00:00:00.000Z' },
      'The key Checkout has expired and cannot be changed.',
    ],
    ['revoked', {}, 'The key Checkout is revoked and cannot be changed.'],
  ])('shows a key that is %s read-only with the reason, with no Save', async (status, fields, reason) => {
    const dead = { ...KEY, ...fields, status };
    const api = open(
      `/api-keys/${KEY_ID}`,
      { [`GET /v1/api-keys/${KEY_ID}`]: { body: dead } },
      { permissions: KEY_PERMISSIONS },
    );
    expect(await screen.findByText(`${reason} Create a new key.`)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'API key' })).toBeTruthy();
    const name = screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    expect(name.value).toBe('Checkout');
    expect(name.disabled).toBe(true);
    expect((screen.getByRole('textbox', { name: 'Scopes' }) as HTMLInputElement).value).toBe('Payments');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to API keys' }).getAttribute('href')).toBe('/api-keys');
    expect(api.calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });

  it('revokes a key after its confirmation, from the legacy delete path', async () => {
    const api = open(
      `/api-keys/delete/${KEY_ID}`,
      {
        [`GET /v1/api-keys/${KEY_ID}`]: { body: KEY },
        [`DELETE /v1/api-keys/${KEY_ID}`]: { body: { ...KEY, status: 'revoked' } },
      },
      { permissions: KEY_PERMISSIONS },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Revoke API key' });
    expect(await within(dialog).findByText(/Revoke the key Checkout\?/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(where()).toBe('/api-keys'));
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });
});

describe('role pages', () => {
  it('creates a role with two groups at full access, mapped by permissionsForGroups', async () => {
    const api = open(
      '/user-roles/create',
      {
        'POST /v1/roles': {
          status: 201,
          body: { id: 9, name: 'Key keepers', permissions: [], builtIn: false, userCount: 0 },
        },
      },
      { permissions: ADMIN_PERMISSIONS },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Create role' }));
    expect(await screen.findByText('Role name is required')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: /Role name/ }), 'Key keepers');
    const apiKeys = screen.getByRole('radiogroup', { name: 'Manage API keys' });
    await userEvent.click(within(apiKeys).getByRole('radio', { name: 'Full access' }));
    const users = screen.getByRole('radiogroup', { name: 'Manage users and roles' });
    await userEvent.click(within(users).getByRole('radio', { name: 'Full access' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create role' }));
    await waitFor(() => expect(where()).toBe('/user-roles'));
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      name: 'Key keepers',
      permissions: permissionsForGroups({ apiKeys: 'Full access', usersAndRoles: 'Full access' }),
    });
  });

  it('shows a built-in role read-only (legacy edit path)', async () => {
    open('/user-roles/edit/1', { 'GET /v1/roles/1': { body: ROLES[0] } }, { permissions: ADMIN_PERMISSIONS });
    expect(await screen.findByText('ADMIN is a built-in role: it cannot be changed.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    for (const radio of screen.getAllByRole('radio')) expect((radio as HTMLInputElement).disabled).toBe(true);
    // No Cancel where nothing can change: the way back names itself.
    expect(screen.getByRole('link', { name: 'Back to roles' }).getAttribute('href')).toBe('/user-roles');
    expect(screen.queryByRole('link', { name: 'Cancel' })).toBeNull();
  });

  it("says why a role could not be loaded, in the server's words, with no form", async () => {
    open(
      '/user-roles/edit/9',
      { 'GET /v1/roles/9': { status: 404, body: { message: 'Role not found.' } } },
      { permissions: ADMIN_PERMISSIONS },
    );
    expect(await screen.findByText('Role not found.')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it("shows the API's 409 when the role is still assigned", async () => {
    open(
      '/user-roles/delete/5',
      {
        'GET /v1/roles/5': { body: ROLES[1] },
        'DELETE /v1/roles/5': { status: 409, body: { message: 'Role is assigned to 1 user' } },
      },
      { permissions: ADMIN_PERMISSIONS },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete role' });
    await within(dialog).findByText(/Delete the role Integrator\?/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Role is assigned to 1 user')).toBeTruthy();
  });
});

const member = (id: number, email: string, role: { id: number; name: string }) => ({
  id,
  email,
  roleId: role.id,
  roleName: role.name,
  twoFaEnabled: false,
  lastLoginAt: null,
  createdAt: '2026-10-01T10:00:00.000Z',
});

/** The edit page shows the member read-only: the reason, the role, no select and no Save. */
async function expectReadOnly(reason: string, roleName: string) {
  expect(await screen.findByText(reason)).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'Role of a user' })).toBeTruthy();
  expect((screen.getByRole('textbox', { name: 'Role' }) as HTMLInputElement).value).toBe(roleName);
  expect(screen.queryByRole('combobox')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  expect(screen.getByRole('link', { name: 'Back to users' }).getAttribute('href')).toBe('/users');
}

describe('user pages', () => {
  it('shows one’s own membership read-only with the reason (legacy edit path)', async () => {
    // sampleSession is user 7, an ADMIN who may change every other member.
    const api = open(
      '/edit-user/7',
      { 'GET /v1/users/7': { body: member(7, 'admin@example.com', ROLES[0]) } },
      { permissions: ADMIN_PERMISSIONS },
    );
    await expectReadOnly(USER_TEXTS.self, 'ADMIN');
    expect(api.calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });

  const CLERK = ['GET_ORGANISATION', 'GET_USERS', 'CREATE_USER', 'UPDATE_USER', 'MANAGE_ROLES'];
  const CLERK_REMOVING = [...CLERK, 'DELETE_USER'];
  const MEMBERS = {
    'GET /v1/users/1': { body: member(1, 'boss@example.com', ROLES[0]) },
    'GET /v1/users/5': { body: member(5, 'integrator@example.com', ROLES[1]) },
  };

  it('shows an ADMIN read-only to a non-ADMIN, with the reason', async () => {
    open('/users/1', MEMBERS, { permissions: CLERK, role: 'User clerk' });
    await expectReadOnly(USER_TEXTS.adminOnly, 'ADMIN');
  });

  it('shows a member whose role holds more than the session read-only, naming what it lacks', async () => {
    open('/users/5', MEMBERS, { permissions: CLERK, role: 'User clerk' });
    const lacking = KEY_PERMISSIONS.filter((p) => p !== 'GET_ORGANISATION');
    await expectReadOnly(USER_TEXTS.widerMember(lacking), 'Integrator');
  });

  it('offers the form for a member whose role the session holds', async () => {
    open('/users/5', MEMBERS, { permissions: [...ADMIN_PERMISSIONS, 'GET_PAYMENT'] });
    expect(await screen.findByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Change role' })).toBeTruthy();
    expect(screen.queryByText(/^You cannot|^Only an ADMIN/)).toBeNull();
  });

  const CLERK_ROLE = { id: 6, name: 'User clerk', permissions: CLERK_REMOVING, builtIn: false, userCount: 1 };
  const LIST = {
    'GET /v1/roles': { body: { roles: [...ROLES, CLERK_ROLE], total: 3 } },
    'GET /v1/users': {
      body: {
        users: [
          member(1, 'boss@example.com', ROLES[0]),
          member(5, 'integrator@example.com', ROLES[1]),
          member(6, 'clerk@example.com', CLERK_ROLE),
        ],
        total: 3,
      },
    },
  };
  const row = (email: string) => within(screen.getByText(email).closest('tr')!);

  it('offers no Change role or Remove on an ADMIN nor on a wider role to a custom role, as the API refuses', async () => {
    open('/users', LIST, { permissions: CLERK_REMOVING, role: 'User clerk' });
    // A peer's row: both actions, so the others are hidden by the rule and not by the loading list.
    expect(await screen.findByRole('link', { name: 'Remove clerk@example.com' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change the role of clerk@example.com' })).toBeTruthy();
    for (const email of ['boss@example.com', 'integrator@example.com']) {
      expect(row(email).queryByRole('link', { name: `Remove ${email}` })).toBeNull();
      expect(row(email).queryByRole('link', { name: `Change the role of ${email}` })).toBeNull();
    }
  });

  it('offers Change role and Remove on an ADMIN and a wider role to an ADMIN', async () => {
    open('/users', LIST, { permissions: [...ADMIN_PERMISSIONS, 'GET_PAYMENT'] });
    for (const email of ['boss@example.com', 'integrator@example.com']) {
      expect(await screen.findByRole('link', { name: `Remove ${email}` })).toBeTruthy();
      expect(screen.getByRole('link', { name: `Change the role of ${email}` })).toBeTruthy();
    }
  });

  it('checks the fields with the account rules and shows the API refusal', async () => {
    const api = open(
      '/create-user',
      {
        'POST /v1/users': {
          status: 403,
          body: { message: 'You cannot grant a role with permissions you do not have: MANAGE_ROLES.' },
        },
      },
      { permissions: ADMIN_PERMISSIONS },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Add user' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByText('Confirm Password is required')).toBeTruthy();
    expect(screen.getByText('Select a role')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: /E-mail/ }), 'new@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Strong-pass-1');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'Strong-pass-2');
    await userEvent.click(screen.getByRole('combobox', { name: /Role/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Integrator' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add user' }));
    expect(await screen.findByText("Password doesn't match")).toBeTruthy();
    await userEvent.clear(screen.getByLabelText(/^Confirm password/));
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'Strong-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Add user' }));
    expect(
      await screen.findByText('You cannot grant a role with permissions you do not have: MANAGE_ROLES.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/users');
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      email: 'new@example.com',
      password: 'Strong-pass-1',
      confirmationPassword: 'Strong-pass-1',
      roleId: 5,
    });
  });

  it('removes a member after a confirmation that names them, and says whom it removed', async () => {
    const member = {
      id: 7,
      email: 'ana@example.com',
      roleId: 5,
      roleName: 'Integrator',
      twoFaEnabled: false,
      lastLoginAt: null,
      createdAt: '2026-10-01T10:00:00.000Z',
    };
    const api = open(
      '/users/7/delete',
      {
        'GET /v1/users/7': { body: member },
        'DELETE /v1/users/7': { body: member },
        'GET /v1/users': { body: { users: [], total: 0 } },
      },
      { permissions: ADMIN_PERMISSIONS },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove user' });
    expect(
      await within(dialog).findByText(
        'Remove ana@example.com from this organisation? Their sessions in it end at once.',
      ),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('ana@example.com was removed.')).toBeTruthy();
    await waitFor(() => expect(where()).toBe('/users'));
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });
});
