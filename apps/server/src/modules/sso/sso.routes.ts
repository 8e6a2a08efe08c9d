import {
  completeSso as completeEndpoint,
  deleteIdentityProvider as deleteProviderEndpoint,
  getIdentityProvider as getProviderEndpoint,
  getSsoLogoutUrl,
  listSsoProviders as listProvidersEndpoint,
  samlAcsForm,
  setIdentityProvider as setProviderEndpoint,
  startSso as startEndpoint,
  testIdentityProvider as testProviderEndpoint,
} from '@cairn/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { serviceProviderMetadata } from '../../integrations/saml/saml-client';
import { AppError } from '../../lib/app-error';
import { openServerSecretBox, type SecretBox } from '../../lib/secret-box';
import { route } from '../../lib/route';
import { deleteIdentityProvider, getIdentityProvider, setIdentityProvider } from './identity-provider.service';
import { receiveSamlResponse, SAML_ACS_PATH, samlMetadataPath, samlServiceProvider } from './saml-sign-in';
import { listSsoProviders } from './sso-offer.service';
import { startTestSignIn } from './sso-test.service';
import { completeSso, ssoLogoutUrl, ssoRedirectUri, startSso, type SsoServiceDeps } from './sso.service';

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
  route(app, getProviderEndpoint, async ({ auth, request }) => ({
    result: await getIdentityProvider(deps, { auth, clientAddress: request.ip }),
  }));
  route(app, setProviderEndpoint, async ({ body, auth, request }) => ({
    result: await setIdentityProvider(deps, { auth, clientAddress: request.ip }, body),
  }));
  route(app, testProviderEndpoint, async ({ body, auth, request }) => ({
    result: await startTestSignIn(deps, { auth, clientAddress: request.ip }, body),
  }));
  route(app, deleteProviderEndpoint, async ({ auth, request }) => ({
    result: await deleteIdentityProvider(deps, { auth, clientAddress: request.ip }),
  }));
  samlRoutes(app, deps);
}

/** Cairn's SAML service provider: its metadata per organisation, and the assertion consumer service. */
function samlRoutes(app: FastifyInstance, deps: SsoServiceDeps): void {
  const withoutPrefix = (path: string) => path.replace(/^\/api/, '');
  // Public: the IdP's administrator (or the IdP itself) imports it.
  app.get(
    withoutPrefix(samlMetadataPath(':organisationId')),
    {
      schema: { summary: "Cairn's SAML service provider metadata for an organisation", tags: ['sso'] },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const params = z.object({ organisationId: z.uuid() }).safeParse(request.params);
      if (!params.success) throw new AppError('NOT_FOUND', 'Not found.');
      const metadata = serviceProviderMetadata(samlServiceProvider(deps.publicOrigin, params.data.organisationId));
      return reply.header('cache-control', 'public, max-age=300').type('application/samlmetadata+xml').send(metadata);
    },
  );
  app.register(async (scope) => {
    // The IdP's page posts a form (SAML bindings §3.5): read here, and only here.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 2_000_000 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.post(
      withoutPrefix(SAML_ACS_PATH),
      {
        schema: { summary: 'The SAML assertion consumer service (HTTP-POST binding)', tags: ['sso'] },
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const form = samlAcsForm.safeParse(request.body);
        if (!form.success) {
          throw AppError.validation(
            form.error.issues.map((issue) => ({
              field: issue.path.join('.') || 'SAMLResponse',
              message: issue.message,
            })),
          );
        }
        const query = await receiveSamlResponse(deps.db, {
          samlResponse: form.data.SAMLResponse.replace(/\s+/g, ''),
          relayState: form.data.RelayState,
          clientAddress: request.ip,
        });
        return reply.redirect(`${ssoRedirectUri(deps.publicOrigin)}?${query.toString()}`, 303);
      },
    );
  });
}
