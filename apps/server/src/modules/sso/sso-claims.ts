import { DEFAULT_SAML_ATTRIBUTES, DEFAULT_SSO_CLAIMS, type SsoClaimMapping, type SsoProtocol } from '@cairn/contracts';

/** What Cairn takes from a provider's claims, once the organisation's mapping is applied. */
export interface MappedClaims {
  username: string | undefined;
  email: string | undefined;
  firstName: string | undefined;
  lastName: string | undefined;
  /** None when the provider sent no groups claim (the user's groups are then left as they are). */
  groups: string[] | undefined;
}

/**
 * Applies the organisation's claim mapping: each field reads the claim (or SAML attribute) the mapping
 * names, else the standard one (for SAML, the first of the usual attribute names that is present). A
 * claim that is not a string (or, for groups, a list or a comma-separated string) is absent; of a
 * SAML attribute with several values, the first is read.
 */
export function mapClaims(
  claims: Record<string, unknown>,
  mapping: SsoClaimMapping,
  protocol: SsoProtocol = 'oidc',
): MappedClaims {
  const claimOf = (field: keyof SsoClaimMapping) => {
    const named = mapping[field];
    if (named !== undefined) return claims[named];
    if (protocol === 'oidc') return claims[DEFAULT_SSO_CLAIMS[field]];
    const present = DEFAULT_SAML_ATTRIBUTES[field].find((name) => claims[name] !== undefined);
    return present === undefined ? undefined : claims[present];
  };
  const groups = claimOf('groups');
  return {
    username: text(claimOf('username')),
    email: text(claimOf('email')),
    firstName: text(claimOf('firstName')),
    lastName: text(claimOf('lastName')),
    groups: groups === undefined ? undefined : list(groups),
  };
}

/** True when no domain is listed, or the email's domain is one of them (case-insensitive). */
export function isEmailDomainAllowed(email: string | undefined, allowedDomains: readonly string[]): boolean {
  if (allowedDomains.length === 0) return true;
  const domain = email?.split('@').pop()?.toLowerCase();
  return domain !== undefined && email?.includes('@') === true && allowedDomains.includes(domain);
}

function text(value: unknown): string | undefined {
  if (Array.isArray(value)) return text(value[0]);
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function list(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => text(item) ?? []);
  const single = text(value);
  return single
    ? single
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    : [];
}
