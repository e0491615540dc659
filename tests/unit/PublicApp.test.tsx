import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { tokenFromHash } from '../../src/public/ResetPasswordPage';
import { loginResponse, sampleSession } from './helpers/fakeApi';
import { renderPublic } from './helpers/renderPublic';

const location = () => screen.getByTestId('location').textContent;
const unchosen = () =>
  sampleSession({
    hasChosenOrganisation: false,
    organisationList: [
      { id: 1, name: 'Aurora Payments' },
      { id: 2, name: 'Borealis Exchange' },
    ],
  });

describe('PublicApp routes', () => {
  it('an unknown path without a session goes to /', async () => {
    await renderPublic({ path: '/statistics' });
    expect(location()).toBe('/');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign in');
  });

  it('a logged-in user without an organisation is sent to the chooser from every route', async () => {
    const { store } = await renderPublic({ path: '/forgot-password', session: unchosen() });
    expect(location()).toBe('/');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Choose organisation');
    expect(store.current).not.toBeNull();
  });
});

describe('ChooseOrganisation', () => {
  it('choosing posts auth/login/{id} and replaces the session', async () => {
    const user = userEvent.setup({ delay: null });
    const { api, controller } = await renderPublic({
      session: unchosen(),
      routes: {
        'POST /v1/auth/login/2': {
          body: {
            ...loginResponse({ organisationId: 2 }, { '1': 'Aurora Payments', '2': 'Borealis Exchange' }),
            sessionId: 's2',
          },
          headers: { 'X-Identity-Token': 'tok-2' },
        },
        'GET /v1/currencies': { body: { data: [] } },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Borealis Exchange' }));
    await waitFor(() => expect(controller.getState().session?.hasChosenOrganisation).toBe(true));
    expect(api.calls[0]).toMatchObject({ method: 'POST', path: '/v1/auth/login/2' });
    expect(controller.getState().session).toMatchObject({
      token: 'tok-2',
      organisationId: 2,
      sessionId: 's2',
    });
  });

  it('a failure shows the server message or the default text', async () => {
    const user = userEvent.setup({ delay: null });
    await renderPublic({
      session: unchosen(),
      routes: {
        'POST /v1/auth/login/1': { status: 403, body: { message: 'Organisation disabled.' } },
        'POST /v1/auth/login/2': { status: 500, body: {} },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Aurora Payments' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Organisation disabled.');
    await user.click(screen.getByRole('button', { name: 'Borealis Exchange' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to switch organisation'));
  });

  it('says why it is shown', async () => {
    await renderPublic({ session: unchosen() });
    expect(screen.getByText('You belong to several organisations. Choose the one to work in.')).toBeTruthy();
  });

  it('Sign out clears the session and shows the login form', async () => {
    const user = userEvent.setup({ delay: null });
    const { api, store } = await renderPublic({
      session: unchosen(),
      routes: { 'POST /v1/auth/logout': { status: 204 } },
    });
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(store.current).toBeNull();
    expect(api.calls[0].path).toBe('/v1/auth/logout');
  });
});

describe('ForgotPasswordPage', () => {
  it('validates, posts the lower-cased email and shows the answer', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = await renderPublic({
      path: '/forgot-password',
      routes: {
        'POST /v1/auth/forgot-password': {
          status: 202,
          body: { message: 'If an account exists for this email, a reset link has been sent to it.' },
        },
      },
    });
    const send = screen.getByRole('button', { name: 'Send reset link' });
    await user.click(send);
    expect(await screen.findByText('Email is required')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Email/), 'Someone@Example.com');
    await user.click(send);
    expect((await screen.findByRole('status')).textContent).toContain('If an account exists');
    expect(api.calls[0].body).toEqual({ email: 'someone@example.com' });
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/');
  });

  it('a limit says how long to wait (Retry-After)', async () => {
    const user = userEvent.setup({ delay: null });
    await renderPublic({
      path: '/forgot-password',
      routes: {
        'POST /v1/auth/forgot-password': {
          status: 429,
          body: { message: 'Too many requests. Try again in 600 seconds.' },
          headers: { 'Retry-After': '600' },
        },
      },
    });
    await user.type(screen.getByLabelText(/^Email/), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests. Try again in 10 minutes.',
    );
  });
});

describe('ResetPasswordPage', () => {
  it('reads the token from the fragment and removes it from the address bar', async () => {
    await renderPublic({ path: '/reset-password#token=abc123' });
    await waitFor(() => expect(location()).toBe('/reset-password'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Reset password');
    expect(tokenFromHash('#token=abc%2B1')).toBe('abc+1');
    expect(tokenFromHash('')).toBeNull();
  });

  it('without a token it says the link is invalid, and links to a new link and back to sign in', async () => {
    await renderPublic({ path: '/reset-password' });
    expect(screen.getByRole('alert').textContent).toBe('This reset link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/');
  });

  // The form's elements are looked up once per test: a role query walks the computed styles of
  // every candidate and its ancestors, which in jsdom costs 0.1-0.3 s each with MUI's style rules.
  const resetForm = () => ({
    submit: screen.getByRole('button', { name: 'Reset password' }),
    newPassword: screen.getByLabelText(/^New password/),
    confirmation: screen.getByLabelText(/^Confirm password/),
  });

  it('shows the required messages and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = await renderPublic({ path: '/reset-password#token=abc123' });
    await user.click(resetForm().submit);
    expect(await screen.findByText('New password is required')).toBeTruthy();
    expect(screen.getByText('Confirm Password is required')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it.each`
    password        | confirmation    | expected
    ${'short'}      | ${''}           | ${'At least one uppercase, one lowercase letter and a number'}
    ${'Abc1'}       | ${''}           | ${'At least 8 characters'}
    ${'New-pass-1'} | ${'New-pass-2'} | ${"Password doesn't match"}
  `(
    'with $password / $confirmation it says "$expected" and sends nothing',
    async ({ password, confirmation, expected }) => {
      const user = userEvent.setup({ delay: null });
      const { api } = await renderPublic({ path: '/reset-password#token=abc123' });
      const form = resetForm();
      await user.type(form.newPassword, password);
      if (confirmation) await user.type(form.confirmation, confirmation);
      await user.click(form.submit);
      expect(await screen.findByText(expected)).toBeTruthy();
      expect(api.calls).toHaveLength(0);
    },
  );

  it('posts { token, newPassword } and shows the success', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = await renderPublic({
      path: '/reset-password#token=abc123',
      routes: { 'POST /v1/auth/reset-password': { body: {} } },
    });
    const { submit, newPassword, confirmation } = resetForm();
    await user.type(newPassword, 'New-pass-1');
    await user.type(confirmation, 'New-pass-1');
    await user.click(submit);
    expect((await screen.findByRole('status')).textContent).toContain('Your password has been reset');
    expect(api.calls[0].body).toEqual({ token: 'abc123', newPassword: 'New-pass-1' });
  });

  it('a link the server refuses turns into the invalid-link screen, with its way back to sign in', async () => {
    const user = userEvent.setup({ delay: null });
    await renderPublic({
      path: '/reset-password#token=old',
      routes: {
        'POST /v1/auth/reset-password': {
          status: 400,
          body: { message: 'This reset link is invalid or has expired.' },
        },
      },
    });
    const { submit, newPassword, confirmation } = resetForm();
    await user.type(newPassword, 'New-pass-1');
    await user.type(confirmation, 'New-pass-1');
    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe('This reset link is invalid or has expired.');
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/');
  });

  it('a field the server refuses is marked and focused on the field, with no alert besides', async () => {
    const user = userEvent.setup({ delay: null });
    await renderPublic({
      path: '/reset-password#token=abc123',
      routes: {
        'POST /v1/auth/reset-password': {
          status: 400,
          body: { message: 'Some fields are invalid.', errors: { newPassword: 'At least 8 characters' } },
        },
      },
    });
    const { submit, newPassword, confirmation } = resetForm();
    await user.type(newPassword, 'New-pass-1');
    await user.type(confirmation, 'New-pass-1');
    await user.click(submit);
    expect(await screen.findByText('At least 8 characters')).toBeTruthy();
    expect(newPassword.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(newPassword);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
