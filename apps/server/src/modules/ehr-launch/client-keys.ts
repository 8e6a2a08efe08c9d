import { randomUUID } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';

/**
 * The key pair of a `private_key_jwt` connection (SMART App Launch 2.0 "confidential asymmetric"
 * clients, RFC 7523): Cairn generates it, keeps the private half sealed, and publishes the public half
 * at the connection's JWKS URL for the EHR to register. SMART requires RS384 or ES384: RS384 is the one
 * every EHR accepts.
 */
export const CLIENT_ASSERTION_ALGORITHM = 'RS384';
/** An assertion is good for five minutes at most (SMART Backend Services: exp no more than 5 minutes). */
const ASSERTION_LIFETIME_SECONDS = 300;

export interface ClientKey {
  /** The private JWK, to seal at rest. */
  privateJwk: JWK;
  keyId: string;
}

export async function generateClientKey(): Promise<ClientKey> {
  const { privateKey } = await generateKeyPair(CLIENT_ASSERTION_ALGORITHM, { extractable: true, modulusLength: 2048 });
  const privateJwk = await exportJWK(privateKey);
  const keyId = await calculateJwkThumbprint(publicHalf(privateJwk));
  return { privateJwk: { ...privateJwk, kid: keyId, alg: CLIENT_ASSERTION_ALGORITHM }, keyId };
}

/** The public key as a JWKS entry: the private members of an RSA JWK left out. */
export function publicJwk(privateJwk: JWK, keyId: string): JWK {
  return { ...publicHalf(privateJwk), kid: keyId, alg: CLIENT_ASSERTION_ALGORITHM, use: 'sig' };
}

function publicHalf({ kty, n, e }: JWK): JWK {
  return { kty, n, e };
}

/** The signed JWT that authenticates Cairn at the token endpoint, used once (its `jti`). */
export async function clientAssertion(options: {
  clientId: string;
  tokenEndpoint: string;
  key: ClientKey;
}): Promise<string> {
  const privateKey = await importJWK(options.key.privateJwk, CLIENT_ASSERTION_ALGORITHM);
  return new SignJWT({})
    .setProtectedHeader({ alg: CLIENT_ASSERTION_ALGORITHM, kid: options.key.keyId, typ: 'JWT' })
    .setIssuer(options.clientId)
    .setSubject(options.clientId)
    .setAudience(options.tokenEndpoint)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(`${String(ASSERTION_LIFETIME_SECONDS)}s`)
    .sign(privateKey);
}
