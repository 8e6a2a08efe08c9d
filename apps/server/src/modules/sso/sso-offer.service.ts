import type { EndpointBody, listSsoProviders as listEndpoint, SsoProviderOffer } from '@cairn/contracts';
import type { Db } from '../../db/client';
import { findOrganisation } from './identity-provider.repository';
import { signInName } from './identity-provider-view';
import { candidateProviders } from './provider-routing';

/**
 * The providers the login card may offer ("Sign in with {name}" each), found as a start finds them.
 * Names and opaque ids only: never a secret or a setting, never another organisation's provider, and
 * never the list of an installation's organisations.
 */
export async function listSsoProviders(
  db: Db,
  input: EndpointBody<typeof listEndpoint>,
): Promise<{ providers: SsoProviderOffer[] }> {
  const providers = await candidateProviders(db, input);
  const [first] = providers;
  if (!first) return { providers: [] };
  // Every candidate is of one organisation.
  const organisation = await findOrganisation(db, first.organisationId);
  if (!organisation) return { providers: [] };
  return {
    providers: providers.map((provider) => ({
      name: signInName(provider),
      organisation: organisation.slug,
      provider: provider.id,
    })),
  };
}
