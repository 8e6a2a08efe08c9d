import { testIdentityProvider, type SsoTestResult } from '@cairn/contracts';
import { api } from '../../../lib/api';
import { SESSION_STORAGE_KEYS } from '../../../lib/storage-keys';

/** The admin tool's URL that starts a Test sign-in (opened in a new tab) and the one it returns to. */
export const TEST_SIGN_IN_START_URL = '/admin/sso?test=start';

/**
 * Starts a Test sign-in in this tab: binds it to the tab (as any SSO sign-in), asks the server for the
 * provider's URL, and leaves for it. The provider sends the browser back to Cairn's `/sso`, which
 * keeps the report and returns to the Single sign-on section (`?test=result`).
 */
export async function startTestSignIn(navigate: (url: string) => void = (url) => window.location.assign(url)) {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const browserBinding = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  sessionStorage.setItem(SESSION_STORAGE_KEYS.ssoBrowserBinding, browserBinding);
  const { result } = await api.call(testIdentityProvider, { browserBinding });
  navigate(result.authorizationUrl);
}

/** The report the last Test sign-in in this tab left, if any. */
export function readTestSignInResult(): SsoTestResult | undefined {
  const stored = sessionStorage.getItem(SESSION_STORAGE_KEYS.ssoTestResult);
  if (!stored) return undefined;
  try {
    return JSON.parse(stored) as SsoTestResult;
  } catch {
    return undefined;
  }
}
