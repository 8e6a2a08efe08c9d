import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT, sessionStore } from '../../../lib/session';
import { answerApi, result, type ApiHandler } from '../../../testing/answer-api';
import { aUserMetadata } from '../../../testing/factories';
import { fastUser, renderWithProviders } from '../../../testing/render-with-providers';
import { providerToken } from '../../../testing/session';
import { LoginCardSteps } from './login-flow';

const LOCKED_UNTIL = '2026-11-21T10:15:00.000Z';
const PASSWORD = 'correct horse battery';
const CODE_FORM = 'Sign in with your authentication app code';

const locked = () => result({ status: 'passwordAttemptsExceeded', lockedUntil: LOCKED_UNTIL });
const signedIn = () => result({ status: 'success', token: providerToken(), refreshToken: 'r'.repeat(43) });
/** The server opens a locked account only to its password with a valid one-time code. */
const openedByCode: ApiHandler = (body) =>
  body.password === PASSWORD && body.totpCode === '123456' ? signedIn() : locked();

function renderLoginCard() {
  const onComplete = vi.fn();
  renderWithProviders(<LoginCardSteps warn={vi.fn()} onComplete={onComplete} />, { url: '/login' });
  return { onComplete, user: fastUser() };
}

async function signInUntilLocked(user: ReturnType<typeof fastUser>) {
  await user.type(screen.getByLabelText('Username'), 'dr.rivera');
  await user.type(screen.getByLabelText('Password'), 'a guess');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return screen.findByRole('form', { name: CODE_FORM });
}

async function signInWithCode(user: ReturnType<typeof fastUser>, options: { password: string; code: string }) {
  const form = screen.getByRole('form', { name: CODE_FORM });
  await user.type(within(form).getByLabelText('Password'), options.password);
  await user.type(within(form).getByLabelText('Authentication app code'), options.code);
  await user.click(within(form).getByRole('button', { name: 'Sign in with code' }));
}

beforeEach(() => sessionStore.setState({ ...LOGGED_OUT }));

describe('a locked account (passwordAttemptsExceeded)', () => {
  it('says until when it is locked and offers both ways out: an authentication app code and an emailed code', async () => {
    const { calls } = answerApi({ '/auth/login': locked, '/userResetPasswordAttempt': result(true) });
    const { user } = renderLoginCard();
    const form = await signInUntilLocked(user);
    expect(screen.getByRole('heading', { name: 'Your account is locked' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/Your account is locked until \d{1,2}:\d{2}/);
    expect(within(form).getByLabelText('Username')).toHaveValue('dr.rivera');
    expect(within(form).getByLabelText('Password')).toHaveValue('');
    expect(within(form).getByLabelText('Authentication app code')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Recover your account with a code sent to your email' }));
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username or email')).toHaveValue('dr.rivera');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({
      path: '/userResetPasswordAttempt',
      body: { username: 'dr.rivera', is180DaysReset: false },
    });
  });

  it('signs in with the password and a code from the authentication app, sent together', async () => {
    const { callsTo } = answerApi({ '/auth/login': openedByCode, '/getUserMetadata': result(aUserMetadata()) });
    const { user, onComplete } = renderLoginCard();
    await signInUntilLocked(user);
    await signInWithCode(user, { password: PASSWORD, code: '123456' });
    await vi.waitFor(() => expect(onComplete).toHaveBeenCalledOnce());
    expect(callsTo('/auth/login').at(-1)?.body).toEqual({
      username: 'dr.rivera',
      password: PASSWORD,
      totpCode: '123456',
    });
    expect(sessionStore.getState()).toMatchObject({ loggedIn: true, status: 'success' });
  });

  it('stays locked when the password or the code is refused, and asks for both again', async () => {
    answerApi({ '/auth/login': openedByCode });
    const { user, onComplete } = renderLoginCard();
    const form = await signInUntilLocked(user);
    await signInWithCode(user, { password: PASSWORD, code: '999999' });
    expect(await screen.findByText(/The password or the code was not accepted/)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/locked until/);
    expect(within(form).getByLabelText('Authentication app code')).toHaveValue('');
    expect(within(form).getByLabelText('Password')).toHaveValue('');
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('asks for the 6-digit code before sending anything', async () => {
    const { callsTo } = answerApi({ '/auth/login': locked });
    const { user } = renderLoginCard();
    await signInUntilLocked(user);
    await signInWithCode(user, { password: PASSWORD, code: '12' });
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the 6-digit code from your authentication app.');
    expect(callsTo('/auth/login')).toHaveLength(1);
  });
});
