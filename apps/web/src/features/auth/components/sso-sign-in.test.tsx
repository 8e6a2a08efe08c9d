import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LoginPage from '../../../app/routes/login/login.page';
import { LOGGED_OUT, sessionStore } from '../../../lib/session';
import { answerApi, failure, result } from '../../../testing/answer-api';
import { fastUser } from '../../../testing/render-with-providers';

/** The login page at `url` (also the window's URL, which initialization reads the SSO request from). */
function renderLogin(url = '/login') {
  window.history.replaceState(null, '', url);
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/login/*" element={<LoginPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const OKTA = { name: 'Riverside Okta', organisation: 'riverside', provider: '5b0c1d9e-0000-4000-8000-000000000001' };
const ENTRA = { name: 'Riverside Entra', organisation: 'riverside', provider: '5b0c1d9e-0000-4000-8000-000000000002' };
const riversideOkta = result({ providers: [OKTA] });
const riversideBoth = result({ providers: [OKTA, ENTRA] });
const noProvider = result({ providers: [] });

beforeEach(() => sessionStore.setState({ ...LOGGED_OUT, initializing: false }));
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('single sign-on on the login card', () => {
  it('offers "Sign in with {name}" when the organisation has a provider, and starts SSO for it', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { assign, pathname: '/login', search: '', href: 'http://localhost/login' });
    const { callsTo } = answerApi({
      '/auth/sso/providers': riversideOkta,
      '/auth/sso/start': result({ authorizationUrl: 'https://idp.example/authorize?x=1' }),
    });
    renderLogin();
    await fastUser().click(await screen.findByRole('button', { name: 'Sign in with Riverside Okta' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://idp.example/authorize?x=1'));
    expect(callsTo('/auth/sso/providers')[0]?.body).toEqual({});
    expect(callsTo('/auth/sso/start')[0]?.body).toMatchObject({ organisation: 'riverside', provider: OKTA.provider });
  });

  it('offers a button for each of the organisation’s providers, each starting at its own', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { assign, pathname: '/login', search: '', href: 'http://localhost/login' });
    const { callsTo } = answerApi({
      '/auth/sso/providers': riversideBoth,
      '/auth/sso/start': result({ authorizationUrl: 'https://entra.example/saml2?SAMLRequest=x' }),
    });
    renderLogin('/login?organisation=riverside');
    expect(await screen.findByRole('button', { name: 'Sign in with Riverside Okta' })).toBeInTheDocument();
    await fastUser().click(screen.getByRole('button', { name: 'Sign in with Riverside Entra' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://entra.example/saml2?SAMLRequest=x'));
    expect(callsTo('/auth/sso/start')[0]?.body).toMatchObject({ organisation: 'riverside', provider: ENTRA.provider });
    // Renewing the session later goes back to the same provider.
    expect(localStorage.getItem('cairn.ssoUrl')).toBe(`/login?sso=riverside&provider=${ENTRA.provider}`);
  });

  it('asks to choose when /login?sso=<organisation> names none of its several providers', async () => {
    answerApi({ '/auth/sso/providers': riversideBoth });
    sessionStore.setState({ status: 'failure' });
    renderLogin('/login?sso=riverside');
    expect(await screen.findByRole('alert')).toHaveTextContent('several identity providers: choose yours below');
    expect(screen.getByRole('button', { name: 'Sign in with Riverside Entra' })).toBeInTheDocument();
  });

  it('asks about the organisation the URL names', async () => {
    const { callsTo } = answerApi({ '/auth/sso/providers': riversideOkta });
    renderLogin('/login?organisation=riverside');
    expect(await screen.findByRole('button', { name: 'Sign in with Riverside Okta' })).toBeInTheDocument();
    expect(callsTo('/auth/sso/providers')[0]?.body).toEqual({ organisation: 'riverside' });
  });

  it('offers only the password form when no provider is set up', async () => {
    const { callsTo } = answerApi({ '/auth/sso/providers': noProvider });
    renderLogin();
    await vi.waitFor(() => expect(callsTo('/auth/sso/providers')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Sign in with/ })).not.toBeInTheDocument();
  });

  it('says so when /login?sso=1 finds no provider, instead of failing silently', async () => {
    answerApi({ '/auth/sso/providers': noProvider });
    sessionStore.setState({ status: 'failure' });
    renderLogin('/login?sso=1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Single sign-on is not set up for this organisation.');
  });

  it('says the sign-in did not complete when a provider exists but SSO failed', async () => {
    answerApi({ '/auth/sso/providers': riversideOkta });
    sessionStore.setState({ status: 'failure' });
    renderLogin('/login?sso=riverside');
    expect(await screen.findByRole('alert')).toHaveTextContent('Single sign-on did not complete.');
  });

  it('says so on the card when the provider cannot be reached from the button', async () => {
    answerApi({ '/auth/sso/providers': riversideOkta, '/auth/sso/start': failure(503, 'SERVICE_UNAVAILABLE') });
    renderLogin();
    await fastUser().click(await screen.findByRole('button', { name: 'Sign in with Riverside Okta' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Single sign-on could not start.');
  });
});
