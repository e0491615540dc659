import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { loginErrorText } from '../../src/public/LoginPage';
import { ApiError } from '../../src/api/apiError';
import { ERROR_TEXTS, NETWORK_FAILURE_TEXT } from '../../src/domain/errors';
import { loginResponse } from './helpers/fakeApi';
import { renderPublic } from './helpers/renderPublic';

const currencies = { body: { data: [] } };

describe('LoginPage', () => {
  it('renders one h1, the brand logo, labelled fields and the forgot-password link', async () => {
    await renderPublic();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Sign in');
    expect(screen.getByRole('img', { name: 'Payments Local' }).getAttribute('src')).toBe('/logo-light.svg');
    expect(screen.getByLabelText(/^Email/).getAttribute('type')).toBe('email');
    expect(screen.getByLabelText(/^Password/).getAttribute('type')).toBe('password');
    const code = screen.getByLabelText(/^2FA code/);
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('shows the spec messages for empty and invalid fields, and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = await renderPublic();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText(/^Email/));

    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await user.type(screen.getByLabelText(/^2FA code/), '123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('2FA must be 6 digits')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('logs in with the lower-cased email and the code as a number; several organisations show the chooser', async () => {
    const user = userEvent.setup({ delay: null });
    const { api, controller } = await renderPublic({
      routes: {
        'POST /v1/auth/login': {
          body: loginResponse({}, { '2': 'Borealis Exchange', '1': 'Aurora Payments' }),
          headers: { 'X-Identity-Token': 't' },
        },
        'GET /v1/currencies': currencies,
      },
    });
    await user.type(screen.getByLabelText(/^Email/), 'Admin@Example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Demo-pass-1');
    await user.type(screen.getByLabelText(/^2FA code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose organisation' })).toBeTruthy();
    expect(api.calls[0].body).toEqual({
      email: 'admin@example.com',
      password: 'Demo-pass-1',
      twoFaCode: 123456,
    });
    const names = within(screen.getByRole('list'))
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(names).toEqual(['Aurora Payments', 'Borealis Exchange']);
    expect(controller.getState().session?.hasChosenOrganisation).toBe(false);
  });

  it('shows the server text for bad credentials', async () => {
    const user = userEvent.setup({ delay: null });
    await renderPublic({
      routes: { 'POST /v1/auth/login': { status: 401, body: { message: 'Invalid email or password.' } } },
    });
    await user.type(screen.getByLabelText(/^Email/), 'a@b.co');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid email or password.');
  });

  it('a network failure shows the rate-limit text and says to check the connection', async () => {
    const user = userEvent.setup({ delay: null });
    await renderPublic({ routes: { 'POST /v1/auth/login': 'network-error' } });
    await user.type(screen.getByLabelText(/^Email/), 'a@b.co');
    await user.type(screen.getByLabelText(/^Password/), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You’ve performed too many login attempts, please try again later. Also check your internet connection.',
    );
  });

  it('a 429 says how long to wait, from Retry-After', async () => {
    const user = userEvent.setup({ delay: null });
    await renderPublic({
      routes: {
        'POST /v1/auth/login': {
          status: 429,
          body: { message: ERROR_TEXTS.tooManyLoginAttempts },
          headers: { 'Retry-After': '660' },
        },
      },
    });
    await user.type(screen.getByLabelText(/^Email/), 'a@b.co');
    await user.type(screen.getByLabelText(/^Password/), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You’ve performed too many login attempts, please try again later. Try again in 11 minutes.',
    );
  });

  it("2FA: the hint says when to leave the code empty; a code the server asks for is the field's error", async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = await renderPublic({
      routes: {
        'POST /v1/auth/login': { status: 401, body: { message: ERROR_TEXTS.invalidTwoFaCode } },
      },
    });
    const code = screen.getByLabelText(/^2FA code/);
    expect(screen.getByText('Leave empty unless you use two-factor authentication')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Email/), 'twofa@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Demo-pass-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    // Empty code: asked for it, on the field, marked and focused; no alert.
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(code);
    expect(screen.queryByText('Leave empty unless you use two-factor authentication')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    // A wrong code: the server's text, on the field.
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(ERROR_TEXTS.invalidTwoFaCode)).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(code);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.calls).toHaveLength(2);
  });

  it('shows the forced-logout notice once', async () => {
    const { controller, unmount } = await renderPublic({ notice: 'sessionExpired' });
    expect(screen.getByRole('status').textContent).toContain('Session expired');
    await waitFor(() => expect(controller.getState().notice).toBeNull());
    unmount();
  });

  it('the notice of a logout for lack of an answer also says to check the connection', async () => {
    const { unmount } = await renderPublic({ notice: 'rateLimited' });
    expect(screen.getByRole('status').textContent).toBe(
      'You’ve performed too many login attempts, please try again later. Also check your internet connection.',
    );
    unmount();
  });

  it('login error text selection', () => {
    expect(loginErrorText(new ApiError(NETWORK_FAILURE_TEXT, 0))).toBe(NETWORK_FAILURE_TEXT);
    expect(loginErrorText(new ApiError(ERROR_TEXTS.rateLimited, 429, { message: 'Too Many Requests' }))).toBe(
      ERROR_TEXTS.rateLimited,
    );
    expect(
      loginErrorText(
        new ApiError('Invalid email or password.', 401, { message: 'Invalid email or password.' }),
      ),
    ).toBe('Invalid email or password.');
    expect(loginErrorText(new Error('boom'))).toBe('Error occurred during login');
  });
});
