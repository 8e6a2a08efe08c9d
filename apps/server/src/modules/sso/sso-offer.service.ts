import type { EndpointBody, listSsoProviders as listEndpoint, SsoProviderOffer } from '@cairn/contracts';
import type { Db } from '../../db/client';
import { findOrganisation } from './sso.repository';
import { providerFor, signInName } from './sso.service';

/**
 * The provider the login card may offer ("Sign in with {name}"), found as a start finds it: by the
 * organisation's slug, the email's domain, or the only one. Names only: never a secret, and never
 * the list of an installation's organisations.
 */
export async function listSsoProviders(
  db: Db,
  input: EndpointBody<typeof listEndpoint>,
): Promise<{ providers: SsoProviderOffer[] }> {
  const provider = await providerFor(db, input);
  if (!provider) return { providers: [] };
  const organisation = await findOrganisation(db, provider.organisationId);
  if (!organisation) return { providers: [] };
  return { providers: [{ name: signInName(provider), organisation: organisation.slug }] };
}
