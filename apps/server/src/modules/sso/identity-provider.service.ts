import type { EndpointBody, IdentityProvider, setIdentityProvider as setEndpoint } from '@cairn/contracts';
import { discoverProvider, forgetProvider } from '../../integrations/oidc/oidc-client';
import { fetchIdpMetadata, parseIdpMetadata, SamlMetadataError } from '../../integrations/saml/saml-metadata';
import { AppError } from '../../lib/app-error';
import { writeAudit, type AuthContext } from '../../access';
import {
  deleteIdentityProvider as deleteProviderRow,
  findIdentityProvider,
  findIdentityProviderByEmailDomain,
  upsertIdentityProvider,
  type IdentityProviderRow,
  type NewIdentityProvider,
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
 * Sets the organisation's provider. An OpenID issuer must answer discovery with these credentials'
 * client id; the client secret is sealed before it is stored and kept when a change omits it. A SAML
 * provider's metadata (read from its URL, or given as XML) must describe one IdP with an HTTP-Redirect
 * sign-in service and a signing certificate; a change that gives neither keeps the stored metadata
 * (read again from its URL).
 */
export async function setIdentityProvider(
  deps: SsoServiceDeps,
  caller: Caller,
  input: EndpointBody<typeof setEndpoint>,
): Promise<IdentityProvider> {
  requireAdmin(caller.auth);
  const organisationId = caller.auth.organisationId;
  const existing = await findIdentityProvider(deps.db, organisationId);
  await refuseDomainsOfOthers(deps, organisationId, input);
  const protocolFields =
    input.protocol === 'saml'
      ? await samlFields(deps, input, existing)
      : await oidcFields(deps, organisationId, input, existing);
  if (existing) forgetProvider(existing.issuer);
  const provider = await upsertIdentityProvider(deps.db, {
    organisationId,
    ...protocolFields,
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
      protocol: input.protocol,
      issuer: provider.issuer,
      clientId: provider.clientId,
      secretChanged: input.clientSecret !== undefined,
      ...(provider.samlMetadataUrl ? { metadataUrl: provider.samlMetadataUrl } : {}),
      displayName: input.displayName,
      claimMapping: input.claimMapping,
      allowedEmailDomains: input.allowedEmailDomains,
    },
  });
  return identityProviderView(provider, deps.publicOrigin);
}

type ProtocolFields = Pick<
  NewIdentityProvider,
  | 'protocol'
  | 'issuer'
  | 'clientId'
  | 'clientSecretEncrypted'
  | 'samlMetadataUrl'
  | 'samlMetadataXml'
  | 'samlMetadataReadAt'
>;

/** OpenID Connect: the issuer answers discovery for this client; the secret sealed (or kept). */
async function oidcFields(
  deps: SsoServiceDeps,
  organisationId: string,
  input: EndpointBody<typeof setEndpoint>,
  existing: IdentityProviderRow | undefined,
): Promise<ProtocolFields> {
  const secretBox = await deps.secretBox();
  const stored = existing?.protocol === 'oidc' && existing.clientSecretEncrypted !== '' ? existing : undefined;
  const clientSecret =
    input.clientSecret ?? (stored ? secretBox.open(stored.clientSecretEncrypted, organisationId) : undefined);
  if (clientSecret === undefined) {
    throw AppError.validation([{ field: 'clientSecret', message: 'Required' }]);
  }
  // The schema requires both for OpenID Connect; the issuer is kept exactly as given (discovery
  // compares it with the document's: a trailing / counts).
  const issuer = input.issuer ?? '';
  const clientId = input.clientId ?? '';
  forgetProvider(issuer);
  try {
    await discoverProvider({ issuer, clientId, clientSecret, allowLoopbackHttp: deps.allowLoopbackHttp });
  } catch {
    throw AppError.validation([
      {
        field: 'issuer',
        message: "The issuer's OpenID configuration (/.well-known/openid-configuration) could not be read",
      },
    ]);
  }
  return {
    protocol: 'oidc',
    issuer,
    clientId,
    clientSecretEncrypted: secretBox.seal(clientSecret, organisationId),
    samlMetadataUrl: null,
    samlMetadataXml: null,
    samlMetadataReadAt: null,
  };
}
/**
 * SAML: the IdP's metadata from its URL or as given, which must describe one usable IdP; neither
 * given on a SAML provider already set: its stored metadata (read again from its URL when it has one).
 */
async function samlFields(
  deps: SsoServiceDeps,
  input: EndpointBody<typeof setEndpoint>,
  existing: IdentityProviderRow | undefined,
): Promise<ProtocolFields> {
  const stored = existing?.protocol === 'saml' ? existing : undefined;
  const metadataUrl = input.metadataUrl ?? (input.metadataXml === undefined ? stored?.samlMetadataUrl : undefined);
  const field = metadataUrl !== undefined && metadataUrl !== null ? 'metadataUrl' : 'metadataXml';
  let xml: string | undefined;
  try {
    xml = metadataUrl
      ? await fetchIdpMetadata(metadataUrl, { allowLoopbackHttp: deps.allowLoopbackHttp })
      : (input.metadataXml ?? stored?.samlMetadataXml ?? undefined);
    if (xml === undefined) throw AppError.validation([{ field: 'metadataUrl', message: 'Required' }]);
    const metadata = parseIdpMetadata(xml);
    return {
      protocol: 'saml',
      issuer: metadata.entityId,
      clientId: '',
      clientSecretEncrypted: '',
      samlMetadataUrl: metadataUrl ?? null,
      samlMetadataXml: xml,
      samlMetadataReadAt: deps.now?.() ?? new Date(),
    };
  } catch (error) {
    if (error instanceof SamlMetadataError) throw AppError.validation([{ field, message: error.message }]);
    throw error;
  }
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
