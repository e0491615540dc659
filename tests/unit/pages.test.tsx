import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testDataProvider } from 'react-admin';
import type { Session } from '../../src/authProvider/types';
import type { AppDataProvider } from '../../src/dataProvider/types';
import { ERROR_TEXTS } from '../../src/domain/errors';
import ChangePasswordPage from '../../src/customPages/changePassword/ChangePasswordPage';
import AuthenticationPage from '../../src/customPages/authentication/AuthenticationPage';
import { sampleSession } from './helpers/fakeApi';
import { fakeController } from './helpers/fakeController';
import { renderInAdmin } from './helpers/renderAdmin';

function pagesSession(overrides: Partial<Session> = {}): Session {
  return sampleSession({
    token: 't1',
    id: 1,
    sessionId: 's1',
    permissions: ['GET_ORGANISATION'],
    organisationList: [{ id: 1, name: 'Aurora Payments' }],
    ...overrides,
  });
}

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

async function fill(label: RegExp, value: string) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  await userEvent.type(input, value);
}

describe('ChangePasswordPage', () => {
  it('has one h1 and shows the spec messages for empty fields', async () => {
    const dataProvider = makeDataProvider({});
    renderInAdmin(<ChangePasswordPage />, { dataProvider, controller: fakeController(pagesSession()) });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Change password' });
    // The page frame focuses its heading on arrival.
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Old password is required')).toBeTruthy();
    expect(screen.getByText('New password is required')).toBeTruthy();
    expect(screen.getByText('Confirm Password is required')).toBeTruthy();
    expect(dataProvider.changePassword).not.toHaveBeenCalled();
  });

  it("rejects a weak new password and a confirmation that doesn't match", async () => {
    const dataProvider = makeDataProvider({});
    renderInAdmin(<ChangePasswordPage />, { dataProvider, controller: fakeController(pagesSession()) });
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
    renderInAdmin(<ChangePasswordPage />, { dataProvider, controller: fakeController(pagesSession()) });
    await fill(/^Old password/, 'Demo-pass-1');
    await fill(/^New password/, 'Better-pass-2');
    await fill(/^Confirm new password/, 'Better-pass-2');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Success' });
    expect(within(dialog).getByText('Your password has been changed.')).toBeTruthy();
    expect(dataProvider.changePassword).toHaveBeenCalledWith({
      oldPassword: 'Demo-pass-1',
      newPassword: 'Better-pass-2',
    });
  });

  it('puts a field refused by the server on the field, marked and focused, with no dialog', async () => {
    const dataProvider = makeDataProvider({
      changePassword: vi.fn(async () => {
        throw httpError(400, {
          message: ERROR_TEXTS.oldPasswordIncorrect,
          errors: { oldPassword: ERROR_TEXTS.oldPasswordIncorrect },
        });
      }),
    });
    renderInAdmin(<ChangePasswordPage />, { dataProvider, controller: fakeController(pagesSession()) });
    await fill(/^Old password/, 'Wrong-pass-1');
    await fill(/^New password/, 'Better-pass-2');
    await fill(/^Confirm new password/, 'Better-pass-2');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Old password is incorrect')).toBeTruthy();
    const old = screen.getByLabelText(/^Old password/);
    expect(old.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(old));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reports a failure without field errors in the response dialog', async () => {
    const dataProvider = makeDataProvider({
      changePassword: vi.fn(async () => {
        throw httpError(403, { message: ERROR_TEXTS.forbidden });
      }),
    });
    renderInAdmin(<ChangePasswordPage />, { dataProvider, controller: fakeController(pagesSession()) });
    await fill(/^Old password/, 'Right-pass-1');
    await fill(/^New password/, 'Better-pass-2');
    await fill(/^Confirm new password/, 'Better-pass-2');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Something went wrong' });
    expect(within(dialog).getByText(ERROR_TEXTS.forbidden)).toBeTruthy();
    expect(screen.getByLabelText(/^Old password/).getAttribute('aria-invalid')).not.toBe('true');
  });
});

describe('AuthenticationPage', () => {
  it('while off, shows the QR code with alt text and the secret for manual entry', async () => {
    const dataProvider = makeDataProvider({});
    renderInAdmin(<AuthenticationPage />, { dataProvider, controller: fakeController(pagesSession()) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Two-factor authentication' })).toBeTruthy();
    const img = await screen.findByAltText(/QR code/);
    expect(img.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    // In blocks of four (spaced by CSS: a selection copies the key as it is), with a copy button.
    const secret = screen.getByTestId('two-fa-secret');
    expect(secret.textContent).toBe('JBSWY3DPEHPK3PXP');
    expect([...secret.children].map((block) => block.textContent)).toEqual(['JBSW', 'Y3DP', 'EHPK', '3PXP']);
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(writeText).toHaveBeenCalledWith('JBSWY3DPEHPK3PXP');
    expect(await screen.findByText('Secret key copied')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enable' })).toBeTruthy();
  });

  it('reports a rate limit, with its wait, in the response dialog', async () => {
    const dataProvider = makeDataProvider({
      updateTwoFa: vi.fn(async () => {
        throw Object.assign(
          httpError(429, { message: ERROR_TEXTS.tooManyLoginAttempts }),
          // The message the http client made of it (src/api: the text and the wait from Retry-After).
          { message: 'Too many failed login attempts. Try again later. Try again in 11 minutes.' },
        );
      }),
    });
    renderInAdmin(<AuthenticationPage />, {
      dataProvider,
      controller: fakeController(pagesSession({ authentication: true })),
    });
    await fill(/6-digit code/, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Something went wrong' });
    expect(
      within(dialog).getByText('Too many failed login attempts. Try again later. Try again in 11 minutes.'),
    ).toBeTruthy();
  });

  it('requires a 6-digit code', async () => {
    const dataProvider = makeDataProvider({});
    renderInAdmin(<AuthenticationPage />, { dataProvider, controller: fakeController(pagesSession()) });
    await screen.findByAltText(/QR code/);
    await fill(/6-digit code/, '12ab');
    await userEvent.click(screen.getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('2FA must be 6 digits')).toBeTruthy();
    expect(dataProvider.updateTwoFa).not.toHaveBeenCalled();
  });

  it('enables 2FA, patches the session flag and then offers Disable', async () => {
    const dataProvider = makeDataProvider({});
    const controller = fakeController(pagesSession());
    renderInAdmin(<AuthenticationPage />, { dataProvider, controller });
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
    const controller = fakeController(pagesSession());
    // The real data provider rotates the token and patches `authentication` before resolving.
    const dataProvider = makeDataProvider({
      updateTwoFa: vi.fn(async ({ enabled }: { enabled: boolean }) => {
        await controller.replaceToken('t2', { authentication: enabled });
      }),
    });
    renderInAdmin(<AuthenticationPage />, { dataProvider, controller });
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

  it('puts a wrong code on the code field (marked and focused, no dialog) and does not log out', async () => {
    const dataProvider = makeDataProvider({
      updateTwoFa: vi.fn(async () => {
        throw httpError(401, { message: ERROR_TEXTS.invalidTwoFaCode });
      }),
    });
    const controller = fakeController(pagesSession({ authentication: true }));
    renderInAdmin(<AuthenticationPage />, { dataProvider, controller });
    expect(dataProvider.getTwoFaSetup).not.toHaveBeenCalled();
    await fill(/6-digit code/, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Invalid or expired 2FA verification code.')).toBeTruthy();
    const code = screen.getByLabelText(/6-digit code/);
    expect(code.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(dataProvider.updateTwoFa).toHaveBeenCalledWith({ enabled: false, code: '000000' });
    expect(controller.logout).not.toHaveBeenCalled();
    expect(controller.expire).not.toHaveBeenCalled();
    expect(controller.replaceToken).not.toHaveBeenCalled();
    expect(controller.getState().session?.authentication).toBe(true);
  });

  it('disables 2FA and shows a fresh setup', async () => {
    const dataProvider = makeDataProvider({});
    const controller = fakeController(pagesSession({ authentication: true }));
    renderInAdmin(<AuthenticationPage />, { dataProvider, controller });
    await fill(/6-digit code/, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Two-factor authentication has been disabled.')).toBeTruthy();
    expect(controller.replaceToken).toHaveBeenCalledWith('t1', { authentication: false });
    expect(await screen.findByAltText(/QR code/)).toBeTruthy();
    expect(dataProvider.getTwoFaSetup).toHaveBeenCalledTimes(1);
  });
});
