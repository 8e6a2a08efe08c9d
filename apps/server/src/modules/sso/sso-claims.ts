import { DEFAULT_SSO_CLAIMS, type SsoClaimMapping } from '@cairn/contracts';

/** What Cairn takes from a provider's claims, once the organisation's mapping is applied. */
export interface MappedClaims {
  username: string | undefined;
  email: string | undefined;
  firstName: string | undefined;
  lastName: string | undefined;
  groups: string[];
}

/**
 * Applies the organisation's claim mapping: each field reads the claim the mapping names, else the
 * standard one. A claim that is not a string (or, for groups, a list or a comma-separated string) is
 * absent.
 */
export function mapClaims(claims: Record<string, unknown>, mapping: SsoClaimMapping): MappedClaims {
  const claimOf = (field: keyof SsoClaimMapping) => claims[mapping[field] ?? DEFAULT_SSO_CLAIMS[field]];
  return {
    username: text(claimOf('username')),
    email: text(claimOf('email')),
    firstName: text(claimOf('firstName')),
    lastName: text(claimOf('lastName')),
    groups: list(claimOf('groups')),
  };
}

/** True when no domain is listed, or the email's domain is one of them (case-insensitive). */
export function isEmailDomainAllowed(email: string | undefined, allowedDomains: readonly string[]): boolean {
  if (allowedDomains.length === 0) return true;
  const domain = email?.split('@').pop()?.toLowerCase();
  return domain !== undefined && email?.includes('@') === true && allowedDomains.includes(domain);
}

function text(value: unknown): string | undefined {
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
