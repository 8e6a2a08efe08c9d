import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, failure, result } from '../../../../testing/answer-api';
import { fastUser, renderWithProviders } from '../../../../testing/render-with-providers';
import { anOidcProvider, aSamlProvider, ENTRA_ID, inDays, OKTA_ID } from '../../../../testing/sso-factories';
import SsoSection from './sso-section';

const OKTA = anOidcProvider();
const ENTRA = aSamlProvider();

function refusal(field: string, message: string) {
  return {
    status: 422,
    body: { error: { code: 'VALIDATION_FAILED', message: 'x', details: { issues: [{ field, message }] } } },
  };
}

describe('an OpenID Connect provider', () => {
  it('shows what to register at it and its settings, never a secret', async () => {
    const { callsTo } = answerApi({ '/admin/identityProvider/get': result(OKTA) });
    renderWithProviders(<SsoSection />, { url: `/admin/sso?provider=${OKTA_ID}` });
    expect(await screen.findByText(`http://localhost:3000/sso/${OKTA_ID}`)).toBeInTheDocument();
    expect(callsTo('/admin/identityProvider/get')[0]?.body).toEqual({ providerId: OKTA_ID });
    expect(screen.getByRole('heading', { name: 'Riverside Okta' })).toBeInTheDocument();
    expect(screen.getByText('Sign in with Riverside Okta')).toBeInTheDocument();
    expect(screen.getByLabelText('Issuer')).toHaveValue('https://login.riverside.example');
    expect(screen.getByLabelText(/^Client secret/)).toHaveValue('');
    expect(screen.getByText('A secret is stored, sealed. Leave empty to keep it.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email claim/)).toHaveValue('upn');
    expect(screen.getByLabelText(/^First name claim/)).toHaveAttribute('placeholder', 'given_name');
    expect(screen.getByRole('switch', { name: /^Enabled/ })).toBeChecked();
    expect(screen.getByRole('link', { name: /All identity providers/ })).toHaveAttribute('href', '/admin/sso');
  });

  it('keeps the stored secret when the field is left empty, and shows the field the server refused', async () => {
    const { callsTo } = answerApi({
      '/admin/identityProvider/get': result(OKTA),
      '/admin/identityProvider/update': refusal('issuer', 'The issuer could not be read'),
    });
    const user = fastUser();
    renderWithProviders(<SsoSection />, { url: `/admin/sso?provider=${OKTA_ID}` });
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The issuer could not be read')).toBeInTheDocument();
    const body = callsTo('/admin/identityProvider/update')[0]?.body;
    expect(body).toMatchObject({ providerId: OKTA_ID, isEnabled: true, issuer: 'https://login.riverside.example' });
    expect(body).not.toHaveProperty('clientSecret');
  });

  it('says there is no such provider, with the way back to the list', async () => {
    answerApi({ '/admin/identityProvider/get': failure(404, 'NOT_FOUND') });
    renderWithProviders(<SsoSection />, { url: `/admin/sso?provider=${OKTA_ID}` });
    expect(await screen.findByText('There is no such identity provider.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /All identity providers/ })).toBeInTheDocument();
  });
});

describe('a SAML 2.0 provider', () => {
  it('shows what to register for Cairn, what it read of the provider, and a certificate about to expire', async () => {
    answerApi({ '/admin/identityProvider/get': result(ENTRA) });
    renderWithProviders(<SsoSection />, { url: `/admin/sso?provider=${ENTRA_ID}` });
    expect(await screen.findByText(`http://localhost:3000/api/sso/saml/providers/${ENTRA_ID}/acs`)).toBeInTheDocument();
    expect(screen.getAllByText(`http://localhost:3000/api/sso/saml/providers/${ENTRA_ID}/metadata`)).toHaveLength(2);
    expect(screen.queryByText(`http://localhost:3000/sso/${ENTRA_ID}`)).not.toBeInTheDocument();
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
    renderWithProviders(<SsoSection />, { url: `/admin/sso?provider=${ENTRA_ID}` });
    expect(await screen.findByText(/^Expired on/)).toHaveClass('ant-tag-error');
  });

  it('keeps the stored metadata when the URL is unchanged', async () => {
    const { callsTo } = answerApi({
      '/admin/identityProvider/get': result(ENTRA),
      '/admin/identityProvider/update': result(ENTRA),
    });
    const user = fastUser();
    renderWithProviders(<SsoSection />, { url: `/admin/sso?provider=${ENTRA_ID}` });
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('/admin/identityProvider/update')).toHaveLength(1));
    const body = callsTo('/admin/identityProvider/update')[0]?.body;
    expect(body).toMatchObject({ providerId: ENTRA_ID, protocol: 'saml', displayName: 'Riverside Entra' });
    expect(body).not.toHaveProperty('metadataUrl');
    expect(body).not.toHaveProperty('metadataXml');
    expect(body).not.toHaveProperty('issuer');
    expect(await screen.findByText('Riverside Entra is saved.')).toBeInTheDocument();
  });

  it('shows under the metadata URL why the server could not read it', async () => {
    const { callsTo } = answerApi({
      '/admin/identityProvider/get': result(ENTRA),
      '/admin/identityProvider/update': refusal('metadataUrl', 'The metadata could not be read'),
    });
    const user = fastUser();
    renderWithProviders(<SsoSection />, { url: `/admin/sso?provider=${ENTRA_ID}` });
    const metadataUrl = await screen.findByLabelText(/^Metadata URL/);
    await user.clear(metadataUrl);
    await user.click(metadataUrl);
    await user.paste('https://sts.riverside.example/moved.xml');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const message = await screen.findByText('The metadata could not be read');
    expect(message.closest('.ant-form-item')).toContainElement(screen.getByLabelText(/^Metadata URL/));
    expect(callsTo('/admin/identityProvider/update')[0]?.body).toHaveProperty(
      'metadataUrl',
      'https://sts.riverside.example/moved.xml',
    );
  });

  it('shows above the form a refusal of a field it does not show', async () => {
    answerApi({
      '/admin/identityProvider/get': result(ENTRA),
      '/admin/identityProvider/update': {
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
    renderWithProviders(<SsoSection />, { url: `/admin/sso?provider=${ENTRA_ID}` });
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Either the metadata URL or its XML, not both');
  });
});
