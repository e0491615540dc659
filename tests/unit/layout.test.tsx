import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { Session } from '../../src/authProvider/types';
import { BUILT_IN_ROLE_PERMISSIONS } from '../../src/domain/permissions';
import { all } from '../../src/domain/requirements';
import { NotFound, RequireAccess, ResponseDialog } from '../../src/layout';
import { OrganisationSwitcher, OrganisationSwitcherView } from '../../src/layout/OrganisationSwitcher';
import { isActivePath, Menu } from '../../src/layout/Menu';
import { AliasRedirect } from '../../src/layout/AliasRedirect';
import { sampleSession } from './helpers/fakeApi';
import { fakeController } from './helpers/fakeController';
import { renderInAdmin } from './helpers/renderAdmin';

const ORGS = [
  { id: 1, name: 'Aurora Payments' },
  { id: 2, name: 'Borealis Exchange' },
  { id: 3, name: 'Cobalt Remit' },
];

function adminSession(overrides: Partial<Session> = {}): Session {
  return sampleSession({
    token: 't1',
    id: 1,
    sessionId: 's1',
    role: 'ADMIN',
    permissions: [...BUILT_IN_ROLE_PERMISSIONS.ADMIN],
    organisationList: ORGS,
    organisationName: 'Aurora Payments',
    organisationId: 1,
    ...overrides,
  });
}

describe('OrganisationSwitcherView', () => {
  it("marks the current organisation 'Currently active' and disabled, the others 'Switch to organisation'", async () => {
    const onSwitch = vi.fn();
    renderInAdmin(
      <OrganisationSwitcherView
        organisations={ORGS}
        currentId={2}
        currentName="Borealis Exchange"
        onSwitch={onSwitch}
      />,
      { controller: fakeController(adminSession()) },
    );
    const button = screen.getByRole('button', { name: /Borealis Exchange/ });
    await userEvent.click(button);
    const menu = screen.getByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items).toHaveLength(3);
    const current = items[1];
    expect(current.textContent).toContain('Borealis Exchange');
    expect(current.textContent).toContain('Currently active');
    expect(current.getAttribute('aria-disabled')).toBe('true');
    for (const other of [items[0], items[2]]) {
      expect(other.textContent).toContain('Switch to organisation');
      expect(other.getAttribute('aria-disabled')).not.toBe('true');
    }
    await userEvent.click(items[2]);
    expect(onSwitch).toHaveBeenCalledWith(3);
  });
});

describe('OrganisationSwitcher', () => {
  it('switches and goes to the landing page of the new permissions', async () => {
    const support = adminSession({
      organisationId: 2,
      organisationName: 'Borealis Exchange',
      role: 'SUPPORT',
      permissions: [...BUILT_IN_ROLE_PERMISSIONS.SUPPORT],
    });
    const controller = fakeController(adminSession());
    controller.chooseOrganisation.mockImplementation(async () => support);
    renderInAdmin(<OrganisationSwitcher />, { controller, path: '/statistics' });
    await userEvent.click(screen.getByRole('button', { name: /Aurora Payments/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: /Borealis Exchange/ }));
    expect(controller.chooseOrganisation).toHaveBeenCalledWith(2);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/businesses'));
  });

  it("on failure goes to / and notifies the server's message", async () => {
    const error = Object.assign(new Error('Not found.'), { status: 404, body: { message: 'Not found.' } });
    const controller = fakeController(adminSession());
    controller.chooseOrganisation.mockImplementation(async () => Promise.reject(error));
    renderInAdmin(<OrganisationSwitcher />, { controller, path: '/statistics' });
    await userEvent.click(screen.getByRole('button', { name: /Aurora Payments/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: /Cobalt Remit/ }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
    expect(await screen.findByText('Not found.')).toBeTruthy();
  });

  it("falls back to 'Failed to switch organisation' without a server message", async () => {
    const controller = fakeController(adminSession());
    controller.chooseOrganisation.mockImplementation(async () =>
      Promise.reject(new TypeError('Failed to fetch')),
    );
    renderInAdmin(<OrganisationSwitcher />, { controller });
    await userEvent.click(screen.getByRole('button', { name: /Aurora Payments/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: /Borealis Exchange/ }));
    expect(await screen.findByText('Failed to switch organisation')).toBeTruthy();
  });
});

describe('Menu', () => {
  it("shows the user's e-mail, the role in lowercase and the allowed sections", () => {
    renderInAdmin(<Menu />, {
      controller: fakeController(adminSession({ role: 'SUPPORT', email: 'support@example.com' })),
      path: '/authentication',
    });
    expect(screen.getByText('support@example.com')).toBeTruthy();
    expect(screen.getByText('support')).toBeTruthy();
    const settings = screen.getByRole('region', { name: 'Settings' });
    const links = within(settings).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Change password', 'Authentication']);
    expect(links[1].getAttribute('aria-current')).toBe('page');
    expect(links[0].getAttribute('href')).toBe('/change-password');
  });

  it('matches an item for its own path and the paths below it only', () => {
    expect(isActivePath('/api-keys', '/api-keys')).toBe(true);
    expect(isActivePath('/api-keys', '/api-keys/5')).toBe(true);
    expect(isActivePath('/api-keys', '/api-keys-old')).toBe(false);
  });
});

describe('guards', () => {
  const routes = (
    <Routes>
      <Route
        path="/users"
        element={
          <RequireAccess requires={all('CREATE_USER')}>
            <p>users page</p>
          </RequireAccess>
        }
      />
      <Route path="/edit-user/:id" element={<AliasRedirect to="/users/:id" />} />
      <Route path="/users/:id" element={<p>edit user</p>} />
      <Route path="/" element={<p>home</p>} />
    </Routes>
  );

  it('renders a page whose requirement holds', () => {
    renderInAdmin(routes, { controller: fakeController(adminSession()), path: '/users' });
    expect(screen.getByText('users page')).toBeTruthy();
  });

  it('redirects to / when the requirement fails', () => {
    renderInAdmin(routes, {
      controller: fakeController(adminSession({ permissions: [...BUILT_IN_ROLE_PERMISSIONS.MANAGER] })),
      path: '/users',
    });
    expect(screen.getByText('home')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it('redirects an alias to its canonical route with the params', () => {
    renderInAdmin(routes, { controller: fakeController(adminSession()), path: '/edit-user/7' });
    expect(screen.getByTestId('where').textContent).toBe('/users/7');
  });
});

describe('NotFound', () => {
  it("says 'Page not found' as the page heading and links back", async () => {
    renderInAdmin(<NotFound />, { controller: fakeController(adminSession()), path: '/nope' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' }).getAttribute('href')).toBe('/');
  });
});

describe('ResponseDialog', () => {
  it('shows a failure image, the message and a Close button', async () => {
    const onClose = vi.fn();
    renderInAdmin(
      <ResponseDialog open kind="failure" message="Old password is incorrect" onClose={onClose} />,
      {
        controller: fakeController(adminSession()),
      },
    );
    const dialog = screen.getByRole('dialog', { name: 'Something went wrong' });
    expect(within(dialog).getByText('Old password is incorrect')).toBeTruthy();
    expect(within(dialog).getByTestId('response-failure')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
