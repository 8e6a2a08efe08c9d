import type { IdentityProvider } from '@cairn/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEYS } from '../../../../lib/storage-keys';
import { answerApi, failure, result } from '../../../../testing/answer-api';
import { fastUser, renderWithProviders } from '../../../../testing/render-with-providers';
import SsoSection from './sso-section';

const OKTA: IdentityProvider = {
  issuer: 'https://login.riverside.example',
  clientId: 'cairn',
  hasClientSecret: true,
  scopes: 'openid email profile',
  defaultView: 'Provider',
  displayName: 'Riverside Okta',
  signInName: 'Riverside Okta',
  claimMapping: { email: 'upn' },
  allowedEmailDomains: ['riverside.example'],
  redirectUri: 'http://localhost:3000/sso',
  postLogoutRedirectUri: 'http://localhost:3000/',
};

afterEach(() => vi.unstubAllGlobals());

describe('the Single sign-on section', () => {
  it('shows the provider, what to register at it, and never a secret', async () => {
    answerApi({ '/admin/identityProvider/get': result(OKTA) });
    renderWithProviders(<SsoSection />);
    expect(await screen.findByText('http://localhost:3000/sso')).toBeInTheDocument();
    expect(screen.getByText('Sign in with Riverside Okta')).toBeInTheDocument();
    expect(screen.getByLabelText('Issuer')).toHaveValue('https://login.riverside.example');
    expect(screen.getByLabelText(/^Client secret/)).toHaveValue('');
    expect(screen.getByText('A secret is stored, sealed. Leave empty to keep it.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email claim/)).toHaveValue('upn');
    expect(screen.getByLabelText(/^First name claim/)).toHaveAttribute('placeholder', 'given_name');
    expect(screen.getByText('riverside.example')).toBeInTheDocument();
  });

  it('sets up a provider where there is none, sending the mapping and domains, with the secret', async () => {
    const { callsTo } = answerApi({
      '/admin/identityProvider/get': failure(404, 'NOT_FOUND'),
      '/admin/identityProvider/set': (body) => result({ ...OKTA, ...body }),
    });
    const user = fastUser();
    renderWithProviders(<SsoSection />);
    expect(await screen.findByText(/Single sign-on is not set up/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up single sign-on' }));
    expect(await screen.findByText("Enter the identity provider's issuer URL")).toBeInTheDocument();
    expect(screen.getByText('Enter the client secret')).toBeInTheDocument();
    expect(callsTo('/admin/identityProvider/set')).toEqual([]);

    await user.type(screen.getByLabelText(/^Display name/), 'Riverside Okta');
    await user.type(screen.getByLabelText('Issuer'), 'https://login.riverside.example');
    await user.type(screen.getByLabelText('Client id'), 'cairn');
    await user.type(screen.getByLabelText(/^Client secret/), 's3cret');
    await user.type(screen.getByLabelText(/^Allowed email domains/), 'riverside.example,');
    await user.type(screen.getByLabelText(/^Username claim/), 'preferred_username');
    await user.click(screen.getByRole('button', { name: 'Set up single sign-on' }));
    await waitFor(() => expect(callsTo('/admin/identityProvider/set')).toHaveLength(1));
    expect(callsTo('/admin/identityProvider/set')[0]?.body).toEqual({
      displayName: 'Riverside Okta',
      issuer: 'https://login.riverside.example',
      clientId: 'cairn',
      clientSecret: 's3cret',
      scopes: 'openid email profile',
      defaultView: 'Provider',
      allowedEmailDomains: ['riverside.example'],
      claimMapping: { username: 'preferred_username' },
    });
    expect(await screen.findByText('http://localhost:3000/sso')).toBeInTheDocument();
  });

  it('keeps the stored secret when the field is left empty, and shows the field the server refused', async () => {
    const { callsTo } = answerApi({
      '/admin/identityProvider/get': result(OKTA),
      '/admin/identityProvider/set': {
        status: 422,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'x',
            details: { issues: [{ field: 'issuer', message: 'The issuer could not be read' }] },
          },
        },
      },
    });
    const user = fastUser();
    renderWithProviders(<SsoSection />);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The issuer could not be read')).toBeInTheDocument();
    expect(callsTo('/admin/identityProvider/set')[0]?.body).not.toHaveProperty('clientSecret');
  });

  it('removes the provider after a confirmation', async () => {
    const { callsTo } = answerApi({
      '/admin/identityProvider/get': result(OKTA),
      '/admin/identityProvider/delete': result(true),
    });
    const user = fastUser();
    renderWithProviders(<SsoSection />);
    await user.click(await screen.findByRole('button', { name: 'Remove single sign-on' }));
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(/Single sign-on is not set up/)).toBeInTheDocument();
    expect(callsTo('/admin/identityProvider/delete')).toHaveLength(1);
  });

  it('says when the provider cannot be loaded', async () => {
    answerApi({ '/admin/identityProvider/get': failure(500) });
    renderWithProviders(<SsoSection />);
    expect(await screen.findByText('The identity provider could not be loaded.')).toBeInTheDocument();
  });
});

describe('Test sign-in', () => {
  it('opens a new tab that starts the test', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    answerApi({ '/admin/identityProvider/get': result(OKTA) });
    const user = fastUser();
    renderWithProviders(<SsoSection />, { url: '/admin/sso' });
    await user.click(await screen.findByRole('button', { name: 'Test sign-in' }));
    expect(open).toHaveBeenCalledWith('/admin/sso?test=start', '_blank', 'noopener');
  });

  it('in that tab, starts a sign-in bound to the tab and leaves for the provider', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { assign, origin: 'http://localhost:3000', pathname: '/admin/sso', search: '' });
    const { callsTo } = answerApi({
      '/admin/identityProvider/get': result(OKTA),
      '/admin/identityProvider/test': result({ authorizationUrl: 'https://login.riverside.example/authorize?x=1' }),
    });
    renderWithProviders(<SsoSection />, { url: '/admin/sso?test=start' });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://login.riverside.example/authorize?x=1'));
    expect(callsTo('/admin/identityProvider/test')).toHaveLength(1);
    expect(callsTo('/admin/identityProvider/test')[0]?.body.browserBinding).toBe(
      sessionStorage.getItem(SESSION_STORAGE_KEYS.ssoBrowserBinding),
    );
  });

  it('shows what the provider sent and how it mapped when the test comes back', async () => {
    sessionStorage.setItem(
      SESSION_STORAGE_KEYS.ssoTestResult,
      JSON.stringify({
        claims: { sub: 'abc', upn: 'ada@elsewhere.example', groups: ['Coders'] },
        mapped: { email: 'ada@elsewhere.example', firstName: 'Ada', groups: ['Coders'] },
        isEmailDomainAllowed: false,
      }),
    );
    answerApi({ '/admin/identityProvider/get': result(OKTA) });
    renderWithProviders(<SsoSection />, { url: '/admin/sso?test=result' });
    expect(await screen.findByText(/whose email is not in an allowed domain/)).toBeInTheDocument();
    expect(screen.getByText(/No session or user was created/)).toBeInTheDocument();
    const claims = screen.getByRole('table', { name: 'Claims received' });
    expect(claims).toHaveTextContent('upn');
    expect(claims).toHaveTextContent('["Coders"]');
  });
});
