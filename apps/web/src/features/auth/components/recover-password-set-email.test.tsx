import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT, sessionStore } from '../../../lib/session';
import { answerApi, result } from '../../../testing/answer-api';
import { fastUser, renderWithProviders } from '../../../testing/render-with-providers';
import { LoginCardSteps } from './login-flow';

/** The sign-in card, moved on to its recovery step (RecoverPasswordSetEmail). */
async function openRecovery() {
  const user = fastUser();
  renderWithProviders(<LoginCardSteps warn={vi.fn()} onComplete={vi.fn()} />, { url: '/login' });
  await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
  expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
  return user;
}

beforeEach(() => sessionStore.setState({ ...LOGGED_OUT }));

describe('the recovery step (RecoverPasswordSetEmail)', () => {
  it('asks for a username or email, and says so when the field is left empty without calling the server', async () => {
    const { calls } = answerApi({});
    const user = await openRecovery();
    expect(screen.getByText(/Enter your username or email\./)).toBeInTheDocument();
    expect(screen.getByLabelText('Username or email')).toHaveAttribute('autocomplete', 'username');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your username or email.');
    expect(calls).toEqual([]);
  });

  it('sends an email address as the account’s name, trimmed, and answers as for any account', async () => {
    const { calls } = answerApi({ '/userResetPasswordAttempt': result(true) });
    const user = await openRecovery();
    await user.type(screen.getByLabelText('Username or email'), '  maya.rivera@clinic.test ');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(
      await screen.findByText(/If an account exists for maya.rivera@clinic.test, we sent a one-time code/),
    ).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({ username: 'maya.rivera@clinic.test', is180DaysReset: false });
  });
});
