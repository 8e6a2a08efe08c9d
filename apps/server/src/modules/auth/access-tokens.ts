import { createSecretKey } from 'node:crypto';
import { PERMISSIONS, type Permission } from '@cairn/contracts';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { AuthContext } from '../../access';
import type { SessionRevocations } from './session-revocations';

export interface AccessTokenClaims {
  sub: string;
  org: string;
  /** The sign-in session (its refresh-token family): the token dies when the session ends. */
  sid: string;
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
  /**
   * The caller, or `undefined` when the token is malformed, expired, not ours, lacks its expiry, issue
   * time or session, or belongs to a session that has ended.
   */
  verify(token: string): Promise<AuthContext | undefined>;
  /** Ends these sessions: their tokens are refused from now on, in this process and every other. */
  revokeSessions(sessionIds: readonly string[]): Promise<void>;
  /** Whether a session has ended (what streams opened with a ticket of the session check). */
  isSessionEnded(sessionId: string): boolean;
}

/** Tokens verified recently, each checked once until it expires: a browser sends its token with every call. */
const VERIFIED_TOKENS_KEPT = 10_000;

export function createAccessTokens(
  secret: string,
  sessions: Pick<SessionRevocations, 'isRevoked' | 'revoke'>,
): AccessTokens {
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
        sid: claims.sid,
      })
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${lifetimeSeconds}s`)
        .sign(key);
    },
    revokeSessions: (sessionIds) => sessions.revoke(sessionIds),
    isSessionEnded: (sessionId) => sessions.isRevoked(sessionId),
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > Date.now()) return sessions.isRevoked(known.auth.sessionId) ? undefined : known.auth;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: [ALGORITHM],
          requiredClaims: ['exp', 'iat', 'sid'],
        });
        const { sub, org, sid, exp } = payload;
        if (typeof sub !== 'string' || typeof org !== 'string' || typeof sid !== 'string' || exp === undefined) {
          return undefined;
        }
        const granted = Array.isArray(payload.cairnPermissions) ? payload.cairnPermissions : [];
        const auth: AuthContext = {
          userId: sub,
          organisationId: org,
          sessionId: sid,
          isAdmin: payload.isAdmin === 'true',
          permissions: new Set(PERMISSIONS.filter((permission) => granted.includes(permission))),
          isSaml: payload.isSaml === true,
        };
        // The oldest entry makes room (a Map iterates in insertion order).
        if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value ?? '');
        verified.set(token, { auth, expiresAt: exp * 1000 });
        return sessions.isRevoked(sid) ? undefined : auth;
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}
