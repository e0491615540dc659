import { describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, memoryStore, TitlePortal, testDataProvider } from 'react-admin';
import { createI18nProvider } from '../../src/i18n/i18nProvider';
import { SessionControllerProvider } from '../../src/authProvider';
import type { AuthState, Session, SessionController } from '../../src/authProvider/types';
import type { AppDataProvider } from '../../src/dataProvider/types';
import { BrandProvider, type LoadedBrand } from '../../src/brands';
import { findBrand } from '../../src/domain/brands';
import { ERROR_TEXTS } from '../../src/domain/errors';
import { layoutMessages } from '../../src/layout/messages';
import { customPagesMessages } from '../../src/customPages/messages';
import ChangePasswordPage from '../../src/customPages/changePassword/ChangePasswordPage';
import AuthenticationPage from '../../src/customPages/authentication/AuthenticationPage';

function makeSession(overrides: Partial<Session> = {}): Session {
  return {
    token: 't1',
    role: 'ADMIN',
    email: 'admin@example.com',
    id: 1,
    sessionId: 's1',
    sender: null,
    permissions: ['GET_ORGANISATION'],
    organisationList: [{ id: 1, name: 'Aurora Payments' }],
    organisationName: 'Aurora Payments',
    organisationId: 1,
    hasChosenOrganisation: true,
    authentication: false,
    supportedCurrencies: [],
    sessionExpired: false,
    rateLimited: false,
    ...overrides,
  };
}

function makeController(session: Session) {
  let state: AuthState = { status: 'ready', session, notice: null };
  const listeners = new Set<() => void>();
  const set = (next: AuthState) => {
    state = next;
    listeners.forEach((l) => l());
  };
  const controller = {
    getState: () => state,
    subscribe: (l: () => void) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    restore: vi.fn(async () => {}),
    login: vi.fn(async () => state.session!),
    chooseOrganisation: vi.fn(async () => state.session!),
    replaceToken: vi.fn(async (token: string, patch?: Partial<Session>) =>
      set({ ...state, session: { ...state.session!, ...patch, token } }),
    ),
    logout: vi.fn(async () => set({ ...state, session: null })),
    expire: vi.fn(async () => set({ ...state, session: null })),
    clearNotice: vi.fn(),
  } satisfies SessionController;
  return controller;
}

const brand: LoadedBrand = {
  value: 'local',
  name: 'Payments Local',
  fiatDepositAllowed: true,
  lightLogoUrl: '/l.svg',
  darkLogoUrl: '/d.svg',
  basicIconUrl: '/i.svg',
  appleTouchIconUrl: '/a.png',
  pwaSmallIconUrl: '/p1.png',
  pwaLargeIconUrl: '/p2.png',
  definition: findBrand('local')!,
};

function makeDataProvider(overrides: Partial<AppDataProvider>): AppDataProvider {
  return {
    ...testDataProvider(),
    changePassword: vi.fn(async () => {}),
    getTwoFaSetup: vi.fn(async () => ({
      enabled: false,
      secret: 'JBSWY3DPEHPK3PXP',
      otpauthUri: 'otpauth://totp/Payments:admin%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Payments',
    })),
    updateTwoFa: vi.fn(async () => {}),
    ...overrides,
  } as AppDataProvider;
}

/** An HTTP error as the data provider throws it: the selected message, status and body. */
function httpError(status: number, body: { message: string; errors?: Record<string, string> }) {
  return Object.assign(new Error(body.message), { status, body });
}

function renderPage(ui: ReactNode, dataProvider: AppDataProvider, controller: SessionController) {
  return render(
    <MemoryRouter>
      <SessionControllerProvider controller={controller}>
        <BrandProvider brand={brand}>
          <AdminContext
            dataProvider={dataProvider}
            i18nProvider={createI18nProvider(layoutMessages, customPagesMessages)}
            store={memoryStore()}
          >
            <TitlePortal component="h1" />
            {ui}
          </AdminContext>
        </BrandProvider>
      </SessionControllerProvider>
    </MemoryRouter>,
  );
}

async function fill(label: RegExp, value: string) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  await userEvent.type(input, value);
}

describe('ChangePasswordPage', () => {
  it('has one h1 and shows the spec messages for empty fields', async () => {
    const dataProvider = makeDataProvider({});
    renderPage(<ChangePasswordPage />, dataProvider, makeController(makeSession()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Change password' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Old password is required')).toBeTruthy();
    expect(screen.getByText('New password is required')).toBeTruthy();
    expect(screen.getByText('Confirm Password is required')).toBeTruthy();
    expect(dataProvider.changePassword).not.toHaveBeenCalled();
  });

  it("rejects a weak new password and a confirmation that doesn't match", async () => {
    const dataProvider = makeDataProvider({});
    renderPage(<ChangePasswordPage />, dataProvider, makeController(makeSession()));
    await fill(/^Old password/, 'Demo-pass-1');
    await fill(/^New password/, 'short');
    await fill(/^Confirm new password/, 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('At least one uppercase, one lowercase letter and a number')).toBeTruthy();
    expect(screen.getByText("Password doesn't match")).toBeTruthy();
    expect(dataProvider.changePassword).not.toHaveBeenCalled();
  });

  it('changes the password and shows the success dialog', async () => {
    const dataProvider = makeDataProvider({});
    renderPage(<ChangePasswordPage />, dataProvider, makeController(makeSession()));
    await fill(/^Old password/, 'Demo-pass-1');
    await fill(/^New password/, 'Better-pass-2');
    await fill(/^Confirm new password/, 'Better-pass-2');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Success' });
    expect(within(dialog).getByText('Your password has been changed.')).toBeTruthy();
    expect(dataProvider.changePassword).toHaveBeenCalledWith({ oldPassword: 'Demo-pass-1', newPassword: 'Better-pass-2' });
  });

  it("shows the server's text and its field errors on failure", async () => {
    const dataProvider = makeDataProvider({
      changePassword: vi.fn(async () => {
        throw httpError(400, {
          message: ERROR_TEXTS.oldPasswordIncorrect,
          errors: { oldPassword: ERROR_TEXTS.oldPasswordIncorrect },
        });
      }),
    });
    renderPage(<ChangePasswordPage />, dataProvider, makeController(makeSession()));
    await fill(/^Old password/, 'Wrong-pass-1');
    await fill(/^New password/, 'Better-pass-2');
    await fill(/^Confirm new password/, 'Better-pass-2');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Something went wrong' });
    expect(within(dialog).getByText('Old password is incorrect')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const old = screen.getByLabelText(/^Old password/);
    expect(old.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Old password is incorrect')).toBeTruthy();
  });
});

describe('AuthenticationPage', () => {
  it('while off, shows the QR code with alt text and the secret for manual entry', async () => {
    const dataProvider = makeDataProvider({});
    renderPage(<AuthenticationPage />, dataProvider, makeController(makeSession()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Two-factor authentication' })).toBeTruthy();
    const img = await screen.findByAltText(/QR code/);
    expect(img.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByTestId('two-fa-secret').textContent).toBe('JBSWY3DPEHPK3PXP');
    expect(screen.getByRole('button', { name: 'Enable' })).toBeTruthy();
  });

  it('requires a 6-digit code', async () => {
    const dataProvider = makeDataProvider({});
    renderPage(<AuthenticationPage />, dataProvider, makeController(makeSession()));
    await screen.findByAltText(/QR code/);
    await fill(/6-digit code/, '12ab');
    await userEvent.click(screen.getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('2FA must be 6 digits')).toBeTruthy();
    expect(dataProvider.updateTwoFa).not.toHaveBeenCalled();
  });

  it('enables 2FA, patches the session flag and then offers Disable', async () => {
    const dataProvider = makeDataProvider({});
    const controller = makeController(makeSession());
    renderPage(<AuthenticationPage />, dataProvider, controller);
    await screen.findByAltText(/QR code/);
    await fill(/6-digit code/, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Enable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Success' });
    expect(within(dialog).getByText('Two-factor authentication has been enabled.')).toBeTruthy();
    expect(dataProvider.updateTwoFa).toHaveBeenCalledWith({ enabled: true, code: '123456' });
    expect(controller.replaceToken).toHaveBeenCalledWith('t1', { authentication: true });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('button', { name: 'Disable' })).toBeTruthy();
    expect(screen.queryByTestId('two-fa-secret')).toBeNull();
  });

  it('says enabled even when the data provider has already patched the session flag', async () => {
    const controller = makeController(makeSession());
    // The real data provider rotates the token and patches `authentication` before resolving.
    const dataProvider = makeDataProvider({
      updateTwoFa: vi.fn(async ({ enabled }: { enabled: boolean }) => {
        await controller.replaceToken('t2', { authentication: enabled });
      }),
    });
    renderPage(<AuthenticationPage />, dataProvider, controller);
    await screen.findByAltText(/QR code/);
    await fill(/6-digit code/, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Enable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Success' });
    expect(within(dialog).getByText('Two-factor authentication has been enabled.')).toBeTruthy();
    expect(controller.getState().session).toMatchObject({ token: 't2', authentication: true });
    expect(controller.replaceToken).toHaveBeenCalledTimes(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('button', { name: 'Disable' })).toBeTruthy();
  });

  it('shows a wrong code error and does not log out', async () => {
    const dataProvider = makeDataProvider({
      updateTwoFa: vi.fn(async () => {
        throw httpError(401, { message: ERROR_TEXTS.invalidTwoFaCode });
      }),
    });
    const controller = makeController(makeSession({ authentication: true }));
    renderPage(<AuthenticationPage />, dataProvider, controller);
    expect(dataProvider.getTwoFaSetup).not.toHaveBeenCalled();
    await fill(/6-digit code/, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Something went wrong' });
    expect(within(dialog).getByText('Invalid or expired 2FA verification code.')).toBeTruthy();
    expect(dataProvider.updateTwoFa).toHaveBeenCalledWith({ enabled: false, code: '000000' });
    expect(controller.logout).not.toHaveBeenCalled();
    expect(controller.expire).not.toHaveBeenCalled();
    expect(controller.replaceToken).not.toHaveBeenCalled();
    expect(controller.getState().session?.authentication).toBe(true);
  });

  it('disables 2FA and shows a fresh setup', async () => {
    const dataProvider = makeDataProvider({});
    const controller = makeController(makeSession({ authentication: true }));
    renderPage(<AuthenticationPage />, dataProvider, controller);
    await fill(/6-digit code/, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Two-factor authentication has been disabled.')).toBeTruthy();
    expect(controller.replaceToken).toHaveBeenCalledWith('t1', { authentication: false });
    expect(await screen.findByAltText(/QR code/)).toBeTruthy();
    expect(dataProvider.getTwoFaSetup).toHaveBeenCalledTimes(1);
  });
});
