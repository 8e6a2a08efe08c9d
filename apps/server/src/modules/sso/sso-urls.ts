import type { IdentityProviderRegistration } from '@cairn/contracts';
import type { SamlServiceProvider } from '../../integrations/saml/saml-client';

/**
 * Where an identity provider sends the browser and its answers back to Cairn. Each provider has URLs
 * of its own (its id in the path); the provider an organisation had before it could have several keeps
 * the organisation's URLs its IdP was registered with (`hasOrganisationUrls`), so that it does not break.
 */
export interface ProviderUrlKey {
  id: string;
  organisationId: string;
  hasOrganisationUrls: boolean;
}

/** The assertion consumer service of the organisation's first provider (and of every organisation before). */
export const SAML_ACS_PATH = '/api/sso/saml/acs';

/** Cairn's SP metadata for the organisation's first provider; its URL is also Cairn's entity ID there. */
export function samlOrganisationMetadataPath(organisationId: string): string {
  return `/api/sso/saml/${organisationId}/metadata`;
}

/** Cairn's SP metadata for one provider; its URL is also Cairn's entity ID at that IdP. */
export function samlProviderMetadataPath(providerId: string): string {
  return `/api/sso/saml/providers/${providerId}/metadata`;
}

/** The assertion consumer service of one provider. */
export function samlProviderAcsPath(providerId: string): string {
  return `/api/sso/saml/providers/${providerId}/acs`;
}

/** Cairn as the SAML service provider this IdP knows: its entity ID and ACS. */
export function samlServiceProvider(publicOrigin: string, provider: ProviderUrlKey): SamlServiceProvider {
  return provider.hasOrganisationUrls
    ? {
        entityId: `${publicOrigin}${samlOrganisationMetadataPath(provider.organisationId)}`,
        acsUrl: `${publicOrigin}${SAML_ACS_PATH}`,
      }
    : {
        entityId: `${publicOrigin}${samlProviderMetadataPath(provider.id)}`,
        acsUrl: `${publicOrigin}${samlProviderAcsPath(provider.id)}`,
      };
}

/** The OpenID redirect URI: the web app's `/sso` route, followed by the provider's id. */
export function ssoRedirectUri(publicOrigin: string, provider: ProviderUrlKey): string {
  return provider.hasOrganisationUrls ? `${publicOrigin}/sso` : `${publicOrigin}/sso/${provider.id}`;
}

export function ssoPostLogoutRedirectUri(publicOrigin: string): string {
  return `${publicOrigin}/`;
}

/** What the IdP's administrator registers for Cairn: both protocols' URLs (the form shows the chosen one's). */
export function providerRegistration(publicOrigin: string, provider: ProviderUrlKey): IdentityProviderRegistration {
  const sp = samlServiceProvider(publicOrigin, provider);
  return {
    redirectUri: ssoRedirectUri(publicOrigin, provider),
    postLogoutRedirectUri: ssoPostLogoutRedirectUri(publicOrigin),
    serviceProvider: { entityId: sp.entityId, acsUrl: sp.acsUrl, metadataUrl: sp.entityId },
  };
}
