/**
 * Small readers of JSON tokens in UTF-8 bytes for the command line's fast reader (`fast-line.ts`).
 * Each takes the position to read at and the end of the line, and returns where the token ends, or
 * FAILED when the text is not the plain form the fast reader takes (the line then goes to JSON.parse).
 */
/** `"` */
export const QUOTE = 34;
/** What a reader returns for text it does not take. */
export const FAILED = -1;

/** The first position at or after `at` that is not JSON white space (a line feed ends the line, so it never occurs). */
export function skipSpace(bytes: Uint8Array, at: number, end: number): number {
  while (at < end) {
    const byte = bytes[at] ?? 0;
    if (byte !== 32 && byte !== 9 && byte !== 13) break;
    at++;
  }
  return at;
}

/** End (the closing quote) of a plain ASCII string whose opening quote is at `at - 1`, or FAILED. */
export function scanString(bytes: Uint8Array, at: number, end: number): number {
  for (; at < end; at++) {
    const byte = bytes[at] ?? 0;
    if (byte === QUOTE) return at;
    // An escape, a control character or a non-ASCII character: left to JSON.parse.
    if (byte === 92 || byte < 32 || byte > 127) return FAILED;
  }
  return FAILED;
}

/** End of a whole number without sign or leading zero (at most `maxDigits`), or FAILED. */
export function scanInteger(bytes: Uint8Array, at: number, end: number, maxDigits: number): number {
  const start = at;
  while (at < end && (bytes[at] ?? 0) >= 48 && (bytes[at] ?? 0) <= 57) at++;
  const digits = at - start;
  if (digits === 0 || digits > maxDigits || (digits > 1 && bytes[start] === 48)) return FAILED;
  return at;
}

/** The value of the digits `start`..`end` (checked by {@link scanInteger}). */
export function integerValue(bytes: Uint8Array, start: number, end: number): number {
  let value = 0;
  for (let at = start; at < end; at++) value = value * 10 + (bytes[at] ?? 0) - 48;
  return value;
}

/** Whether bytes `start`..`end` are exactly `text`. */
export function equalsText(bytes: Uint8Array, start: number, end: number, text: Uint8Array): boolean {
  if (end - start !== text.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[start + i] !== text[i]) return false;
  return true;
}

/** End of `true`/`false` at `at`, with the value in the sign: +end for true, -end for false, or 0. */
export function scanBoolean(bytes: Uint8Array, at: number, end: number): number {
  if (at + 4 <= end && bytes[at] === 116 && bytes[at + 1] === 114 && bytes[at + 2] === 117 && bytes[at + 3] === 101)
    return at + 4;
  if (
    at + 5 <= end &&
    bytes[at] === 102 &&
    bytes[at + 1] === 97 &&
    bytes[at + 2] === 108 &&
    bytes[at + 3] === 115 &&
    bytes[at + 4] === 101
  )
    return -(at + 5);
  return 0;
}
