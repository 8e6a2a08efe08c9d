import { createHmac } from 'node:crypto';

/**
 * An OpenID Connect id_token naming the signed-in clinician (`fhirUser`), signed HS256 with the client's
 * secret as OIDC allows for confidential clients (public clients get none).
 */
export function signIdToken(options: {
  issuer: string;
  clientId: string;
  clientSecret: string;
  fhirUser: string;
  nowMs: number;
  nonce?: string;
}): string {
  const iat = Math.floor(options.nowMs / 1000);
  const header = { alg: 'HS256', typ: 'JWT' };
  const claims = {
    iss: options.issuer,
    sub: options.fhirUser.split('/').pop(),
    aud: options.clientId,
    iat,
    exp: iat + 300,
    fhirUser: options.fhirUser,
    ...(options.nonce === undefined ? {} : { nonce: options.nonce }),
  };
  const unsigned = `${encode(header)}.${encode(claims)}`;
  const signature = createHmac('sha256', options.clientSecret).update(unsigned).digest('base64url');
  return `${unsigned}.${signature}`;
}

function encode(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}
