import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { Session } from '../../src/authProvider/types';
import { BUILT_IN_ROLE_PERMISSIONS } from '../../src/domain/permissions';
import { all } from '../../src/domain/requirements';
import { focusPageHeading, NotFound, Page, RequireAccess, ResponseDialog } from '../../src/layout';
import {
  OrganisationSwitcher,
  OrganisationSwitcherView,
  SwitchAnnouncement,
} from '../../src/layout/OrganisationSwitcher';
import { announceSwitch, takeSwitchAnnouncement } from '../../src/layout/switchAnnouncement';
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
  it("checks the current organisation 'Currently active' at full contrast, the others 'Switch to organisation'", async () => {
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
    const items = within(menu).getAllByRole('menuitemradio');
    expect(items).toHaveLength(3);
    const current = items[1];
    expect(current.textContent).toContain('Borealis Exchange');
    expect(current.textContent).toContain('Currently active');
    expect(current.getAttribute('aria-checked')).toBe('true');
    expect(within(current).getByTestId('organisation-current')).toBeTruthy();
    // Not a disabled item (MUI dims those to 38 % opacity).
    expect(current.getAttribute('aria-disabled')).not.toBe('true');
    expect(current.className).not.toContain('Mui-disabled');
    for (const other of [items[0], items[2]]) {
      expect(other.textContent).toContain('Switch to organisation');
      expect(other.getAttribute('aria-checked')).toBe('false');
      expect(within(other).queryByTestId('organisation-current')).toBeNull();
    }
    await userEvent.click(current);
    expect(onSwitch).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: /Borealis Exchange/ }));
    await userEvent.click(within(screen.getByRole('menu')).getAllByRole('menuitemradio')[2]);
    expect(onSwitch).toHaveBeenCalledWith(3);
  });

  it('with one organisation is a plain label, not a button', () => {
    renderInAdmin(
      <OrganisationSwitcherView
        organisations={[ORGS[0]]}
        currentId={1}
        currentName="Aurora Payments"
        onSwitch={vi.fn()}
      />,
      { controller: fakeController(adminSession()) },
    );
    expect(screen.getByTestId('organisation-label').textContent).toBe('Organisation: Aurora Payments');
    expect(screen.queryByRole('button')).toBeNull();
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
    controller.chooseOrganisation.mockImplementation(async (_id, options) => {
      options?.beforeCommit?.(support);
      return support;
    });
    renderInAdmin(
      <>
        <OrganisationSwitcher />
        <SwitchAnnouncement />
      </>,
      { controller, path: '/statistics' },
    );
    await userEvent.click(screen.getByRole('button', { name: /Aurora Payments/ }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: /Borealis Exchange/ }));
    expect(controller.chooseOrganisation).toHaveBeenCalledWith(2, expect.anything());
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/businesses'));
  });

  it("says 'Switched to {organisation}' in the layout of the new session", async () => {
    const controller = fakeController(adminSession());
    const next = adminSession({ sessionId: 's2', organisationId: 3, organisationName: 'Cobalt Remit' });
    controller.chooseOrganisation.mockImplementation(async (_id, options) => {
      options?.beforeCommit?.(next);
      controller.set({ session: next });
      return next;
    });
    renderInAdmin(
      <>
        <OrganisationSwitcher />
        <SwitchAnnouncement />
      </>,
      { controller, path: '/statistics' },
    );
    await userEvent.click(screen.getByRole('button', { name: /Aurora Payments/ }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: /Cobalt Remit/ }));
    expect(await screen.findByText('Switched to Cobalt Remit')).toBeTruthy();
  });

  it('the announcement is for the new session only, and shown once', () => {
    announceSwitch({ sessionId: 's9', name: 'Cobalt Remit' });
    expect(takeSwitchAnnouncement('s1')).toBeNull();
    expect(takeSwitchAnnouncement('s9')).toEqual({ sessionId: 's9', name: 'Cobalt Remit' });
    expect(takeSwitchAnnouncement('s9')).toBeNull();
  });

  it("on failure goes to / and notifies the server's message", async () => {
    const error = Object.assign(new Error('Not found.'), { status: 404, body: { message: 'Not found.' } });
    const controller = fakeController(adminSession());
    controller.chooseOrganisation.mockImplementation(async () => Promise.reject(error));
    renderInAdmin(<OrganisationSwitcher />, { controller, path: '/statistics' });
    await userEvent.click(screen.getByRole('button', { name: /Aurora Payments/ }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: /Cobalt Remit/ }));
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
    await userEvent.click(screen.getByRole('menuitemradio', { name: /Borealis Exchange/ }));
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
    // The role is a label, not a link (nor styled as one).
    const role = screen.getByTestId('sidebar-role');
    expect(role.textContent).toBe('support');
    expect(role.tagName).toBe('SPAN');
    expect(role.closest('a')).toBeNull();
    expect(getComputedStyle(role).textDecoration).not.toContain('underline');
    const settings = screen.getByRole('region', { name: 'Settings' });
    // Change password and Authentication first; whatever else the registries give SUPPORT follows.
    const links = within(settings).getAllByRole('link');
    expect(links.slice(0, 2).map((l) => l.textContent)).toEqual([
      'Change password',
      'Two-factor authentication',
    ]);
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
  it("says 'Page not found' as the page heading (focused), where the user is, and links elsewhere", async () => {
    // ADMIN lands on /statistics, one of its menu items: the button goes there.
    renderInAdmin(<NotFound />, { controller: fakeController(adminSession()), path: '/nope' });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByTestId('not-found-where').textContent).toBe(
      'You are signed in to Aurora Payments, but there is no page at /nope.',
    );
    expect(screen.getByRole('link', { name: 'Go to Statistics' }).getAttribute('href')).toBe('/statistics');
  });

  it('never leads back to itself', async () => {
    const viewer = adminSession({ permissions: ['GET_ORGANISATION'] });
    renderInAdmin(
      <Routes>
        <Route path="*" element={<NotFound />} />
      </Routes>,
      { controller: fakeController(viewer), path: '/change-password' },
    );
    const link = await screen.findByRole('link', { name: 'Go to Two-factor authentication' });
    expect(link.getAttribute('href')).toBe('/authentication');
  });
});

describe('Page', () => {
  it('gives the h1 from the declared title and focuses it on arrival, unless the page focused something', async () => {
    renderInAdmin(
      <Page title="pages.changePassword.title" maxWidth="form">
        <p>content</p>
      </Page>,
      { controller: fakeController(adminSession()) },
    );
    const heading = await screen.findByRole('heading', { level: 1, name: 'Change password' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
    expect(screen.getByTestId('page').textContent).toBe('content');
  });

  it('focusPageHeading leaves the focus on what the page content focused', () => {
    document.body.innerHTML =
      '<h1 id="react-admin-title">Title</h1><div id="main-content"><input id="field" /></div>';
    (document.getElementById('field') as HTMLInputElement).focus();
    expect(focusPageHeading()).toBe(false);
    expect(document.activeElement?.id).toBe('field');
    (document.activeElement as HTMLElement).blur();
    expect(focusPageHeading()).toBe(true);
    expect(document.activeElement?.id).toBe('react-admin-title');
    document.body.innerHTML = '';
  });

  it('focusPageHeading leaves the focus in a field outside the page, such as the app bar search', () => {
    document.body.innerHTML =
      '<header><input id="search" /><button id="menu">Menu</button></header>' +
      '<h1 id="react-admin-title">Title</h1><div id="main-content"></div>';
    (document.getElementById('search') as HTMLInputElement).focus();
    expect(focusPageHeading()).toBe(false);
    expect(document.activeElement?.id).toBe('search');
    // A button of the app bar (the organisation menu, say) is no field: the page takes the focus.
    (document.getElementById('menu') as HTMLButtonElement).focus();
    expect(focusPageHeading()).toBe(true);
    expect(document.activeElement?.id).toBe('react-admin-title');
    document.body.innerHTML = '';
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
