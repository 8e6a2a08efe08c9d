import { createHash, randomBytes } from 'node:crypto';

export interface LaunchContext {
  patient: string;
  encounter?: string;
}

export interface AuthorizationCode extends LaunchContext {
  clientId: string;
  redirectUri: string;
  scope: string;
  codeChallenge: string;
  nonce?: string;
  expiresAt: number;
}

export interface AccessGrant extends LaunchContext {
  clientId: string;
  scope: string;
  expiresAt: number;
}

/** Opaque, unguessable strings for launch ids, codes and tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** Everything the authorization server remembers, in memory: a restart signs every app out. */
export class AuthStore {
  readonly launches = new Map<string, LaunchContext>();
  readonly codes = new Map<string, AuthorizationCode>();
  readonly accessTokens = new Map<string, AccessGrant>();
  readonly refreshTokens = new Map<string, Omit<AccessGrant, 'expiresAt'>>();

  constructor(readonly now: () => number) {}

  /** A code is single-use: taking it removes it, whether or not it is still valid. */
  takeCode(code: string): AuthorizationCode | undefined {
    const found = this.codes.get(code);
    this.codes.delete(code);
    return found && found.expiresAt > this.now() ? found : undefined;
  }

  findAccessToken(token: string): AccessGrant | undefined {
    const found = this.accessTokens.get(token);
    if (found && found.expiresAt <= this.now()) this.accessTokens.delete(token);
    return found && found.expiresAt > this.now() ? found : undefined;
  }
}
