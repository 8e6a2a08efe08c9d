import { createLocalJWKSet, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { clientAssertion, generateClientKey, publicJwk } from './client-keys';

describe('a private_key_jwt client key', () => {
  it('signs a client assertion (RS384) that the published public key verifies, naming the client and token endpoint', async () => {
    const key = await generateClientKey();
    const assertion = await clientAssertion({ clientId: 'cairn', tokenEndpoint: 'https://ehr.test/token', key });
    const jwks = createLocalJWKSet({ keys: [publicJwk(key.privateJwk, key.keyId)] });
    const { payload, protectedHeader } = await jwtVerify(assertion, jwks, {
      issuer: 'cairn',
      subject: 'cairn',
      audience: 'https://ehr.test/token',
    });
    expect(protectedHeader).toMatchObject({ alg: 'RS384', kid: key.keyId });
    expect(payload.jti).toEqual(expect.any(String));
    // SMART Backend Services: no more than five minutes.
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBeLessThanOrEqual(300);
  });

  it('publishes the public half only', async () => {
    const key = await generateClientKey();
    const published = publicJwk(key.privateJwk, key.keyId);
    expect(Object.keys(published).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
  });
});
