import type { SignInStatus } from '@cairn/contracts';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import LoginPage from '../../../app/routes/login/login.page';
import { LOGGED_OUT, sessionStore } from '../../../lib/session';
import { LOCAL_STORAGE_KEYS } from '../../../lib/storage-keys';
import { answerApi, NO_SSO_PROVIDERS, result } from '../../../testing/answer-api';
import { aUserMetadata } from '../../../testing/factories';
import { providerToken } from '../../../testing/session';
import { fastUser } from '../../../testing/render-with-providers';

function Arrived() {
  const location = useLocation();
  return <p>Arrived at {location.pathname + location.search}</p>;
}

function renderLogin(path = '/login') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/login/*" element={<LoginPage />} />
        <Route path="/auth/changePassword" element={<LoginPage />} />
        <Route path="*" element={<Arrived />} />
      </Routes>
    </MemoryRouter>,
  );
}

async function signIn(username = 'dr.rivera', password = 'correct horse battery') {
  await fastUser().type(screen.getByLabelText('Username'), username);
  await fastUser().type(screen.getByLabelText('Password'), password);
  await fastUser().click(screen.getByRole('button', { name: 'Sign in' }));
}

const metadata = (termsAccepted: boolean) => result(aUserMetadata({ terms_accepted: termsAccepted }));

const signedIn = () => result({ status: 'success', token: providerToken(), refreshToken: 'r'.repeat(43) });
const answered =
  (status: SignInStatus, extra: Record<string, unknown> = {}) =>
  () =>
    result({ status, ...extra });

beforeEach(() => sessionStore.setState({ ...LOGGED_OUT }));
afterEach(() => vi.unstubAllGlobals());

describe('the login card', () => {
  it('signs in with username and password and goes to the path without /login', async () => {
    const { calls } = answerApi({
      ...NO_SSO_PROVIDERS,
      '/auth/login': signedIn,
      '/getUserMetadata': () => metadata(true),
    });
    renderLogin('/login/schedule');
    await signIn();
    expect(await screen.findByText('Arrived at /schedule')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/auth/login')).toMatchObject({
      path: '/auth/login',
      body: { username: 'dr.rivera', password: 'correct horse battery' },
    });
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.refreshToken)).toBe('r'.repeat(43));
    expect(sessionStore.getState()).toMatchObject({ loggedIn: true, userFullName: 'Ana Rivera', status: 'success' });
    expect(sessionStore.getState().values.password).toBe('');
  });

  it('says the credentials are wrong on credentialsFailure, and forgets the password', async () => {
    answerApi({
      ...NO_SSO_PROVIDERS,
      '/auth/login': answered('credentialsFailure'),
    });
    renderLogin();
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect username or password.');
    expect(sessionStore.getState().values.password).toBe('');
  });

  it('reports a general error when the server fails, and a failure when it refuses', async () => {
    answerApi({
      ...NO_SSO_PROVIDERS,
      '/auth/login': () => ({ status: 503, body: {} }),
    });
    const { unmount } = renderLogin();
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Cairn cannot be reached right now.');
    expect(sessionStore.getState().status).toBe('generalError');
    unmount();
    answerApi({
      ...NO_SSO_PROVIDERS,
      '/auth/login': () => ({ status: 422, body: { error: { code: 'VALIDATION_FAILED', message: 'x' } } }),
    });
    renderLogin();
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in failed. Please try again.');
    expect(sessionStore.getState().status).toBe('failure');
  });

  it('says so when the server limits sign-in attempts from this address', async () => {
    answerApi({
      ...NO_SSO_PROVIDERS,
      '/auth/login': () => ({ status: 429, body: { error: { code: 'RATE_LIMITED', message: 'x' } } }),
    });
    renderLogin();
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many sign-in attempts from this computer.');
  });

  it('asks for the one-time code on totpRequired, refuses a wrong one, and signs in with the right one', async () => {
    const { calls } = answerApi({
      ...NO_SSO_PROVIDERS,
      '/auth/login': (body) =>
        body.totpCode === undefined
          ? result({ status: 'totpRequired' })
          : body.totpCode === '123456'
            ? signedIn()
            : result({ status: 'totpFailure' }),
      '/getUserMetadata': () => metadata(true),
    });
    renderLogin('/login/schedule');
    await signIn();
    await fastUser().type(await screen.findByLabelText('Verification code'), '999999');
    await fastUser().click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not valid.');
    await fastUser().type(screen.getByLabelText('Verification code'), '123456');
    await fastUser().click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Arrived at /schedule')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/auth/login').at(-1)?.body).toEqual({
      username: 'dr.rivera',
      password: 'correct horse battery',
      totpCode: '123456',
    });
  });

  it('has a first-time user choose a password on firstLoginPasswordChange, then signs in', async () => {
    const { calls } = answerApi({
      ...NO_SSO_PROVIDERS,
      '/auth/login': answered('firstLoginPasswordChange'),
      '/auth/changePassword': signedIn,
      '/getUserMetadata': () => metadata(true),
    });
    renderLogin('/login/schedule');
    await signIn('new.user', 'temporary-password');
    expect(await screen.findByRole('heading', { name: 'Choose your password' })).toBeInTheDocument();
    await fastUser().click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('New password is required.');
    await fastUser().type(screen.getByLabelText('New password'), 'Granite-harbor-lantern-58');
    await fastUser().type(screen.getByLabelText('Confirm new password'), 'Granite-harbor-lantern-58');
    expect(screen.getByTestId('password-strength')).toHaveAttribute('data-strength', 'excellent');
    await fastUser().click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/auth/changePassword')?.body).toEqual({
      username: 'new.user',
      oldPassword: 'temporary-password',
      newPassword: 'Granite-harbor-lantern-58',
    });
    await fastUser().click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Arrived at /schedule')).toBeInTheDocument();
  });

  it("shows the server's reason for a refused change, or 'Error changing password'", async () => {
    answerApi({
      ...NO_SSO_PROVIDERS,
      '/auth/login': answered('firstLoginPasswordChange'),
      '/auth/changePassword': () => ({ status: 500, body: {} }),
    });
    renderLogin();
    await signIn();
    await fastUser().type(await screen.findByLabelText('New password'), 'Granite-harbor-lantern-58');
    await fastUser().type(screen.getByLabelText('Confirm new password'), 'Granite-harbor-lantern-58');
    await fastUser().click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error changing password');
  });

  it('asks to change an expired password on oldPassword, without asking for the current one again', async () => {
    answerApi({
      ...NO_SSO_PROVIDERS,
      '/auth/login': answered('oldPassword'),
    });
    renderLogin();
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Your password has expired' })).toBeInTheDocument();
    await fastUser().click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('heading', { name: 'Change your password' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
  });

  it('resets an expired password with an emailed code (PasswordResetForOldPassword, then RecoverPassword)', async () => {
    const { calls } = answerApi({
      ...NO_SSO_PROVIDERS,
      '/auth/login': answered('oldPassword'),
      '/userResetPasswordAttempt': () => result(true),
      '/auth/recover/confirm': () => result({ status: 'success' }),
    });
    renderLogin();
    await signIn();
    await fastUser().click(await screen.findByRole('button', { name: /Reset it with a code/ }));
    expect(await screen.findByRole('heading', { name: 'Reset your expired password' })).toBeInTheDocument();
    await fastUser().click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/userResetPasswordAttempt')?.body).toEqual({
      username: 'dr.rivera',
      is180DaysReset: true,
    });
    await fastUser().click(screen.getByRole('button', { name: 'Enter the code' }));
    await fastUser().type(await screen.findByLabelText('Code from the email'), '482913');
    await fastUser().type(screen.getByLabelText('New password'), 'Granite-harbor-lantern-58');
    await fastUser().type(screen.getByLabelText('Confirm new password'), 'Granite-harbor-lantern-58');
    await fastUser().click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('heading', { name: 'Password reset' })).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/auth/recover/confirm')?.body).toEqual({
      username: 'dr.rivera',
      code: '482913',
      newPassword: 'Granite-harbor-lantern-58',
    });
    await fastUser().click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByLabelText('Username')).toHaveValue('dr.rivera');
  });

  it('sends a dormant account (oldLogin) to reset its password by email', async () => {
    answerApi({
      ...NO_SSO_PROVIDERS,
      '/auth/login': answered('oldLogin'),
    });
    renderLogin();
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your account has not been used for a long time.');
    expect(screen.getByLabelText('Username or email')).toHaveValue('dr.rivera');
  });

  it('recovers a forgotten password without saying whether the account exists', async () => {
    const { calls } = answerApi({
      ...NO_SSO_PROVIDERS,
      '/userResetPasswordAttempt': () => result(true),
    });
    renderLogin();
    await fastUser().click(screen.getByRole('button', { name: 'Forgot your password?' }));
    await fastUser().type(await screen.findByLabelText('Username or email'), 'someone');
    await fastUser().click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(/If an account exists for someone, we sent a one-time code/)).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({ username: 'someone', is180DaysReset: false });
  });

  it('recovers an account by its email address, then asks for the username at sign-in (sign-in takes names only)', async () => {
    const { calls } = answerApi({
      ...NO_SSO_PROVIDERS,
      '/userResetPasswordAttempt': () => result(true),
      '/auth/recover/confirm': () => result({ status: 'success' }),
    });
    renderLogin();
    await fastUser().click(screen.getByRole('button', { name: 'Forgot your password?' }));
    await fastUser().type(await screen.findByLabelText('Username or email'), 'ana.rivera@clinic.test');
    await fastUser().click(screen.getByRole('button', { name: 'Send code' }));
    await fastUser().click(await screen.findByRole('button', { name: 'Enter the code' }));
    await fastUser().type(await screen.findByLabelText('Code from the email'), '482913');
    await fastUser().type(screen.getByLabelText('New password'), 'Granite-harbor-lantern-58');
    await fastUser().type(screen.getByLabelText('Confirm new password'), 'Granite-harbor-lantern-58');
    await fastUser().click(screen.getByRole('button', { name: 'Reset password' }));
    expect(calls.find((call) => call.path === '/auth/recover/confirm')?.body).toMatchObject({
      username: 'ana.rivera@clinic.test',
    });
    await fastUser().click(await screen.findByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByLabelText('Username')).toHaveValue('');
  });

  it('shows the terms once after sign-in when they are not accepted yet, and signs in on acceptance', async () => {
    const { calls } = answerApi({
      ...NO_SSO_PROVIDERS,
      '/auth/login': signedIn,
      '/getUserMetadata': () => metadata(false),
      '/auth/acceptTerms': () => result(true),
    });
    renderLogin('/login/schedule');
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Terms and conditions' })).toBeInTheDocument();
    expect(sessionStore.getState().loggedIn).toBe(false);
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.authToken)).toBeNull();
    const accept = screen.getByRole('button', { name: 'Accept and continue' });
    expect(accept).toBeDisabled();
    await fastUser().click(screen.getByRole('checkbox'));
    await fastUser().click(accept);
    expect(await screen.findByText('Arrived at /schedule')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toContain('/auth/acceptTerms');
  });

  it('opens on ChangePassword at /auth/changePassword, asking for the username and current password', async () => {
    renderLogin('/auth/changePassword');
    expect(await screen.findByRole('heading', { name: 'Change your password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toBeInTheDocument();
  });
});
