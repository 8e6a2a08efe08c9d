import { hash, verify } from '@node-rs/argon2';

// OWASP Password Storage Cheat Sheet (2023): argon2id, m=19 MiB, t=2, p=1 at the least.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/**
 * Checks a password against its hash. With no hash (unknown user, SSO user) a dummy hash is still
 * verified, so that the answer takes as long and reveals nothing about which accounts exist.
 */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  dummyHash ??= await hashPassword('no such account');
  const isMatch = await verify(passwordHash ?? dummyHash, password).catch(() => false);
  return passwordHash !== null && passwordHash !== undefined && isMatch;
}

let dummyHash: string | undefined;
