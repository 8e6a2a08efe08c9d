import {
  completeSso as completeEndpoint,
  createIdentityProvider as createProviderEndpoint,
  deleteIdentityProvider as deleteProviderEndpoint,
  getIdentityProvider as getProviderEndpoint,
  getSsoLogoutUrl,
  listIdentityProviders as listAdminProvidersEndpoint,
  listSsoProviders as listProvidersEndpoint,
  prepareIdentityProvider as prepareProviderEndpoint,
  samlAcsForm,
  setIdentityProvider as setProviderEndpoint,
  setIdentityProviderEnabled as setProviderEnabledEndpoint,
  startSso as startEndpoint,
  testIdentityProvider as testProviderEndpoint,
  updateIdentityProvider as updateProviderEndpoint,
} from '@cairn/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { serviceProviderMetadata } from '../../integrations/saml/saml-client';
import { AppError } from '../../lib/app-error';
import { openServerSecretBox, type SecretBox } from '../../lib/secret-box';
import { route } from '../../lib/route';
import {
  createIdentityProvider,
  deleteIdentityProvider,
  getIdentityProvider,
  listIdentityProviders,
  prepareIdentityProvider,
  setIdentityProvider,
  setIdentityProviderEnabled,
  updateIdentityProvider,
} from './identity-provider.service';
import { receiveSamlResponse } from './saml-sign-in';
import { listSsoProviders } from './sso-offer.service';
import { startTestSignIn } from './sso-test.service';
import { completeSso, ssoLogoutUrl, startSso, type SsoServiceDeps } from './sso.service';
import {
  SAML_ACS_PATH,
  samlOrganisationMetadataPath,
  samlProviderAcsPath,
  samlProviderMetadataPath,
  samlServiceProvider,
} from './sso-urls';

export interface SsoRoutesOptions {
  /** The API's public address (`CAIRN_API_URL`); its origin serves the web app's `/sso` route. */
  apiUrl: string;
  /** `CAIRN_ENCRYPTION_KEY`; unset, the key is generated once and kept in `server_secrets`. */
  encryptionKey?: string | undefined;
  /** The configuration name: production refuses plain-http identity providers, even on this machine. */
  name: string;
}

/** Single sign-on with the organisation's OpenID or SAML provider, and its administration. */
export function ssoRoutes(app: FastifyInstance, options: SsoRoutesOptions): void {
  let secretBox: Promise<SecretBox> | undefined;
  const deps: SsoServiceDeps = {
    get db() {
      return app.database.db;
    },
    get accessTokens() {
      return app.accessTokens;
    },
    secretBox: () => (secretBox ??= openServerSecretBox(app.database.db, options.encryptionKey)),
    publicOrigin: new URL(options.apiUrl).origin,
    allowLoopbackHttp: options.name !== 'production',
  };
  route(app, listProvidersEndpoint, async ({ body }) => ({ result: await listSsoProviders(deps.db, body) }));
  route(app, startEndpoint, async ({ body, request }) => ({
    result: await startSso(deps, { ...body, clientAddress: request.ip }),
  }));
  route(app, completeEndpoint, async ({ body, request }) => ({
    result: await completeSso(deps, { ...body, clientAddress: request.ip }),
  }));
  route(app, getSsoLogoutUrl, async ({ auth }) => ({ result: await ssoLogoutUrl(deps, auth) }));
  const caller = (request: FastifyRequest, auth: Parameters<typeof startTestSignIn>[1]['auth']) => ({
    auth,
    clientAddress: request.ip,
  });
  route(app, listAdminProvidersEndpoint, async ({ auth, request }) => ({
    result: { providers: await listIdentityProviders(deps, caller(request, auth)) },
  }));
  route(app, prepareProviderEndpoint, ({ auth, request }) =>
    Promise.resolve({ result: prepareIdentityProvider(deps, caller(request, auth)) }),
  );
  route(app, getProviderEndpoint, async ({ body, auth, request }) => ({
    result: await getIdentityProvider(deps, caller(request, auth), body),
  }));
  route(app, createProviderEndpoint, async ({ body, auth, request }) => ({
    result: await createIdentityProvider(deps, caller(request, auth), body),
  }));
  route(app, updateProviderEndpoint, async ({ body, auth, request }) => ({
    result: await updateIdentityProvider(deps, caller(request, auth), body),
  }));
  route(app, setProviderEndpoint, async ({ body, auth, request }) => ({
    result: await setIdentityProvider(deps, caller(request, auth), body),
  }));
  route(app, setProviderEnabledEndpoint, async ({ body, auth, request }) => ({
    result: await setIdentityProviderEnabled(deps, caller(request, auth), body),
  }));
  route(app, testProviderEndpoint, async ({ body, auth, request }) => ({
    result: await startTestSignIn(deps, caller(request, auth), body),
  }));
  route(app, deleteProviderEndpoint, async ({ body, auth, request }) => ({
    result: await deleteIdentityProvider(deps, caller(request, auth), body),
  }));
  samlRoutes(app, deps);
}

const withoutPrefix = (path: string) => path.replace(/^\/api/, '');

/**
 * Cairn's SAML service provider: its metadata and assertion consumer service for each provider, and
 * the organisation's ones that the provider an organisation had before keeps.
 */
function samlRoutes(app: FastifyInstance, deps: SsoServiceDeps): void {
  const metadataOptions = {
    schema: { summary: "Cairn's SAML service provider metadata for an identity provider", tags: ['sso'] },
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
  };
  // Public: the IdP's administrator (or the IdP itself) imports it, before the provider is saved here too.
  app.get(withoutPrefix(samlOrganisationMetadataPath(':organisationId')), metadataOptions, async (request, reply) => {
    const organisationId = uuidParameter(request.params, 'organisationId');
    const key = { id: organisationId, organisationId, hasOrganisationUrls: true };
    return sendMetadata(reply, serviceProviderMetadata(samlServiceProvider(deps.publicOrigin, key)));
  });
  app.get(withoutPrefix(samlProviderMetadataPath(':providerId')), metadataOptions, async (request, reply) => {
    const providerId = uuidParameter(request.params, 'providerId');
    const key = { id: providerId, organisationId: '', hasOrganisationUrls: false };
    return sendMetadata(reply, serviceProviderMetadata(samlServiceProvider(deps.publicOrigin, key)));
  });
  app.register(async (scope) => {
    // The IdP's page posts a form (SAML bindings §3.5): read here, and only here.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 2_000_000 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const acsOptions = {
      schema: { summary: 'The SAML assertion consumer service (HTTP-POST binding)', tags: ['sso'] },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    };
    scope.post(withoutPrefix(SAML_ACS_PATH), acsOptions, (request, reply) =>
      receiveAtAcs(deps, { request, reply, acs: 'organisation' }),
    );
    scope.post(withoutPrefix(samlProviderAcsPath(':providerId')), acsOptions, (request, reply) =>
      receiveAtAcs(deps, { request, reply, acs: { providerId: uuidParameter(request.params, 'providerId') } }),
    );
  });
}

function uuidParameter(params: unknown, name: string): string {
  const parsed = z.object({ [name]: z.uuid() }).safeParse(params);
  if (!parsed.success) throw new AppError('NOT_FOUND', 'Not found.');
  return String(parsed.data[name]);
}

function sendMetadata(reply: FastifyReply, metadata: string): FastifyReply {
  return reply.header('cache-control', 'public, max-age=300').type('application/samlmetadata+xml').send(metadata);
}

/** Keeps the IdP's posted answer with its sign-in and sends the browser on to Cairn's `/sso` page. */
async function receiveAtAcs(
  deps: SsoServiceDeps,
  post: { request: FastifyRequest; reply: FastifyReply; acs: { providerId: string } | 'organisation' },
): Promise<FastifyReply> {
  const form = samlAcsForm.safeParse(post.request.body);
  if (!form.success) {
    throw AppError.validation(
      form.error.issues.map((issue) => ({ field: issue.path.join('.') || 'SAMLResponse', message: issue.message })),
    );
  }
  const { redirectUri, query } = await receiveSamlResponse(deps.db, {
    samlResponse: form.data.SAMLResponse.replace(/\s+/g, ''),
    relayState: form.data.RelayState,
    clientAddress: post.request.ip,
    acs: post.acs,
  });
  return post.reply.redirect(`${redirectUri ?? `${deps.publicOrigin}/sso`}?${query.toString()}`, 303);
}
