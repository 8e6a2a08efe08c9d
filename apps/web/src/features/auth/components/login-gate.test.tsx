import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import LoginPage from '../../../app/routes/login/login.page';
import { LOGGED_OUT, sessionStore } from '../../../lib/session';
import { LOCAL_STORAGE_KEYS } from '../../../lib/storage-keys';
import { loginPathFor, targetAfterLogin } from '../utils/login-gate';
import { RequireSession } from './login-gate';
import { answerApi, NO_SSO_PROVIDERS } from '../../../testing/answer-api';
import { providerToken } from '../../../testing/session';

function Arrived() {
  const location = useLocation();
  return <p>Arrived at {location.pathname + location.search}</p>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/login/*" element={<LoginPage />} />
        <Route element={<RequireSession />}>
          <Route path="*" element={<Arrived />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

const signedIn = () => sessionStore.setState({ ...LOGGED_OUT, loggedIn: true, token: providerToken() });

beforeEach(() => sessionStore.setState({ ...LOGGED_OUT }));

describe('the login gate', () => {
  it('shows a spinner while the session initializes', () => {
    sessionStore.setState({ ...LOGGED_OUT, initializing: true });
    renderAt('/schedule');
    expect(screen.getByRole('status', { name: 'Loading your session' })).toBeInTheDocument();
  });

  it('sends a signed-out user to /login plus the current path and query', async () => {
    answerApi(NO_SSO_PROVIDERS);
    renderAt('/patient/p-1/dx-summary?skipValidation=1');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(loginPathFor({ pathname: '/patient/p-1/dx-summary', search: '?skipValidation=1' })).toBe(
      '/login/patient/p-1/dx-summary?skipValidation=1',
    );
  });

  it('lets a signed-in user through to a protected page', () => {
    signedIn();
    renderAt('/schedule');
    expect(screen.getByText('Arrived at /schedule')).toBeInTheDocument();
  });

  it('sends a signed-in user on a login path to that path without /login, with its query', () => {
    signedIn();
    renderAt('/login/patient/p-1?skipValidation=1');
    expect(screen.getByText('Arrived at /patient/p-1?skipValidation=1')).toBeInTheDocument();
  });

  it('sends a signed-in user to the stored next-URL first, and uses it once', () => {
    signedIn();
    localStorage.setItem(LOCAL_STORAGE_KEYS.nextUrl, '/overlay/patient/p-2');
    renderAt('/login/schedule?next=/analytics');
    expect(screen.getByText('Arrived at /overlay/patient/p-2')).toBeInTheDocument();
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.nextUrl)).toBeNull();
  });

  it('follows the next-URL query parameter when nothing is stored', () => {
    signedIn();
    renderAt('/login?next=%2Fanalytics');
    expect(screen.getByText('Arrived at /analytics')).toBeInTheDocument();
  });

  it('never follows a next-URL that leaves Cairn', () => {
    const location = { pathname: '/login/schedule', search: '?next=//evil.example/x' };
    localStorage.setItem(LOCAL_STORAGE_KEYS.nextUrl, 'https://evil.example');
    expect(targetAfterLogin(location)).toBe('/schedule?next=//evil.example/x');
  });

  it('sends a signed-in user on /login itself to the root', () => {
    expect(targetAfterLogin({ pathname: '/login', search: '' })).toBe('/');
    expect(targetAfterLogin({ pathname: '/overlay/login/patient/p-1', search: '' })).toBe('/overlay/patient/p-1');
  });
});
