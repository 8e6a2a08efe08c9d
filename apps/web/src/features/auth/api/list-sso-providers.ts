import { listSsoProviders, type SsoProviderOffer } from '@cairn/contracts';
import { postPublic } from '../../../lib/post-public';

/** Which organisation the login page asks about: its slug, an email, or neither (the only provider). */
export interface SsoOfferTarget {
  organisation?: string;
  email?: string;
}

/**
 * The identity provider the login card may offer ("Sign in with {name}"), by name only; an empty
 * list when none is set up, `undefined` when the server could not be asked. A public call, made
 * before anyone is signed in.
 */
export async function fetchSsoProviders(
  target: SsoOfferTarget,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): Promise<SsoProviderOffer[] | undefined> {
  try {
    const { result } = await postPublic(fetchImpl, listSsoProviders, target);
    return result.providers;
  } catch {
    return undefined;
  }
}
