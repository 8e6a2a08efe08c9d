import type { SsoProviderOffer } from '@cairn/contracts';
import { useEffect, useState } from 'react';
import { fetchSsoProviders, type SsoOfferTarget } from '../api/list-sso-providers';

export interface SsoOffers {
  /** The providers to offer; `undefined` while asking or when the server could not be asked. */
  providers: SsoProviderOffer[] | undefined;
  /** Asking, for the target given now. */
  isLoading: boolean;
}

/**
 * Asks which identity provider the login card may offer (nothing is asked while `target` is
 * undefined). A plain effect rather than a query: the login card is shown before the app's server
 * state matters and must work without it.
 */
export function useSsoOffers(target: SsoOfferTarget | undefined): SsoOffers {
  const key = target === undefined ? undefined : JSON.stringify([target.organisation ?? '', target.email ?? '']);
  const [answer, setAnswer] = useState<{ key: string; providers: SsoProviderOffer[] | undefined }>();
  useEffect(() => {
    if (key === undefined) return;
    const [organisation, email] = JSON.parse(key) as [string, string];
    let isCurrent = true;
    void fetchSsoProviders({
      ...(organisation ? { organisation } : {}),
      ...(email ? { email } : {}),
    }).then((providers) => {
      if (isCurrent) setAnswer({ key, providers });
    });
    return () => {
      isCurrent = false;
    };
  }, [key]);
  if (key === undefined) return { providers: undefined, isLoading: false };
  return answer?.key === key
    ? { providers: answer.providers, isLoading: false }
    : { providers: undefined, isLoading: true };
}
