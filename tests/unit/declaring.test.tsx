/**
 * Adding a resource touches its folder and one registry line (docs/adding-a-resource.md). This test
 * renders the real App with the guide's worked example (tests/unit/example/webhooks: a static list view
 * that imports the layout, a lazy edit view, an irregular API, messages and a custom method) beside
 * the registries, and finds every derived part at work: the menu item, the route and its guard, the
 * alias, the messages, and the URL mapping of the data provider.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import App, { appMessagesPending } from '../../src/App';
import { SessionControllerProvider } from '../../src/authProvider';
import { BrandProvider } from '../../src/brands';
import { resources } from '../../src/resources/registry';
import { pages } from '../../src/customPages/registry';
import webhooks from './example/webhooks';
import { fakeApi, sampleSession, type Handler, type Reply } from './helpers/fakeApi';
import { fakeController } from './helpers/fakeController';
import { sampleBrand } from './helpers/renderAdmin';
import { changeLocale, resetLocaleForTests } from '../../src/i18n/locale';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

const WEBHOOKS = {
  webhooks: [
    { id: 3, url: 'https://shop.example/hook', businessId: 4 },
    { id: 5, url: 'https://other.example/hook', businessId: 4 },
  ],
  total: 2,
};

/** The registries with the guide's example in place of any webhooks declaration. */
const RESOURCES = [...resources.filter((r) => r.name !== webhooks.name), webhooks];

function renderApp(path: string, permissions: string[], routes: Record<string, Reply | Handler> = {}) {
  const api = fakeApi({
    'GET /v1/webhooks': { body: WEBHOOKS },
    'GET /v1/webhooks/3': { body: WEBHOOKS.webhooks[0] },
    ...routes,
  });
  const controller = fakeController(sampleSession({ permissions: ['GET_ORGANISATION', ...permissions] }));
  render(
    <MemoryRouter initialEntries={[path]}>
      <SessionControllerProvider controller={controller}>
        <BrandProvider brand={sampleBrand}>
          <App
            controller={controller}
            brand={sampleBrand}
            apiUrl=""
            fetch={api.fetch}
            resources={RESOURCES}
            pages={pages}
          />
          <Where />
        </BrandProvider>
      </SessionControllerProvider>
    </MemoryRouter>,
  );
  return api;
}

const where = () => screen.getByTestId('where').textContent;

/** jsdom is narrower than the desktop breakpoint: the sidebar is a drawer behind 'Open menu'. */
async function menuLinks() {
  await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
  const settings = await screen.findByRole('region', { name: 'Settings' });
  return within(settings)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('a resource declared in its folder', { timeout: 30_000 }, () => {
  it('gets its menu item, its route with the static list view, its messages and its list URL', async () => {
    const filter = encodeURIComponent(JSON.stringify({ businessId: 4 }));
    const api = renderApp(`/webhooks?filter=${filter}`, ['GET_BUSINESSES']);
    expect(await screen.findByText('https://shop.example/hook')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Callback URL' })).toBeTruthy();
    expect(await menuLinks()).toContainEqual(['Webhooks', '/webhooks']);
    const list = api.calls.find((c) => c.path === '/v1/webhooks')!;
    // The list's sort on createdAt reaches the API as its sortBy, `created`.
    expect(Object.fromEntries(list.query)).toMatchObject({
      businessId: '4',
      limit: '10',
      offset: '0',
      sortBy: 'created',
      order: 'desc',
    });
  });

  it('brings its custom method to the data provider', async () => {
    const api = renderApp('/webhooks', ['GET_BUSINESSES'], { 'POST /v1/webhooks/3/test': { status: 204 } });
    await screen.findByText('https://shop.example/hook');
    await userEvent.click(screen.getAllByRole('button', { name: 'Send a test event' })[0]);
    expect(await screen.findByText('Test event sent')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST' && c.path === '/v1/webhooks/3/test')).toBe(true);
  });

  it('opens the lazy edit view through its alias, and saves with the id in the body', async () => {
    const api = renderApp('/edit-webhook/3', ['GET_BUSINESSES', 'UPDATE_BUSINESS'], {
      'PATCH /v1/webhooks': { body: { id: 3, url: 'https://shop.example/v2' } },
    });
    const url = await screen.findByRole('textbox', { name: 'Callback URL' });
    expect(where()).toBe('/webhooks/3');
    await userEvent.clear(url);
    await userEvent.type(url, 'https://shop.example/v2');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = api.calls.find((c) => c.method === 'PATCH')!;
    expect(patch.path).toBe('/v1/webhooks');
    expect(patch.body).toMatchObject({ id: 3, url: 'https://shop.example/v2' });
  });

  it('is guarded: without the edit permission the alias and the edit route lead away', async () => {
    renderApp('/edit-webhook/3', ['GET_BUSINESSES']);
    await waitFor(() => expect(where()).not.toMatch(/webhook/));
    expect(await menuLinks()).toContainEqual(['Webhooks', '/webhooks']); // the list is still allowed
  });

  it('without the list permission, neither the menu item nor the list route', async () => {
    renderApp('/webhooks', []);
    await waitFor(() => expect(where()).not.toBe('/webhooks'));
    expect((await menuLinks()).map(([label]) => label)).toEqual([
      'Change password',
      'Two-factor authentication',
    ]);
  });

  describe('in German', () => {
    afterEach(() => resetLocaleForTests());

    it("speaks the tab's language: its German messages, the layout's and react-admin's", async () => {
      await changeLocale('de'); // a German tab
      await appMessagesPending({ resources: RESOURCES, pages }, 'de'); // as AdminRoot does for one
      renderApp('/webhooks', ['GET_BUSINESSES']);
      expect(await screen.findByText('https://shop.example/hook')).toBeTruthy();
      expect(screen.getByRole('columnheader', { name: 'Callback-URL' })).toBeTruthy();
      expect(screen.getAllByRole('button', { name: 'Testereignis senden' })).toHaveLength(2);
      await userEvent.click(await screen.findByRole('button', { name: 'Menü öffnen' }));
      const settings = await screen.findByRole('region', { name: 'Einstellungen' });
      expect(
        within(settings)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(expect.arrayContaining(['Passwort ändern', 'Zwei-Faktor-Authentifizierung', 'Webhooks']));
    });
  });
});
