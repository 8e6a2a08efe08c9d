import { ssoTestResult, testIdentityProvider, type SsoTestResult } from '@cairn/contracts';
import { paths, withQuery } from '../../../config/paths';
import { api } from '../../../lib/api';
import { SESSION_STORAGE_KEYS } from '../../../lib/storage-keys';

/** The admin tool's URL that starts a Test sign-in of a provider (opened in a new tab). */
export function testSignInStartUrl(providerId: string): string {
  return withQuery(paths.adminSection.href({ section: 'sso' }), { test: 'start', provider: providerId });
}

/**
 * Starts a Test sign-in of a provider in this tab: binds it to the tab (as any SSO sign-in), asks the
 * server for the provider's URL, and leaves for it. The provider sends the browser back to Cairn's
 * `/sso`, which keeps the report and returns to the Single sign-on section (`?test=result`).
 */
export async function startTestSignIn(
  providerId: string,
  navigate: (url: string) => void = (url) => window.location.assign(url),
) {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const browserBinding = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  sessionStorage.setItem(SESSION_STORAGE_KEYS.ssoBrowserBinding, browserBinding);
  const { result } = await api.call(testIdentityProvider, { providerId, browserBinding });
  navigate(result.authorizationUrl);
}

/** The report the last Test sign-in in this tab left, if any. */
export function readTestSignInResult(): SsoTestResult | undefined {
  const stored = sessionStorage.getItem(SESSION_STORAGE_KEYS.ssoTestResult);
  if (!stored) return undefined;
  try {
    const parsed = ssoTestResult.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
