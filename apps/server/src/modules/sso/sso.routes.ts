import {
  completeSso as completeEndpoint,
  deleteIdentityProvider as deleteProviderEndpoint,
  getIdentityProvider as getProviderEndpoint,
  getSsoLogoutUrl,
  listSsoProviders as listProvidersEndpoint,
  setIdentityProvider as setProviderEndpoint,
  startSso as startEndpoint,
  testIdentityProvider as testProviderEndpoint,
} from '@cairn/contracts';
import type { FastifyInstance } from 'fastify';
import { openServerSecretBox, type SecretBox } from '../../lib/secret-box';
import { route } from '../../lib/route';
import { deleteIdentityProvider, getIdentityProvider, setIdentityProvider } from './identity-provider.service';
import { listSsoProviders } from './sso-offer.service';
import { startTestSignIn } from './sso-test.service';
import { completeSso, ssoLogoutUrl, startSso, type SsoServiceDeps } from './sso.service';

export interface SsoRoutesOptions {
  /** The API's public address (`CAIRN_API_URL`); its origin serves the web app's `/sso` route. */
  apiUrl: string;
  /** `CAIRN_ENCRYPTION_KEY`; unset, the key is generated once and kept in `server_secrets`. */
  encryptionKey?: string | undefined;
  /** The configuration name: production refuses plain-http identity providers, even on this machine. */
  name: string;
}

/** Single sign-on with the organisation's OpenID provider, and its administration. */
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
}
