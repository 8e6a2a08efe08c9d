import { Secret, TOTP } from 'otpauth';

// RFC 6238: 30-second steps, six digits, SHA-1 (what authenticator apps implement).
const PERIOD_SECONDS = 30;

export function createTotp(secretBase32: string, label = 'Cairn'): TOTP {
  return new TOTP({
    issuer: 'Cairn',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/**
 * The time step a code belongs to, accepting one step either side for clock drift; `undefined` when
 * the code is wrong. The caller refuses a step it has already accepted (no code works twice).
 */
export function matchTotpStep(secretBase32: string, code: string, now = Date.now()): number | undefined {
  const delta = createTotp(secretBase32).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return undefined;
  return Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}
