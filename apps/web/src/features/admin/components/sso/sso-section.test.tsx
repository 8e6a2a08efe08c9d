import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEYS } from '../../../../lib/storage-keys';
import { answerApi, failure, result } from '../../../../testing/answer-api';
import { fastUser, renderWithProviders } from '../../../../testing/render-with-providers';
import { anOidcProvider, aSamlProvider, ENTRA_ID, OKTA_ID, summaryOf } from '../../../../testing/sso-factories';
import SsoSection from './sso-section';

const OKTA = anOidcProvider();
const ENTRA = aSamlProvider();
const BOTH = result({ providers: [summaryOf(OKTA), summaryOf(ENTRA)] });
const NEW_ID = '5b0c1d9e-0000-4000-8000-0000000000ff';
const PREPARED = result({
  providerId: NEW_ID,
  registration: {
    redirectUri: `http://localhost:3000/sso/${NEW_ID}`,
    postLogoutRedirectUri: 'http://localhost:3000/',
    serviceProvider: {
      entityId: `http://localhost:3000/api/sso/saml/providers/${NEW_ID}/metadata`,
      acsUrl: `http://localhost:3000/api/sso/saml/providers/${NEW_ID}/acs`,
      metadataUrl: `http://localhost:3000/api/sso/saml/providers/${NEW_ID}/metadata`,
    },
  },
});

afterEach(() => vi.unstubAllGlobals());

/** Types into a field at once (a paste: one event rather than one per character). */
async function fill(user: ReturnType<typeof fastUser>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

describe("the Single sign-on section's list of identity providers", () => {
  it('shows each provider with its protocol, state, email domains and last sign-in, and never a secret', async () => {
    answerApi({ '/admin/identityProvider/list': BOTH });
    renderWithProviders(<SsoSection />, { url: '/admin/sso' });
    const table = await screen.findByRole('table', { name: 'Identity providers' });
    const [, okta, entra] = within(table).getAllByRole('row');
    expect(okta).toHaveTextContent(/Riverside Okta.*OpenID Connect.*riverside\.example/);
    expect(entra).toHaveTextContent(/Riverside Entra.*SAML 2\.0.*Any.*Never/);
    expect(within(table).getByRole('switch', { name: 'Enabled: Riverside Okta' })).toBeChecked();
    expect(within(table).getByRole('link', { name: 'Edit Riverside Entra' })).toHaveAttribute(
      'href',
      `/admin/sso?provider=${ENTRA_ID}`,
    );
  });

  it('says single sign-on is not set up when there is no provider', async () => {
    answerApi({ '/admin/identityProvider/list': result({ providers: [] }) });
    renderWithProviders(<SsoSection />, { url: '/admin/sso' });
    expect(await screen.findByText(/Single sign-on is not set up/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Add identity provider/ })).toBeInTheDocument();
  });

  it('says when the providers cannot be loaded', async () => {
    answerApi({ '/admin/identityProvider/list': failure(500) });
    renderWithProviders(<SsoSection />, { url: '/admin/sso' });
    expect(await screen.findByText('The identity providers could not be loaded.')).toBeInTheDocument();
  });

  it('disables a provider from its row with the keyboard', async () => {
    const { callsTo } = answerApi({
      '/admin/identityProvider/list': BOTH,
      '/admin/identityProvider/setEnabled': result({ ...summaryOf(ENTRA), isEnabled: false }),
    });
    const user = fastUser();
    renderWithProviders(<SsoSection />, { url: '/admin/sso' });
    (await screen.findByRole('switch', { name: 'Enabled: Riverside Entra' })).focus();
    await user.keyboard(' ');
    await waitFor(() => expect(callsTo('/admin/identityProvider/setEnabled')).toHaveLength(1));
    expect(callsTo('/admin/identityProvider/setEnabled')[0]?.body).toEqual({ providerId: ENTRA_ID, isEnabled: false });
    expect(await screen.findByText(/Riverside Entra is disabled/)).toBeInTheDocument();
  });

  it('deletes a provider after a confirmation', async () => {
    const { callsTo } = answerApi({
      '/admin/identityProvider/list': BOTH,
      '/admin/identityProvider/delete': result(true),
    });
    const user = fastUser();
    renderWithProviders(<SsoSection />, { url: '/admin/sso' });
    await user.click(await screen.findByRole('button', { name: 'Delete Riverside Okta' }));
    expect(callsTo('/admin/identityProvider/delete')).toEqual([]);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo('/admin/identityProvider/delete')).toHaveLength(1));
    expect(callsTo('/admin/identityProvider/delete')[0]?.body).toEqual({ providerId: OKTA_ID });
    expect(await screen.findByText('Riverside Okta is deleted.')).toBeInTheDocument();
  });
});

describe('adding an identity provider', () => {
  it('shows the redirect URI to register first, and asks for the issuer before creating anything', async () => {
    const { callsTo } = answerApi({
      '/admin/identityProvider/list': BOTH,
      '/admin/identityProvider/prepare': PREPARED,
    });
    const user = fastUser();
    const { router } = renderWithProviders(<SsoSection />, { url: '/admin/sso' });
    await user.click(await screen.findByRole('button', { name: /Add identity provider/ }));
    expect(router.state.location.search).toBe('?provider=new');
    expect(await screen.findByText(`http://localhost:3000/sso/${NEW_ID}`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add identity provider' }));
    expect(await screen.findByText("Enter the identity provider's issuer URL")).toBeInTheDocument();
    expect(screen.getByText('Enter the client secret')).toBeInTheDocument();
    expect(callsTo('/admin/identityProvider/create')).toEqual([]);
  });

  it('creates the OpenID provider with the id it was prepared with, then opens it', async () => {
    const { callsTo } = answerApi({
      '/admin/identityProvider/prepare': PREPARED,
      '/admin/identityProvider/create': (body) => result(anOidcProvider({ ...body, id: NEW_ID })),
      '/admin/identityProvider/get': result(anOidcProvider({ id: NEW_ID, signInName: 'Hillside Okta' })),
    });
    const user = fastUser();
    const { router } = renderWithProviders(<SsoSection />, { url: '/admin/sso?provider=new' });
    await fill(user, await screen.findByLabelText(/^Display name/), 'Hillside Okta');
    await fill(user, screen.getByLabelText('Issuer'), 'https://login.hillside.example');
    await fill(user, screen.getByLabelText('Client id'), 'cairn');
    await fill(user, screen.getByLabelText(/^Client secret/), 's3cret');
    await fill(user, screen.getByLabelText(/^Username claim/), 'preferred_username');
    await user.click(screen.getByRole('button', { name: 'Add identity provider' }));
    await waitFor(() => expect(callsTo('/admin/identityProvider/create')).toHaveLength(1));
    expect(callsTo('/admin/identityProvider/create')[0]?.body).toEqual({
      providerId: NEW_ID,
      protocol: 'oidc',
      displayName: 'Hillside Okta',
      issuer: 'https://login.hillside.example',
      clientId: 'cairn',
      clientSecret: 's3cret',
      scopes: 'openid email profile',
      defaultView: 'Provider',
      allowedEmailDomains: [],
      claimMapping: { username: 'preferred_username' },
      isEnabled: true,
    });
    await waitFor(() => expect(router.state.location.search).toBe(`?provider=${NEW_ID}`));
    expect(await screen.findByRole('heading', { name: 'Hillside Okta' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it("shows Cairn's SAML URLs to register, then creates the SAML provider from its metadata URL, disabled", async () => {
    const { callsTo } = answerApi({
      '/admin/identityProvider/prepare': PREPARED,
      '/admin/identityProvider/create': result(aSamlProvider({ id: NEW_ID })),
      '/admin/identityProvider/get': result(aSamlProvider({ id: NEW_ID })),
    });
    const user = fastUser();
    renderWithProviders(<SsoSection />, { url: '/admin/sso?provider=new' });
    await user.click(await screen.findByRole('radio', { name: 'SAML 2.0' }));
    expect(await screen.findByText(`http://localhost:3000/api/sso/saml/providers/${NEW_ID}/acs`)).toBeInTheDocument();
    expect(screen.queryByText(`http://localhost:3000/sso/${NEW_ID}`)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Issuer')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Email attribute/)).toHaveAttribute('placeholder', 'email, mail, … or the NameID');
    await fill(user, screen.getByLabelText(/^Metadata URL/), 'https://sts.riverside.example/federationmetadata.xml');
    await user.click(screen.getByRole('switch', { name: /^Enabled/ }));
    await user.click(screen.getByRole('button', { name: 'Add identity provider' }));
    await waitFor(() => expect(callsTo('/admin/identityProvider/create')).toHaveLength(1));
    expect(callsTo('/admin/identityProvider/create')[0]?.body).toEqual({
      providerId: NEW_ID,
      protocol: 'saml',
      displayName: '',
      defaultView: 'Provider',
      allowedEmailDomains: [],
      claimMapping: {},
      metadataUrl: 'https://sts.riverside.example/federationmetadata.xml',
      isEnabled: false,
    });
  });

  it('asks for the metadata of a new SAML provider before creating anything', async () => {
    const { callsTo } = answerApi({ '/admin/identityProvider/prepare': PREPARED });
    const user = fastUser();
    renderWithProviders(<SsoSection />, { url: '/admin/sso?provider=new' });
    await user.click(await screen.findByRole('radio', { name: 'SAML 2.0' }));
    await user.click(screen.getByRole('button', { name: 'Add identity provider' }));
    expect(await screen.findByText("Enter the URL of the identity provider's metadata")).toBeInTheDocument();
    expect(callsTo('/admin/identityProvider/create')).toEqual([]);
  });

  it('sends only the pasted metadata XML when the XML is chosen', async () => {
    const { callsTo } = answerApi({
      '/admin/identityProvider/prepare': PREPARED,
      '/admin/identityProvider/create': result(aSamlProvider({ id: NEW_ID })),
      '/admin/identityProvider/get': result(aSamlProvider({ id: NEW_ID })),
    });
    const user = fastUser();
    renderWithProviders(<SsoSection />, { url: '/admin/sso?provider=new' });
    await user.click(await screen.findByRole('radio', { name: 'SAML 2.0' }));
    await fill(user, screen.getByLabelText(/^Metadata URL/), 'https://unreachable.example/metadata');
    await user.click(screen.getByRole('radio', { name: 'Paste the XML' }));
    await user.click(screen.getByLabelText(/^Metadata XML/));
    await user.paste('<EntityDescriptor entityID="https://sts.riverside.example/entity"/>');
    await user.click(screen.getByRole('button', { name: 'Add identity provider' }));
    await waitFor(() => expect(callsTo('/admin/identityProvider/create')).toHaveLength(1));
    const body = callsTo('/admin/identityProvider/create')[0]?.body;
    expect(body).toMatchObject({ metadataXml: '<EntityDescriptor entityID="https://sts.riverside.example/entity"/>' });
    expect(body).not.toHaveProperty('metadataUrl');
  });

  it('shows at its field a domain another provider claims', async () => {
    answerApi({
      '/admin/identityProvider/prepare': PREPARED,
      '/admin/identityProvider/create': {
        status: 409,
        body: {
          error: {
            code: 'CONFLICT',
            message:
              'The email domain riverside.example already signs in through the identity provider Riverside Okta.',
            details: { field: 'allowedEmailDomains', domain: 'riverside.example', providerId: OKTA_ID },
          },
        },
      },
    });
    const user = fastUser();
    renderWithProviders(<SsoSection />, { url: '/admin/sso?provider=new' });
    await user.click(await screen.findByRole('radio', { name: 'SAML 2.0' }));
    await fill(user, screen.getByLabelText(/^Metadata URL/), 'https://sts.riverside.example/federationmetadata.xml');
    await user.type(screen.getByLabelText(/^Allowed email domains/), 'riverside.example,');
    await user.click(screen.getByRole('button', { name: 'Add identity provider' }));
    const message = await screen.findByText(/already signs in through the identity provider Riverside Okta/);
    expect(message.closest('.ant-form-item')).toContainElement(screen.getByLabelText(/^Allowed email domains/));
  });
});

describe('Test sign-in', () => {
  it("opens a new tab that starts the test of the row's provider", async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    answerApi({ '/admin/identityProvider/list': BOTH });
    const user = fastUser();
    renderWithProviders(<SsoSection />, { url: '/admin/sso' });
    await user.click(await screen.findByRole('button', { name: 'Test sign-in with Riverside Entra' }));
    expect(open).toHaveBeenCalledWith(`/admin/sso?test=start&provider=${ENTRA_ID}`, '_blank', 'noopener');
  });

  it('in that tab, starts a sign-in at that provider bound to the tab and leaves for it', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { assign, origin: 'http://localhost:3000', pathname: '/admin/sso', search: '' });
    const { callsTo } = answerApi({
      '/admin/identityProvider/test': result({ authorizationUrl: 'https://login.riverside.example/authorize?x=1' }),
    });
    renderWithProviders(<SsoSection />, { url: `/admin/sso?test=start&provider=${OKTA_ID}` });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://login.riverside.example/authorize?x=1'));
    expect(callsTo('/admin/identityProvider/test')[0]?.body).toEqual({
      providerId: OKTA_ID,
      browserBinding: sessionStorage.getItem(SESSION_STORAGE_KEYS.ssoBrowserBinding),
    });
  });

  it('shows what the provider sent and how it mapped when the test comes back, above the list', async () => {
    sessionStorage.setItem(
      SESSION_STORAGE_KEYS.ssoTestResult,
      JSON.stringify({
        provider: { id: OKTA_ID, name: 'Riverside Okta', protocol: 'oidc' },
        claims: { sub: 'abc', upn: 'ada@elsewhere.example', groups: ['Coders'] },
        mapped: { email: 'ada@elsewhere.example', firstName: 'Ada', groups: ['Coders'] },
        isEmailDomainAllowed: false,
      }),
    );
    answerApi({ '/admin/identityProvider/list': BOTH });
    renderWithProviders(<SsoSection />, { url: '/admin/sso?test=result' });
    expect(await screen.findByRole('heading', { name: 'Test sign-in with Riverside Okta' })).toBeInTheDocument();
    expect(screen.getByText(/whose email is not in an allowed domain/)).toBeInTheDocument();
    expect(screen.getByText(/No session or user was created/)).toBeInTheDocument();
    const claims = screen.getByRole('table', { name: 'Claims received' });
    expect(claims).toHaveTextContent('upn');
    expect(claims).toHaveTextContent('["Coders"]');
    expect(await screen.findByRole('table', { name: 'Identity providers' })).toBeInTheDocument();
  });

  it('speaks of attributes for a SAML provider, the NameID among them', async () => {
    sessionStorage.setItem(
      SESSION_STORAGE_KEYS.ssoTestResult,
      JSON.stringify({
        provider: { id: ENTRA_ID, name: 'Riverside Entra', protocol: 'saml' },
        claims: {
          nameID: 'ada@riverside.example',
          nameIDFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
          givenName: 'Ada',
        },
        mapped: { username: 'ada@riverside.example', email: 'ada@riverside.example', firstName: 'Ada', groups: [] },
        isEmailDomainAllowed: true,
      }),
    );
    answerApi({ '/admin/identityProvider/list': BOTH });
    renderWithProviders(<SsoSection />, { url: '/admin/sso?test=result' });
    const attributes = await screen.findByRole('table', { name: 'Attributes received' });
    expect(attributes).toHaveTextContent('nameIDFormat');
    expect(attributes).toHaveTextContent('givenName');
    expect(screen.getByText('How the attributes mapped')).toBeInTheDocument();
  });
});
