import type { Db } from '../../db/client';
import {
  findEnabledIdentityProvider,
  findIdentityProvidersByEmailDomain,
  findOnlyOrganisationWithProviders,
  findOrganisationBySlug,
  listIdentityProviders,
  type IdentityProviderRow,
} from './identity-provider.repository';

/** What a start or the login card names: a provider's id, an organisation's slug, an email, or none of them. */
export interface ProviderTarget {
  provider?: string | undefined;
  organisation?: string | undefined;
  email?: string | undefined;
}

/**
 * The enabled providers a start or the login card may use, found in this order:
 * - a provider named by its id (of the organisation named, when one is);
 * - an organisation's slug: its enabled providers, or only the one owning the email's domain when an
 *   email of such a domain is given too;
 * - an email alone: the provider owning its domain;
 * - neither: the enabled providers of the only organisation that has any, so that a single-clinic
 *   installation needs no slug; never the list of an installation's organisations.
 */
export async function candidateProviders(db: Db, target: ProviderTarget): Promise<IdentityProviderRow[]> {
  const organisationId = await organisationOf(db, target.organisation);
  if (organisationId === null) return [];
  if (target.provider !== undefined) {
    const named = await findEnabledIdentityProvider(db, target.provider);
    return named && (organisationId === undefined || named.organisationId === organisationId) ? [named] : [];
  }
  const owner = await domainOwner(db, target.email);
  if (organisationId !== undefined) {
    const providers = await listIdentityProviders(db, organisationId, { isEnabledOnly: true });
    const owning = providers.filter((provider) => provider.id === owner?.id);
    return owning.length > 0 ? owning : providers;
  }
  if (target.email !== undefined) return owner?.isEnabled ? [owner] : [];
  const only = await findOnlyOrganisationWithProviders(db);
  return only ? listIdentityProviders(db, only, { isEnabledOnly: true }) : [];
}

/** The organisation a slug names (null: none has it), or undefined when no slug is given. */
async function organisationOf(db: Db, slug: string | undefined): Promise<string | null | undefined> {
  if (slug === undefined) return undefined;
  return (await findOrganisationBySlug(db, slug))?.id ?? null;
}

/** The provider owning the email's domain (none when no provider, or more than one, claims it). */
async function domainOwner(db: Db, email: string | undefined): Promise<IdentityProviderRow | undefined> {
  const domain = email?.split('@').pop();
  if (!domain) return undefined;
  const owners = await findIdentityProvidersByEmailDomain(db, domain);
  return owners.length === 1 ? owners[0] : undefined;
}
