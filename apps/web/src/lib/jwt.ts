/** Reads a JWT's claims without verifying it (the server verifies); malformed: 'Invalid token specified'. */
export function decodeToken<T extends Record<string, unknown>>(token: string): T {
  const payload = token.split('.')[1];
  if (!payload) throw new Error('Invalid token specified');
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)));
    const claims: unknown = JSON.parse(json);
    if (claims === null || typeof claims !== 'object') throw new Error('not an object');
    return claims as T;
  } catch {
    throw new Error('Invalid token specified');
  }
}

/** Seconds of validity left, given the expiry claim and a clock drift between browser and server. */
export function secondsLeft(exp: number | undefined, nowMs: number, clockDriftMs = 0): number {
  if (exp === undefined) return 0;
  return (exp * 1000 - (nowMs + clockDriftMs)) / 1000;
}
