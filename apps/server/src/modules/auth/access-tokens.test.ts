import { createSecretKey } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccessTokens } from './access-tokens';

const claims = { sub: 'user-1', org: 'org-1', sid: 'session-1', permissions: ['view_only' as const] };

/** Sessions ended in this process (the event bus's part is tested with the app). */
function localSessions() {
  const ended = new Set<string>();
  return {
    isRevoked: (sessionId: string) => ended.has(sessionId),
    revoke: async (sessionIds: readonly string[]) => {
      for (const id of sessionIds) ended.add(id);
    },
  };
}
const tokensOf = (secret: string) => createAccessTokens(secret, localSessions());

afterEach(() => {
  vi.useRealTimers();
});

describe('access tokens', () => {
  it('answers the caller of a token it signed, as often as the token is presented', async () => {
    const tokens = tokensOf('a-secret-of-this-server');
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
    const tokens = tokensOf('a-secret-of-this-server');
    const token = await tokens.sign(claims, 60);
    expect(await tokens.verify(token)).toBeDefined();
    vi.setSystemTime(new Date('2026-11-21T10:01:01Z'));
    expect(await tokens.verify(token)).toBeUndefined();
  });

  it("refuses another server's token and a token whose claims were changed", async () => {
    const tokens = tokensOf('a-secret-of-this-server');
    const foreign = await tokensOf('another-secret').sign(claims);
    expect(await tokens.verify(foreign)).toBeUndefined();
    const [header, payload, signature] = (await tokens.sign(claims)).split('.');
    const raised = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), isAdmin: 'true' }),
    ).toString('base64url');
    expect(await tokens.verify([header, raised, signature].join('.'))).toBeUndefined();
  });

  it('refuses the token of a session that ended, even one it verified before', async () => {
    const tokens = tokensOf('a-secret-of-this-server');
    const token = await tokens.sign(claims);
    const other = await tokens.sign({ ...claims, sid: 'session-2' });
    expect((await tokens.verify(token))?.sessionId).toBe('session-1');
    await tokens.revokeSessions(['session-1']);
    expect(await tokens.verify(token)).toBeUndefined();
    expect(tokens.isSessionEnded('session-1')).toBe(true);
    expect((await tokens.verify(other))?.sessionId).toBe('session-2');
  });

  it.each(['exp', 'iat', 'sid'])('refuses a correctly signed token without %s', async (claim) => {
    const key = createSecretKey(Buffer.from('a-secret-of-this-server', 'utf8'));
    let jwt = new SignJWT({ org: 'org-1', ...(claim === 'sid' ? {} : { sid: 'session-1' }) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('user-1')
      .setIssuer('cairn')
      .setAudience('cairn-api');
    if (claim !== 'iat') jwt = jwt.setIssuedAt();
    if (claim !== 'exp') jwt = jwt.setExpirationTime('5m');
    const token = await jwt.sign(key);
    expect(await tokensOf('a-secret-of-this-server').verify(token)).toBeUndefined();
  });
});
