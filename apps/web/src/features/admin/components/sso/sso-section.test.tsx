import type { IdentityProvider } from '@cairn/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEYS } from '../../../../lib/storage-keys';
import { answerApi, failure, result } from '../../../../testing/answer-api';
import { fastUser, renderWithProviders } from '../../../../testing/render-with-providers';
import SsoSection from './sso-section';

const OKTA: IdentityProvider = {
  protocol: 'oidc',
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

const DAY_MS = 24 * 60 * 60 * 1000;
const inDays = (days: number): string => new Date(Date.now() + days * DAY_MS).toISOString();

const ENTRA: IdentityProvider = {
  protocol: 'saml',
  issuer: 'https://sts.riverside.example/entity',
  clientId: '',
  hasClientSecret: false,
  scopes: '',
  defaultView: 'Coder',
  displayName: 'Riverside Entra',
  signInName: 'Riverside Entra',
  claimMapping: {},
  allowedEmailDomains: [],
  redirectUri: 'http://localhost:3000/sso',
  postLogoutRedirectUri: 'http://localhost:3000/',
  saml: {
    metadataUrl: 'https://sts.riverside.example/federationmetadata.xml',
    metadataReadAt: '2026-11-26T06:00:00.000Z',
    ssoUrl: 'https://sts.riverside.example/saml2',
    logoutUrl: 'https://sts.riverside.example/saml2/logout',
    certificates: [
      { subject: 'CN=Riverside SSO 2026', fingerprint: 'AB:CD:EF:01', notAfter: inDays(12.5) },
      { subject: 'CN=Riverside SSO 2027', fingerprint: '12:34:56:78', notAfter: inDays(400) },
    ],
    serviceProvider: {
      entityId: 'http://localhost:3000/saml/riverside',
      acsUrl: 'http://localhost:3000/api/auth/saml/acs',
      metadataUrl: 'http://localhost:3000/api/auth/saml/metadata/riverside',
    },
  },
};

const NEW_SAML_BODY = {
  protocol: 'saml',
  displayName: '',
  defaultView: 'Provider',
  allowedEmailDomains: [],
  claimMapping: {},
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
      protocol: 'oidc',
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

describe('the Single sign-on section with a SAML 2.0 provider', () => {
  it('sets up a provider from its metadata URL, sending no OpenID Connect field', async () => {
    const { callsTo } = answerApi({
      '/admin/identityProvider/get': failure(404, 'NOT_FOUND'),
      '/admin/identityProvider/set': result(ENTRA),
    });
    const user = fastUser();
    renderWithProviders(<SsoSection />);
    expect(await screen.findByText(/OpenID Connect or\s+SAML 2.0 identity provider/)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'SAML 2.0' }));
    expect(screen.queryByLabelText('Issuer')).not.toBeInTheDocument();
    expect(screen.getByText('Attribute mapping')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email attribute/)).toHaveAttribute('placeholder', 'email, mail, … or the NameID');
    await user.click(screen.getByRole('button', { name: 'Set up single sign-on' }));
    expect(await screen.findByText("Enter the URL of the identity provider's metadata")).toBeInTheDocument();
    expect(callsTo('/admin/identityProvider/set')).toEqual([]);

    await user.type(screen.getByLabelText(/^Metadata URL/), 'https://sts.riverside.example/federationmetadata.xml');
    await user.click(screen.getByRole('button', { name: 'Set up single sign-on' }));
    await waitFor(() => expect(callsTo('/admin/identityProvider/set')).toHaveLength(1));
    expect(callsTo('/admin/identityProvider/set')[0]?.body).toEqual({
      ...NEW_SAML_BODY,
      metadataUrl: 'https://sts.riverside.example/federationmetadata.xml',
    });
    expect(await screen.findByText('http://localhost:3000/api/auth/saml/acs')).toBeInTheDocument();
  });

  it('sets up a provider from its pasted metadata XML, sending the XML only', async () => {
    const { callsTo } = answerApi({
      '/admin/identityProvider/get': failure(404, 'NOT_FOUND'),
      '/admin/identityProvider/set': result(ENTRA),
    });
    const user = fastUser();
    renderWithProviders(<SsoSection />);
    await user.click(await screen.findByRole('radio', { name: 'SAML 2.0' }));
    await user.type(screen.getByLabelText(/^Metadata URL/), 'https://unreachable.example/metadata');
    await user.click(screen.getByRole('radio', { name: 'Paste the XML' }));
    await user.click(screen.getByLabelText(/^Metadata XML/));
    await user.paste('<EntityDescriptor entityID="https://sts.riverside.example/entity"/>');
    await user.click(screen.getByRole('button', { name: 'Set up single sign-on' }));
    await waitFor(() => expect(callsTo('/admin/identityProvider/set')).toHaveLength(1));
    expect(callsTo('/admin/identityProvider/set')[0]?.body).toEqual({
      ...NEW_SAML_BODY,
      metadataXml: '<EntityDescriptor entityID="https://sts.riverside.example/entity"/>',
    });
  });

  it('shows what to register for Cairn, what it read of the provider, and a certificate about to expire', async () => {
    answerApi({ '/admin/identityProvider/get': result(ENTRA) });
    renderWithProviders(<SsoSection />);
    expect(await screen.findByText('http://localhost:3000/saml/riverside')).toBeInTheDocument();
    expect(screen.getByText('http://localhost:3000/api/auth/saml/acs')).toBeInTheDocument();
    expect(screen.getByText('http://localhost:3000/api/auth/saml/metadata/riverside')).toBeInTheDocument();
    expect(screen.queryByText('http://localhost:3000/sso')).not.toBeInTheDocument();
    expect(screen.getByText('Cairn requires signed assertions')).toBeInTheDocument();
    expect(screen.getByText('https://sts.riverside.example/entity')).toBeInTheDocument();
    expect(screen.getByText('https://sts.riverside.example/saml2/logout')).toBeInTheDocument();
    expect(screen.getByText('CN=Riverside SSO 2026')).toBeInTheDocument();
    expect(screen.getByText('AB:CD:EF:01')).toBeInTheDocument();
    expect(screen.getByText(/^Expires in 12 days/)).toHaveClass('ant-tag-warning');
    expect(screen.getByText(/^Expires on/)).not.toHaveClass('ant-tag');
    expect(screen.getByRole('radio', { name: 'SAML 2.0' })).toBeChecked();
    expect(screen.getByLabelText(/^Metadata URL/)).toHaveValue('https://sts.riverside.example/federationmetadata.xml');
  });

  it('flags an expired certificate', async () => {
    const saml = ENTRA.saml && {
      ...ENTRA.saml,
      certificates: [{ subject: 'CN=Old', fingerprint: 'FF:EE', notAfter: inDays(-3) }],
    };
    answerApi({ '/admin/identityProvider/get': result({ ...ENTRA, saml }) });
    renderWithProviders(<SsoSection />);
    expect(await screen.findByText(/^Expired on/)).toHaveClass('ant-tag-error');
  });

  it('keeps the stored metadata when the URL is unchanged', async () => {
    const { callsTo } = answerApi({
      '/admin/identityProvider/get': result(ENTRA),
      '/admin/identityProvider/set': result(ENTRA),
    });
    const user = fastUser();
    renderWithProviders(<SsoSection />);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('/admin/identityProvider/set')).toHaveLength(1));
    const body = callsTo('/admin/identityProvider/set')[0]?.body;
    expect(body).toMatchObject({ protocol: 'saml', displayName: 'Riverside Entra', defaultView: 'Coder' });
    expect(body).not.toHaveProperty('metadataUrl');
    expect(body).not.toHaveProperty('metadataXml');
    expect(body).not.toHaveProperty('issuer');
  });

  it('shows under the metadata URL why the server could not read it', async () => {
    const { callsTo } = answerApi({
      '/admin/identityProvider/get': result(ENTRA),
      '/admin/identityProvider/set': {
        status: 422,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'x',
            details: { issues: [{ field: 'metadataUrl', message: 'The metadata could not be read' }] },
          },
        },
      },
    });
    const user = fastUser();
    renderWithProviders(<SsoSection />);
    const metadataUrl = await screen.findByLabelText(/^Metadata URL/);
    await user.clear(metadataUrl);
    await user.type(metadataUrl, 'https://sts.riverside.example/moved.xml');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const message = await screen.findByText('The metadata could not be read');
    expect(message.closest('.ant-form-item')).toContainElement(screen.getByLabelText(/^Metadata URL/));
    expect(callsTo('/admin/identityProvider/set')[0]?.body).toHaveProperty(
      'metadataUrl',
      'https://sts.riverside.example/moved.xml',
    );
  });

  it('shows above the form a refusal of a field it does not show', async () => {
    answerApi({
      '/admin/identityProvider/get': result(ENTRA),
      '/admin/identityProvider/set': {
        status: 422,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Either the metadata URL or its XML, not both',
            details: { field: 'metadataXml' },
          },
        },
      },
    });
    const user = fastUser();
    renderWithProviders(<SsoSection />);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Either the metadata URL or its XML, not both');
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

  it('speaks of attributes for a SAML provider, the NameID among them', async () => {
    sessionStorage.setItem(
      SESSION_STORAGE_KEYS.ssoTestResult,
      JSON.stringify({
        claims: {
          nameID: 'ada@riverside.example',
          nameIDFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
          givenName: 'Ada',
        },
        mapped: { username: 'ada@riverside.example', email: 'ada@riverside.example', firstName: 'Ada', groups: [] },
        isEmailDomainAllowed: true,
      }),
    );
    answerApi({ '/admin/identityProvider/get': result(ENTRA) });
    renderWithProviders(<SsoSection />, { url: '/admin/sso?test=result' });
    const attributes = await screen.findByRole('table', { name: 'Attributes received' });
    expect(attributes).toHaveTextContent('nameIDFormat');
    expect(attributes).toHaveTextContent('givenName');
    expect(screen.getByText('How the attributes mapped')).toBeInTheDocument();
  });
});
