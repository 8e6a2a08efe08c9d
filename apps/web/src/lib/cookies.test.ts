import { describe, expect, it } from 'vitest';
import { checkCookies, CookiesNotEnabledError } from './cookies';

/** A document whose browser refuses every cookie, as with cookies disabled. */
function documentIgnoringCookies(): Document {
  return {
    get cookie() {
      return '';
    },
    set cookie(_value: string) {
      // refused
    },
  } as unknown as Document;
}

describe('the cookie check', () => {
  it('passes when a test cookie can be written and read back, and leaves no cookie behind', () => {
    expect(() => checkCookies()).not.toThrow();
    expect(document.cookie).not.toContain('cairn_cookie_check=');
  });

  it('fails with CAIRN_COOKIES_NOT_ENABLED when cookies do not stick', () => {
    const error = (() => {
      try {
        checkCookies(documentIgnoringCookies(), { self: 1, top: 1, isSecureContext: false } as unknown as Window);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(CookiesNotEnabledError);
    expect(error).toMatchObject({ code: 'CAIRN_COOKIES_NOT_ENABLED', isEmbedded: false });
  });

  it('tells a frame (third-party cookies blocked) from a top-level page', () => {
    const framed = { self: 1, top: 2, isSecureContext: true } as unknown as Window;
    expect(() => checkCookies(documentIgnoringCookies(), framed)).toThrow(
      expect.objectContaining({ isEmbedded: true }) as Error,
    );
  });
});
