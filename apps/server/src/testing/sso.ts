import { randomBytes } from 'node:crypto';
import {
  completeSso,
  createIdentityProvider,
  prepareIdentityProvider,
  startSso,
  testIdentityProvider,
  type EndpointInput,
  type IdentityProvider,
  type IdentityProviderRegistration,
} from '@cairn/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  signInAtProvider,
  startTestOpenIdProvider,
  type TestAccount,
  type TestOpenIdProvider,
} from '../integrations/oidc/test-openid-provider';
import {
  signInAtSamlIdp,
  startTestSamlIdp,
  type PostedSamlForm,
  type TestSamlIdp,
  type TestSamlUser,
} from '../integrations/saml/test-saml-idp';
import { call } from './api';

/** A random value a browser tab keeps from the start of a sign-in to its completion. */
export function newBrowserBinding(): string {
  return randomBytes(24).toString('base64url');
}

export interface OidcProviderUnderTest {
  providerId: string;
  idp: TestOpenIdProvider;
  /** The people who can sign in at the IdP: push an account before signing it in. */
  accounts: TestAccount[];
}

type ProviderSettings = Omit<EndpointInput<typeof createIdentityProvider>, 'providerId'>;

/**
 * An OpenID provider added to the organisation the way an administrator does: the admin tool prepares
 * its id and redirect URI, the IdP (a real `oidc-provider`, started here) registers Cairn with them,
 * then the provider is created with the IdP's issuer and client.
 */
export async function addOidcProvider(
  app: FastifyInstance,
  token: string,
  settings: Omit<ProviderSettings, 'issuer' | 'clientId' | 'clientSecret'> = {},
): Promise<OidcProviderUnderTest> {
  const prepared = await call(app, prepareIdentityProvider, { token });
  const { providerId, registration } = prepared.json<{
    result: { providerId: string; registration: IdentityProviderRegistration };
  }>().result;
  const accounts: TestAccount[] = [];
  const idp = await startTestOpenIdProvider({
    redirectUris: [registration.redirectUri],
    postLogoutRedirectUris: [registration.postLogoutRedirectUri],
    accounts,
  });
  const created = await call(app, createIdentityProvider, {
    token,
    body: { ...settings, providerId, issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret },
  });
  if (created.statusCode !== 200) throw new Error(`OpenID provider not created: ${created.body}`);
  return { providerId, idp, accounts };
}

export interface SamlProviderUnderTest {
  providerId: string;
  idp: TestSamlIdp;
}

/**
 * A SAML provider added to the organisation: created from the IdP's metadata URL (a real `samlify`
 * IdP, started here), whose administrator then registers Cairn from the SP metadata Cairn publishes.
 */
export async function addSamlProvider(
  app: FastifyInstance,
  token: string,
  settings: Omit<ProviderSettings, 'protocol' | 'metadataUrl' | 'metadataXml'> = {},
): Promise<SamlProviderUnderTest> {
  const idp = await startTestSamlIdp();
  const created = await call(app, createIdentityProvider, {
    token,
    body: { ...settings, protocol: 'saml', metadataUrl: idp.metadataUrl },
  });
  if (created.statusCode !== 200) throw new Error(`SAML provider not created: ${created.body}`);
  const provider = created.json<{ result: IdentityProvider }>().result;
  const metadataUrl = new URL(provider.saml?.serviceProvider.metadataUrl ?? '');
  idp.trust((await app.inject({ method: 'GET', url: metadataUrl.pathname })).body);
  return { providerId: provider.id, idp };
}

/** How a sign-in is started: at the login card (`startSso`), or by an administrator's Test sign-in. */
export type SignInStart = { body: EndpointInput<typeof startSso> } | { test: { token: string; providerId?: string } };

/** Starts a sign-in: the browser binding and the provider's URL (none when Cairn refused to start). */
export async function startSignIn(
  app: FastifyInstance,
  start: SignInStart,
): Promise<{ response: LightMyRequestResponse; browserBinding: string; authorizationUrl: string | undefined }> {
  const browserBinding = newBrowserBinding();
  const response =
    'test' in start
      ? await call(app, testIdentityProvider, {
          token: start.test.token,
          body: { browserBinding, ...(start.test.providerId ? { providerId: start.test.providerId } : {}) },
        })
      : await call(app, startSso, { body: { ...start.body, browserBinding } });
  const authorizationUrl = response.json<{ result?: { authorizationUrl: string } }>().result?.authorizationUrl;
  return { response, browserBinding, authorizationUrl };
}

/** Signs an account in at an OpenID provider from a started sign-in, and completes at Cairn. */
export async function completeOidcSignIn(
  app: FastifyInstance,
  started: { browserBinding: string; authorizationUrl: string | undefined },
  account: TestAccount,
): Promise<LightMyRequestResponse> {
  const callback = await signInAtProvider(started.authorizationUrl ?? '', account);
  return call(app, completeSso, {
    body: {
      state: callback.searchParams.get('state') ?? '',
      code: callback.searchParams.get('code') ?? '',
      iss: callback.searchParams.get('iss') ?? undefined,
      browserBinding: started.browserBinding,
    },
  });
}

/** Signs a user in at a SAML IdP from a started sign-in: the form the IdP's page posts to Cairn. */
export async function signInAtSaml(
  idp: TestSamlIdp,
  started: { authorizationUrl: string | undefined },
  user: TestSamlUser,
): Promise<PostedSamlForm> {
  idp.signInAs(user);
  return signInAtSamlIdp(started.authorizationUrl ?? '');
}

/** Posts the IdP's form where it posts it (its `action`), then completes at the page Cairn sends the browser to. */
export async function completeSamlSignIn(
  app: FastifyInstance,
  form: PostedSamlForm,
  browserBinding: string,
): Promise<{ acs: LightMyRequestResponse; completed: LightMyRequestResponse }> {
  const acs = await app.inject({
    method: 'POST',
    url: new URL(form.action).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ SAMLResponse: form.SAMLResponse, RelayState: form.RelayState ?? '' }).toString(),
  });
  const page = new URL(String(acs.headers.location));
  const completed = await call(app, completeSso, {
    body: {
      state: page.searchParams.get('state') ?? '',
      ...(page.searchParams.has('code') ? { code: page.searchParams.get('code') ?? '' } : {}),
      ...(page.searchParams.has('error') ? { error: page.searchParams.get('error') ?? '' } : {}),
      browserBinding,
    },
  });
  return { acs, completed };
}
