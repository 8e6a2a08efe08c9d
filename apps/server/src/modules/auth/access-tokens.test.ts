import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccessTokens } from './access-tokens';

const claims = { sub: 'user-1', org: 'org-1', permissions: ['view_only' as const] };

afterEach(() => {
  vi.useRealTimers();
});

describe('access tokens', () => {
  it('answers the caller of a token it signed, as often as the token is presented', async () => {
    const tokens = createAccessTokens('a-secret-of-this-server');
    const token = await tokens.sign(claims);
    for (let call = 0; call < 3; call += 1) {
      const auth = await tokens.verify(token);
      expect(auth?.userId).toBe('user-1');
      expect(auth?.organisationId).toBe('org-1');
      expect(auth?.isAdmin).toBe(false);
      expect([...(auth?.permissions ?? [])]).toEqual(['view_only']);
    }
  });

  it('refuses a token once it has expired, even one it verified before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
    const tokens = createAccessTokens('a-secret-of-this-server');
    const token = await tokens.sign(claims, 60);
    expect(await tokens.verify(token)).toBeDefined();
    vi.setSystemTime(new Date('2026-11-21T10:01:01Z'));
    expect(await tokens.verify(token)).toBeUndefined();
  });

  it("refuses another server's token and a token whose claims were changed", async () => {
    const tokens = createAccessTokens('a-secret-of-this-server');
    const foreign = await createAccessTokens('another-secret').sign(claims);
    expect(await tokens.verify(foreign)).toBeUndefined();
    const [header, payload, signature] = (await tokens.sign(claims)).split('.');
    const raised = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), isAdmin: 'true' }),
    ).toString('base64url');
    expect(await tokens.verify([header, raised, signature].join('.'))).toBeUndefined();
  });
});
