import { describe, expect, it } from 'vitest';
import {
  afterSignOutTarget,
  hasSsoRequest,
  isSamlTokenExpiring,
  returnToOf,
  ssoLoginUrlWithNext,
  ssoOrganisationOf,
  ssoRedirectTarget,
} from './sso-rules';

describe('the sso and code query rules (spec §2)', () => {
  it('sees an SSO request in an sso parameter', () => {
    expect(hasSsoRequest('/login?sso=1')).toBe(true);
    expect(hasSsoRequest('/sso?sso=riverside')).toBe(true);
  });

  it("sees an SSO request in the provider's code on the login URL", () => {
    expect(hasSsoRequest('/sso?code=abc&state=xyz')).toBe(true);
    expect(hasSsoRequest('/overlay/login?code=abc&state=xyz')).toBe(true);
  });

  it("sees the provider's error answer as an SSO request too", () => {
    expect(hasSsoRequest('/sso?error=access_denied&state=xyz')).toBe(true);
  });

  it('ignores the code parameter when the path contains epic', () => {
    expect(hasSsoRequest('/epic/login?code=abc&state=xyz')).toBe(false);
    expect(hasSsoRequest('/overlay/epic/login?code=abc')).toBe(false);
  });

  it('still starts SSO from an sso parameter on an epic path', () => {
    expect(hasSsoRequest('/epic/login?sso=1&code=abc')).toBe(true);
  });

  it('ignores the sso parameter when the path contains veradigm', () => {
    expect(hasSsoRequest('/veradigm/launch?sso=1')).toBe(false);
  });

  it('sees no SSO request in a plain login URL', () => {
    expect(hasSsoRequest('/login')).toBe(false);
    expect(hasSsoRequest({ pathname: '/schedule', search: '?date=2026-11-21' })).toBe(false);
  });
});

describe('the organisation an sso request names', () => {
  it('reads the organisation from the sso value, or from organisation when sso is 1', () => {
    expect(ssoOrganisationOf(new URLSearchParams('sso=riverside'))).toEqual({ organisation: 'riverside' });
    expect(ssoOrganisationOf(new URLSearchParams('sso=1&organisation=hillside'))).toEqual({ organisation: 'hillside' });
  });

  it('reads an email (or login_hint) to find the organisation by domain', () => {
    expect(ssoOrganisationOf(new URLSearchParams('sso=1&email=ada@riverside.example'))).toEqual({
      email: 'ada@riverside.example',
    });
    expect(ssoOrganisationOf(new URLSearchParams('sso=true&login_hint=ada@riverside.example'))).toEqual({
      email: 'ada@riverside.example',
    });
  });

  it('reads which of the organisation’s identity providers it names', () => {
    expect(ssoOrganisationOf(new URLSearchParams('sso=riverside&provider=5b0c1d9e'))).toEqual({
      organisation: 'riverside',
      provider: '5b0c1d9e',
    });
    expect(returnToOf('/patient/7?sso=riverside&provider=5b0c1d9e&tab=a')).toBe('/patient/7?tab=a');
  });

  it('names nothing for a bare sso=1 (the server then uses the only organisation with a provider)', () => {
    expect(ssoOrganisationOf(new URLSearchParams('sso=1'))).toEqual({});
  });
});

describe('where to return after SSO', () => {
  it('takes the next parameter, decoding a double-encoded one once more', () => {
    expect(returnToOf('/login?sso=1&next=/patient/7')).toBe('/patient/7');
    expect(returnToOf(`/login?sso=1&next=${encodeURIComponent(encodeURIComponent('/patient/7?tab=a'))}`)).toBe(
      '/patient/7?tab=a',
    );
  });

  it('refuses a next parameter that leaves Cairn', () => {
    expect(returnToOf('/login?sso=1&next=//evil.example')).toBeUndefined();
    expect(returnToOf('/login?sso=1&next=https://evil.example')).toBeUndefined();
  });

  it('returns to the current page without its sso parameters, but never to a login page', () => {
    expect(returnToOf('/overlay/hcc/123?sso=riverside&x=1')).toBe('/overlay/hcc/123?x=1');
    expect(returnToOf('/login?sso=1')).toBeUndefined();
    expect(returnToOf('/overlay/login/x?sso=1')).toBeUndefined();
  });
});

describe('the post-SSO redirect (spec §2)', () => {
  it('goes to /doc/{docId} with a document id in the token', () => {
    expect(ssoRedirectTarget({ pathname: '/sso', docId: 'doc-9', sid: 'summary-1' })).toBe('/doc/doc-9');
  });

  it('goes to /{sid} with a session id', () => {
    expect(ssoRedirectTarget({ pathname: '/sso', sid: 'summary-1' })).toBe('/summary-1');
  });

  it('prefixes the target with /overlay when the current path contains overlay', () => {
    expect(ssoRedirectTarget({ pathname: '/overlay/sso', docId: 'doc-9' })).toBe('/overlay/doc/doc-9');
    expect(ssoRedirectTarget({ pathname: '/overlay/login', sid: 'summary-1' })).toBe('/overlay/summary-1');
  });

  it('sends an EMR user named epic with no sid and no doc id to / (the schedule)', () => {
    expect(ssoRedirectTarget({ pathname: '/sso', emrName: 'epic', returnTo: '/patient/7' })).toBe('/');
    expect(ssoRedirectTarget({ pathname: '/overlay/sso', emrName: 'Epic' })).toBe('/');
  });

  it('otherwise returns where the sign-in started, or to /', () => {
    expect(ssoRedirectTarget({ pathname: '/sso', emrName: 'athena', returnTo: '/patient/7' })).toBe('/patient/7');
    expect(ssoRedirectTarget({ pathname: '/sso' })).toBe('/');
    expect(ssoRedirectTarget({ pathname: '/sso', returnTo: '//evil.example' })).toBe('/');
  });

  it('returns to the site origin after sign-out', () => {
    expect(afterSignOutTarget('https://cairn.example')).toBe('https://cairn.example/');
  });
});

describe('the 60-second SAML token margin (spec §4, §9)', () => {
  const now = Date.UTC(2026, 10, 21, 12, 0, 0);
  const inSeconds = (seconds: number) => now / 1000 + seconds;

  it('treats a token with 60 seconds or less left as expiring', () => {
    expect(isSamlTokenExpiring(inSeconds(60), now)).toBe(true);
    expect(isSamlTokenExpiring(inSeconds(10), now)).toBe(true);
    expect(isSamlTokenExpiring(inSeconds(-5), now)).toBe(true);
  });

  it('lets a token with more than 60 seconds left through', () => {
    expect(isSamlTokenExpiring(inSeconds(61), now)).toBe(false);
  });

  it("counts on the server's clock: a browser 30 s behind sees less time left", () => {
    expect(isSamlTokenExpiring(inSeconds(80), now, 30_000)).toBe(true);
  });

  it('treats a token without an expiry as expiring', () => {
    expect(isSamlTokenExpiring(undefined, now)).toBe(true);
  });

  it('double-encodes the next URL on the way to the identity provider', () => {
    expect(ssoLoginUrlWithNext('/login?sso=riverside', '/patient/7?tab=a')).toBe(
      '/login?sso=riverside&next=%252Fpatient%252F7%253Ftab%253Da',
    );
    expect(ssoLoginUrlWithNext('/sso', '/x')).toBe('/sso?next=%252Fx');
  });
});
