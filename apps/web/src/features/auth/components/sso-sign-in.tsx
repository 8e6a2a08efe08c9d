import type { SsoProviderOffer } from '@cairn/contracts';
import { useState } from 'react';
import { Button } from './controls';

/** The message when the identity provider could not be reached from the login card. */
export const SSO_START_FAILED_MESSAGE =
  'Single sign-on could not start. Please try again, or sign in with your password.';

/**
 * "Sign in with {name}" for each identity provider the login card may offer: starts SSO at that
 * provider (the browser leaves for it). The SSO flow loads only when pressed.
 */
export function SsoSignInButtons({
  providers,
  onError,
}: {
  providers: readonly SsoProviderOffer[];
  onError: (message: string) => void;
}) {
  const [starting, setStarting] = useState<string>();
  if (providers.length === 0) return null;

  async function start(provider: SsoProviderOffer) {
    setStarting(provider.provider);
    try {
      const sso = await import('../sso');
      await sso.startSso(window.location, { organisation: provider.organisation, provider: provider.provider });
    } catch {
      setStarting(undefined);
      onError(SSO_START_FAILED_MESSAGE);
    }
  }

  return (
    <div style={{ display: 'grid', gap: 8 }}>
      {providers.map((provider) => (
        <Button
          key={provider.provider}
          variant="secondary"
          isLoading={starting === provider.provider}
          onClick={() => void start(provider)}
        >
          Sign in with {provider.name}
        </Button>
      ))}
    </div>
  );
}
