import type { identityProviderInput } from '@cairn/contracts';
import type { z } from 'zod';
import { discoverProvider, forgetProvider } from '../../integrations/oidc/oidc-client';
import { fetchIdpMetadata, parseIdpMetadata, SamlMetadataError } from '../../integrations/saml/saml-metadata';
import { AppError } from '../../lib/app-error';
import {
  findIdentityProvidersByEmailDomain,
  type IdentityProviderRow,
  type NewIdentityProvider,
} from './identity-provider.repository';
import { signInName } from './identity-provider-view';
import type { SsoServiceDeps } from './sso.service';

/** A provider's settings as the admin calls take them (create, update and set share them). */
export type ProviderSettingsInput = z.output<typeof identityProviderInput>;

/** The stored fields of a provider's settings, read and checked (discovery, metadata) from the input. */
export type ProviderSettings = Omit<
  NewIdentityProvider,
  'id' | 'organisationId' | 'isEnabled' | 'hasOrganisationUrls' | 'lastSignInAt' | 'createdAt'
>;

/**
 * The settings to store. An OpenID issuer must answer discovery with these credentials' client id; the
 * client secret is sealed before it is stored and kept when a change omits it. A SAML provider's
 * metadata (read from its URL, or given as XML) must describe one IdP with an HTTP-Redirect sign-in
 * service and a signing certificate; a change that gives neither keeps the stored metadata (read again
 * from its URL).
 */
export async function readProviderSettings(
  deps: SsoServiceDeps,
  organisationId: string,
  input: ProviderSettingsInput,
  existing: IdentityProviderRow | undefined,
): Promise<ProviderSettings> {
  const protocolFields =
    input.protocol === 'saml'
      ? await samlFields(deps, input, existing)
      : await oidcFields(deps, organisationId, input, existing);
  if (existing) forgetProvider(existing.issuer);
  return {
    ...protocolFields,
    scopes: input.scopes,
    emailDomain: input.emailDomain ?? null,
    defaultView: input.defaultView,
    displayName: input.displayName,
    claimMapping: input.claimMapping,
    allowedEmailDomains: [...new Set(input.allowedEmailDomains)],
  };
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
  input: ProviderSettingsInput,
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
  input: ProviderSettingsInput,
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

/**
 * A domain routes to one provider: one another provider claims is a 409 naming the domain, and the
 * provider when it is the organisation's own (another organisation's is never named).
 */
export async function refuseClaimedDomains(
  deps: SsoServiceDeps,
  provider: { organisationId: string; providerId: string | undefined },
  input: { emailDomain?: string | undefined; allowedEmailDomains: string[] },
): Promise<void> {
  const domains = [...(input.emailDomain ? [input.emailDomain] : []), ...input.allowedEmailDomains];
  for (const domain of new Set(domains)) {
    const [owner] = await findIdentityProvidersByEmailDomain(deps.db, domain, {
      exceptProviderId: provider.providerId,
    });
    if (!owner) continue;
    const field = input.emailDomain === domain ? 'emailDomain' : 'allowedEmailDomains';
    if (owner.organisationId !== provider.organisationId) {
      throw new AppError('CONFLICT', `The email domain ${domain} already signs in through another organisation.`, {
        field,
        domain,
      });
    }
    throw new AppError(
      'CONFLICT',
      `The email domain ${domain} already signs in through the identity provider ${signInName(owner)}.`,
      { field, domain, providerId: owner.id },
    );
  }
}
