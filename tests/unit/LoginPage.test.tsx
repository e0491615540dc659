import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { loginErrorText } from '../../src/public/LoginPage';
import { ApiError } from '../../src/api/apiError';
import { ERROR_TEXTS } from '../../src/domain/errors';
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

  it('a network failure shows the rate-limit text', async () => {
    const user = userEvent.setup({ delay: null });
    await renderPublic({ routes: { 'POST /v1/auth/login': 'network-error' } });
    await user.type(screen.getByLabelText(/^Email/), 'a@b.co');
    await user.type(screen.getByLabelText(/^Password/), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'You’ve performed too many login attempts, please try again later.',
    );
  });

  it('shows the forced-logout notice once', async () => {
    const { controller, unmount } = await renderPublic({ notice: 'sessionExpired' });
    expect(screen.getByRole('status').textContent).toContain('Session expired');
    await waitFor(() => expect(controller.getState().notice).toBeNull());
    unmount();
  });

  it('login error text selection', () => {
    expect(loginErrorText(new ApiError('x', 0))).toBe(ERROR_TEXTS.rateLimited);
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
