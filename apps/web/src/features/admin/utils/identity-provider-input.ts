import type { IdentityProvider, SsoClaimMapping, SsoProtocol } from '@cairn/contracts';
import type { IdentityProviderInput } from '../api/save-identity-provider';

/** Where a SAML provider's metadata comes from: the IdP's URL, or its XML pasted. */
export type MetadataSource = 'url' | 'xml';

/** The identity provider form's fields: both protocols' fields, of which only the chosen one's are sent. */
export interface ProviderFormFields {
  protocol: SsoProtocol;
  displayName: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  metadataSource: MetadataSource;
  metadataUrl: string;
  metadataXml: string;
  defaultView: IdentityProvider['defaultView'];
  allowedEmailDomains: string[];
  claimMapping: Record<keyof SsoClaimMapping, string>;
  isEnabled: boolean;
}

/** The fields of one protocol; the others are hidden and never sent. */
const PROTOCOL_FIELDS: Record<SsoProtocol, (keyof ProviderFormFields)[]> = {
  oidc: ['issuer', 'clientId', 'clientSecret', 'scopes'],
  saml: ['metadataSource', 'metadataUrl', 'metadataXml'],
};

/** The form's starting values: an existing provider's (never its secret), or a new, enabled OpenID provider's. */
export function initialFields(provider: IdentityProvider | null): ProviderFormFields {
  const isOidc = provider?.protocol !== 'saml';
  // A SAML provider's issuer is its IdP's entity ID: not an OpenID issuer to start from when switching.
  const oidcProvider = provider && isOidc ? provider : undefined;
  const hasPastedMetadata = provider?.saml !== undefined && provider.saml.metadataUrl === undefined;
  return {
    protocol: provider?.protocol ?? 'oidc',
    displayName: provider?.displayName ?? '',
    issuer: oidcProvider?.issuer ?? '',
    clientId: oidcProvider?.clientId ?? '',
    clientSecret: '',
    scopes: oidcProvider?.scopes ?? 'openid email profile',
    metadataSource: hasPastedMetadata ? 'xml' : 'url',
    metadataUrl: provider?.saml?.metadataUrl ?? '',
    metadataXml: '',
    defaultView: provider?.defaultView ?? 'Provider',
    allowedEmailDomains: provider?.allowedEmailDomains ?? [],
    claimMapping: {
      username: provider?.claimMapping.username ?? '',
      email: provider?.claimMapping.email ?? '',
      firstName: provider?.claimMapping.firstName ?? '',
      lastName: provider?.claimMapping.lastName ?? '',
      groups: provider?.claimMapping.groups ?? '',
    },
    isEnabled: provider?.isEnabled ?? true,
  };
}

/**
 * The SAML metadata to send: only the chosen source's (the server refuses both). Nothing when the
 * field is empty or still the stored URL: the server keeps the metadata it has (and re-reads its URL).
 */
function metadataOf(fields: ProviderFormFields, provider: IdentityProvider | null): Partial<IdentityProviderInput> {
  if (fields.metadataSource === 'xml') {
    const xml = fields.metadataXml.trim();
    return xml === '' ? {} : { metadataXml: xml };
  }
  const url = fields.metadataUrl.trim();
  return url === '' || url === provider?.saml?.metadataUrl ? {} : { metadataUrl: url };
}

/** The form's fields as the server takes them: the chosen protocol's only; empty mapping fields read the defaults. */
export function toInput(fields: ProviderFormFields, provider: IdentityProvider | null): IdentityProviderInput {
  const claimMapping = Object.fromEntries(
    Object.entries(fields.claimMapping).filter(([, claim]) => claim.trim() !== ''),
  ) as SsoClaimMapping;
  const protocolFields: Partial<IdentityProviderInput> =
    fields.protocol === 'saml'
      ? metadataOf(fields, provider)
      : {
          issuer: fields.issuer.trim(),
          clientId: fields.clientId,
          ...(fields.clientSecret !== '' ? { clientSecret: fields.clientSecret } : {}),
          scopes: fields.scopes,
        };
  return {
    protocol: fields.protocol,
    displayName: fields.displayName,
    ...protocolFields,
    defaultView: fields.defaultView,
    allowedEmailDomains: fields.allowedEmailDomains,
    claimMapping,
    ...(provider?.emailDomain ? { emailDomain: provider.emailDomain } : {}),
  };
}

/** Whether the form shows a field (by its first segment) with this protocol and metadata source. */
export function isFieldShown(fields: Pick<ProviderFormFields, 'protocol' | 'metadataSource'>, field: string): boolean {
  const hidden = PROTOCOL_FIELDS[fields.protocol === 'saml' ? 'oidc' : 'saml'] as string[];
  if (hidden.includes(field)) return false;
  if (fields.protocol === 'saml' && field === (fields.metadataSource === 'url' ? 'metadataXml' : 'metadataUrl')) {
    return false;
  }
  return Object.hasOwn(initialFields(null), field);
}

/** The form field of a path the server named: a claim mapping's field is nested (`claimMapping.email`). */
export function formFieldOf(field: string): string | string[] {
  const [first, second] = field.split('.');
  return first === 'claimMapping' && second ? ['claimMapping', second] : (first ?? '');
}
