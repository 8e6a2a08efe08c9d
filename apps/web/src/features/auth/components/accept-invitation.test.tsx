import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import LoginPage from '../../../app/routes/login/login.page';
import { LOGGED_OUT, sessionStore } from '../../../lib/session';
import { answerApi, failure, result } from '../../../testing/answer-api';
import { aUserMetadata } from '../../../testing/factories';
import { providerToken } from '../../../testing/session';
import { fastUser } from '../../../testing/render-with-providers';

const TOKEN = 'i'.repeat(43);

function Arrived() {
  const location = useLocation();
  return <p>Arrived at {location.pathname + location.search}</p>;
}

function renderInvitation() {
  return render(
    <MemoryRouter initialEntries={[`/login?invitation=${TOKEN}`]}>
      <Routes>
        <Route path="/login/*" element={<LoginPage />} />
        <Route path="*" element={<Arrived />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => sessionStore.setState({ ...LOGGED_OUT }));
afterEach(() => vi.unstubAllGlobals());

describe("an administrator's invitation link", () => {
  it('shows the account it is for, sets the chosen password, and signs the person in with it', async () => {
    const { callsTo } = answerApi({
      '/auth/invitation/read': result({
        username: 'nora.newman',
        firstName: 'Nora',
        organisationName: 'Cairn Demo Clinic',
      }),
      '/auth/invitation/accept': result({ username: 'nora.newman' }),
      '/auth/login': result({ status: 'success', token: providerToken(), refreshToken: 'r'.repeat(43) }),
      '/getUserMetadata': result(aUserMetadata({ terms_accepted: true })),
    });
    renderInvitation();
    expect(await screen.findByRole('heading', { name: 'Choose your password' })).toBeInTheDocument();
    expect(
      await screen.findByText(
        /Welcome, Nora\. Cairn Demo Clinic invited you to Cairn: choose the password of your account nora\.newman/,
      ),
    ).toBeInTheDocument();
    await fastUser().type(screen.getByLabelText('New password'), 'a long new passphrase');
    await fastUser().type(screen.getByLabelText('Confirm new password'), 'a long new passphrase');
    await fastUser().click(screen.getByRole('button', { name: 'Set password and sign in' }));
    // The app's home, which leads to the schedule.
    expect(await screen.findByText('Arrived at /')).toBeInTheDocument();
    expect(callsTo('/auth/invitation/accept')[0]?.body).toEqual({ token: TOKEN, newPassword: 'a long new passphrase' });
    expect(callsTo('/auth/login')[0]?.body).toEqual({ username: 'nora.newman', password: 'a long new passphrase' });
  });

  it('says a used or expired link is not valid, and leads to the sign-in', async () => {
    answerApi({ '/auth/invitation/read': failure(404, 'NOT_FOUND', 'not valid') });
    renderInvitation();
    expect(await screen.findByRole('heading', { name: 'Invitation link not valid' })).toBeInTheDocument();
    await fastUser().click(screen.getByRole('button', { name: 'Go to sign in' }));
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
  });
});
