import type { EndpointBody, IdentityProvider, setIdentityProvider as setEndpoint } from '@cairn/contracts';
import { discoverProvider, forgetProvider } from '../../integrations/oidc/oidc-client';
import { AppError } from '../../lib/app-error';
import { writeAudit, type AuthContext } from '../../access';
import {
  deleteIdentityProvider as deleteProviderRow,
  findIdentityProvider,
  findIdentityProviderByEmailDomain,
  upsertIdentityProvider,
} from './sso.repository';
import { identityProviderView, type SsoServiceDeps } from './sso.service';

interface Caller {
  auth: AuthContext;
  clientAddress: string | undefined;
}

/** Only an administrator of the organisation manages its identity provider (not `admin_tool` alone). */
function requireAdmin(auth: AuthContext): void {
  if (!auth.isAdmin) throw new AppError('FORBIDDEN');
}

export async function getIdentityProvider(deps: SsoServiceDeps, caller: Caller): Promise<IdentityProvider> {
  requireAdmin(caller.auth);
  const provider = await findIdentityProvider(deps.db, caller.auth.organisationId);
  if (!provider) throw new AppError('NOT_FOUND', 'Single sign-on is not set up for this organisation.');
  return identityProviderView(provider, deps.publicOrigin);
}

/**
 * Sets the organisation's provider. The issuer must answer discovery with these credentials' client
 * id; the client secret is sealed before it is stored and kept when a change omits it.
 */
export async function setIdentityProvider(
  deps: SsoServiceDeps,
  caller: Caller,
  input: EndpointBody<typeof setEndpoint>,
): Promise<IdentityProvider> {
  requireAdmin(caller.auth);
  const organisationId = caller.auth.organisationId;
  const existing = await findIdentityProvider(deps.db, organisationId);
  const secretBox = await deps.secretBox();
  const clientSecret =
    input.clientSecret ?? (existing ? secretBox.open(existing.clientSecretEncrypted, organisationId) : undefined);
  if (clientSecret === undefined) {
    throw AppError.validation([{ field: 'clientSecret', message: 'Required' }]);
  }
  await refuseDomainsOfOthers(deps, organisationId, input);
  // The issuer is kept exactly as given: discovery compares it with the document's (a trailing / counts).
  const issuer = input.issuer;
  forgetProvider(issuer);
  try {
    await discoverProvider({
      issuer,
      clientId: input.clientId,
      clientSecret,
      allowLoopbackHttp: deps.allowLoopbackHttp,
    });
  } catch {
    throw AppError.validation([
      {
        field: 'issuer',
        message: "The issuer's OpenID configuration (/.well-known/openid-configuration) could not be read",
      },
    ]);
  }
  const provider = await upsertIdentityProvider(deps.db, {
    organisationId,
    issuer,
    clientId: input.clientId,
    clientSecretEncrypted: secretBox.seal(clientSecret, organisationId),
    scopes: input.scopes,
    emailDomain: input.emailDomain ?? null,
    defaultView: input.defaultView,
    displayName: input.displayName,
    claimMapping: input.claimMapping,
    allowedEmailDomains: [...new Set(input.allowedEmailDomains)],
  });
  await writeAudit(deps.db, {
    organisationId,
    userId: caller.auth.userId,
    action: 'sso.identity_provider_set',
    clientAddress: caller.clientAddress,
    details: {
      issuer,
      clientId: input.clientId,
      secretChanged: input.clientSecret !== undefined,
      displayName: input.displayName,
      claimMapping: input.claimMapping,
      allowedEmailDomains: input.allowedEmailDomains,
    },
  });
  return identityProviderView(provider, deps.publicOrigin);
}

export async function deleteIdentityProvider(deps: SsoServiceDeps, caller: Caller): Promise<true> {
  requireAdmin(caller.auth);
  const provider = await findIdentityProvider(deps.db, caller.auth.organisationId);
  if (!provider || !(await deleteProviderRow(deps.db, caller.auth.organisationId))) {
    throw new AppError('NOT_FOUND', 'Single sign-on is not set up for this organisation.');
  }
  forgetProvider(provider.issuer);
  await writeAudit(deps.db, {
    organisationId: caller.auth.organisationId,
    userId: caller.auth.userId,
    action: 'sso.identity_provider_deleted',
    clientAddress: caller.clientAddress,
    details: { issuer: provider.issuer },
  });
  return true;
}

/** A domain routes to one organisation: one another organisation claims is a 409 naming it. */
async function refuseDomainsOfOthers(
  deps: SsoServiceDeps,
  organisationId: string,
  input: { emailDomain?: string | undefined; allowedEmailDomains: string[] },
): Promise<void> {
  const domains = [...(input.emailDomain ? [input.emailDomain] : []), ...input.allowedEmailDomains];
  for (const domain of new Set(domains)) {
    const owner = await findIdentityProviderByEmailDomain(deps.db, domain);
    if (owner && owner.organisationId !== organisationId) {
      throw new AppError('CONFLICT', `The email domain ${domain} already signs in through another organisation.`, {
        field: input.emailDomain === domain ? 'emailDomain' : 'allowedEmailDomains',
        domain,
      });
    }
  }
}
