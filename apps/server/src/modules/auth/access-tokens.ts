import { createSecretKey } from 'node:crypto';
import { PERMISSIONS, type Permission } from '@cairn/contracts';
import { errors, jwtVerify, SignJWT } from 'jose';

/** Who is calling, from a verified access token. */
export interface AuthContext {
  userId: string;
  organisationId: string;
  isAdmin: boolean;
  permissions: ReadonlySet<Permission>;
  /** Signed in through SSO (spec: isSAML). */
  isSaml: boolean;
}

export interface AccessTokenClaims {
  sub: string;
  org: string;
  isAdmin?: boolean;
  permissions?: Permission[];
  isSaml?: boolean;
  /** Further claims of spec §3 carried as they are. */
  extra?: Record<string, unknown>;
}

const ISSUER = 'cairn';
const AUDIENCE = 'cairn-api';
const ALGORITHM = 'HS256';

/** Signs and verifies Cairn's short-lived access tokens (JWT, HS256, a secret shared by every process). */
export interface AccessTokens {
  sign(claims: AccessTokenClaims, lifetimeSeconds?: number): Promise<string>;
  /** The caller, or `undefined` when the token is malformed, expired or not ours. */
  verify(token: string): Promise<AuthContext | undefined>;
}

/** Tokens verified recently, each checked once until it expires: a browser sends its token with every call. */
const VERIFIED_TOKENS_KEPT = 10_000;

export function createAccessTokens(secret: string): AccessTokens {
  // A KeyObject made once: given raw bytes, jose would import a new key on every request.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  // The exact token string maps to what its verified claims said; expiry is checked on every use.
  const verified = new Map<string, { auth: AuthContext; expiresAt: number }>();
  return {
    async sign(claims, lifetimeSeconds = 15 * 60) {
      return new SignJWT({
        ...claims.extra,
        org: claims.org,
        isAdmin: claims.isAdmin === true ? 'true' : 'false',
        cairnPermissions: claims.permissions ?? [],
        isSaml: claims.isSaml === true,
      })
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${lifetimeSeconds}s`)
        .sign(key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > Date.now()) return known.auth;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: [ALGORITHM],
        });
        if (typeof payload.sub !== 'string' || typeof payload.org !== 'string') return undefined;
        const granted = Array.isArray(payload.cairnPermissions) ? payload.cairnPermissions : [];
        const auth: AuthContext = {
          userId: payload.sub,
          organisationId: payload.org,
          isAdmin: payload.isAdmin === 'true',
          permissions: new Set(PERMISSIONS.filter((permission) => granted.includes(permission))),
          isSaml: payload.isSaml === true,
        };
        if (payload.exp !== undefined) {
          // The oldest entry makes room (a Map iterates in insertion order).
          if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value ?? '');
          verified.set(token, { auth, expiresAt: payload.exp * 1000 });
        }
        return auth;
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}
