import { COOKIE_DEFAULTS } from '../config/constants';

/** Spec §5: cookies must be enabled; inside an EHR frame the failure is blocked third-party cookies. */
export class CookiesNotEnabledError extends Error {
  override name = 'CookiesNotEnabledError';
  readonly code = 'CAIRN_COOKIES_NOT_ENABLED';
  readonly isEmbedded: boolean;

  constructor(isEmbedded: boolean) {
    super(isEmbedded ? 'Third-party cookies are blocked in this frame' : 'Cookies are not enabled');
    this.isEmbedded = isEmbedded;
  }
}

const TEST_COOKIE = 'cairn_cookie_check';

export function isEmbeddedInFrame(win: Window = window): boolean {
  try {
    return win.self !== win.top;
  } catch {
    // A cross-origin parent cannot even be compared: that is a frame too.
    return true;
  }
}

/** Writes a test cookie and reads it back; throws CookiesNotEnabledError when it does not stick. */
export function checkCookies(doc: Document = document, win: Window = window): void {
  const value = Math.random().toString(36).slice(2);
  const attributes = [`path=${COOKIE_DEFAULTS.path}`, 'max-age=60'];
  // SameSite=None requires Secure; browsers treat http://localhost as a secure context.
  if (win.isSecureContext) attributes.push(`SameSite=${COOKIE_DEFAULTS.sameSite}`, 'Secure');
  doc.cookie = `${TEST_COOKIE}=${value}; ${attributes.join('; ')}`;
  const isStored = doc.cookie.split('; ').includes(`${TEST_COOKIE}=${value}`);
  doc.cookie = `${TEST_COOKIE}=; path=${COOKIE_DEFAULTS.path}; max-age=0`;
  if (!isStored) throw new CookiesNotEnabledError(isEmbeddedInFrame(win));
}
