/**
 * FHIR JSON read so that a decimal keeps the precision it was reported with. FHIR says a decimal's
 * precision is part of its value ("7.70" is not "7.7"; R4 datatypes, decimal), but `JSON.parse`
 * answers the number 7.7. `parseFhirJson` parses natively, then reads the number tokens of the text
 * once more and pairs them, in order, with the numbers of the parsed document, checking each pair's
 * key and value; `reportedDecimals` then answers how many decimal places a number was written with.
 *
 * Why not a JavaScript JSON parser (lossless-json): on the Synthea bundles it parses six times slower
 * than the native parser, which would slow an import by about a third; the native parse plus this
 * hand-written scan costs a small part of that (an import of the ten bundles: 7-14 % more time).
 */

/** Decimals per parsed object (or array), by key (or index); kept out of the objects themselves. */
const decimalsByHolder = new WeakMap<object, Record<string, number>>();

/** Characters of JSON the scan reads. */
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const LOWER_A = 0x61;
const SPACE = 0x20;
const MINUS = 0x2d;
const PLUS = 0x2b;
const POINT = 0x2e;
const LOWER_E = 0x65;
const UPPER_E = 0x45;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;

/** More places than any reported measurement has: beyond it, the precision is left unknown. */
const MAX_DECIMALS = 20;

interface NumberTokens {
  texts: string[];
  /** The key a number is the value of; undefined for an array element. */
  keys: (string | undefined)[];
}

/** The tokens being paired, the next one's index, and the places found so far. */
interface Pairing extends NumberTokens {
  next: number;
  found: [object, Record<string, number>][];
}

/**
 * Parses a FHIR JSON text (a bundle, a resource, a search page) like `JSON.parse`, remembering the
 * decimal places of every number as written. Throws `SyntaxError` for text that is not JSON. A text
 * whose numbers cannot be paired with certainty (numeric keys, which JavaScript reorders, or repeated
 * keys, neither of them valid FHIR) is parsed with its precision left unknown.
 */
export function parseFhirJson(text: string): unknown {
  const document = JSON.parse(text) as unknown;
  if (typeof document !== 'object' || document === null) return document;
  const pairing: Pairing = { ...numberTokens(text), next: 0, found: [] };
  if (!pairNumbers(document, pairing) || pairing.next !== pairing.texts.length) return document;
  for (const [holder, decimals] of pairing.found) decimalsByHolder.set(holder, decimals);
  return document;
}

/**
 * The decimal places `holder[key]` was written with when `holder` came from `parseFhirJson` (7.70: 2,
 * 5: 0, 5.0: 1, 1e-3: 3); undefined when unknown (an object built in code, or not a number).
 */
export function reportedDecimals(holder: unknown, key: string): number | undefined {
  if (typeof holder !== 'object' || holder === null) return undefined;
  return decimalsByHolder.get(holder)?.[key];
}

/** The decimal places of a JSON number as written: the fraction's digits less the exponent, at least 0. */
export function decimalsOfNumberText(text: string): number | undefined {
  const exponentAt = text.search(/[eE]/);
  const mantissa = exponentAt === -1 ? text : text.slice(0, exponentAt);
  const exponent = exponentAt === -1 ? 0 : Number(text.slice(exponentAt + 1));
  const pointAt = mantissa.indexOf('.');
  const fraction = pointAt === -1 ? 0 : mantissa.length - pointAt - 1;
  const decimals = Math.max(0, fraction - exponent);
  return Number.isInteger(decimals) && decimals <= MAX_DECIMALS ? decimals : undefined;
}

/**
 * The numbers of a JSON text in order, each with the key it is the value of. Strings are skipped whole
 * (a number inside one is never a token); a key is sliced only for the number it labels.
 */
function numberTokens(text: string): NumberTokens {
  const tokens: NumberTokens = { texts: [], keys: [] };
  let keyStart = -1;
  let keyEnd = -1;
  let at = 0;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) {
      const end = closingQuote(text, at);
      const next = afterSpace(text, end + 1);
      keyStart = text.charCodeAt(next) === COLON ? at : -1;
      keyEnd = end + 1;
      at = next;
    } else if (code === MINUS || (code >= DIGIT_0 && code <= DIGIT_9)) {
      const end = numberEnd(text, at + 1);
      tokens.texts.push(text.slice(at, end));
      tokens.keys.push(keyStart === -1 ? undefined : keyOf(text.slice(keyStart, keyEnd)));
      keyStart = -1;
      at = end;
    } else {
      // `[`, `{` and the literals end a key's reach; white space, `,`, `:`, `]` and `}` leave it.
      if (code === OPEN_ARRAY || code === OPEN_OBJECT || code >= LOWER_A) keyStart = -1;
      at += 1;
    }
  }
  return tokens;
}

/** The index of the quote closing the string opened at `open` (one preceded by an even run of backslashes). */
function closingQuote(text: string, open: number): number {
  let end = text.indexOf('"', open + 1);
  for (;;) {
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
}

function afterSpace(text: string, from: number): number {
  let at = from;
  while (at < text.length && text.charCodeAt(at) <= SPACE) at += 1;
  return at;
}

/** Where a number ends: JSON numbers are digits, `.`, `e`, `E`, `+` and `-`. */
function numberEnd(text: string, from: number): number {
  let at = from;
  for (;;) {
    const code = text.charCodeAt(at);
    const isPart = (code >= DIGIT_0 && code <= DIGIT_9) || code === POINT || code === LOWER_E || code === UPPER_E;
    if (!isPart && code !== PLUS && code !== MINUS) return at;
    at += 1;
  }
}

function keyOf(quoted: string): string {
  return quoted.includes('\\') ? (JSON.parse(quoted) as string) : quoted.slice(1, -1);
}

/** Walks the document in the order JSON.parse built it; false as soon as a pair does not match. */
function pairNumbers(node: object, pairing: Pairing): boolean {
  return Array.isArray(node)
    ? pairArray(node as unknown[], pairing)
    : pairObject(node as Record<string, unknown>, pairing);
}

function pairArray(array: unknown[], pairing: Pairing): boolean {
  let decimals: Record<string, number> | undefined;
  for (let index = 0; index < array.length; index += 1) {
    const value = array[index];
    if (typeof value === 'number') {
      const places = pairNumber(pairing, { value, key: undefined });
      if (places === false) return false;
      if (places !== undefined) (decimals ??= {})[String(index)] = places;
    } else if (typeof value === 'object' && value !== null && !pairNumbers(value, pairing)) return false;
  }
  if (decimals) pairing.found.push([array, decimals]);
  return true;
}

function pairObject(object: Record<string, unknown>, pairing: Pairing): boolean {
  let decimals: Record<string, number> | undefined;
  for (const key of Object.keys(object)) {
    const value = object[key];
    if (typeof value === 'number') {
      // Integer-like keys come first in JavaScript whatever their place in the text: the order cannot be trusted.
      if (isIndexLike(key)) return false;
      const places = pairNumber(pairing, { value, key });
      if (places === false) return false;
      if (places !== undefined) (decimals ??= {})[key] = places;
    } else if (typeof value === 'object' && value !== null) {
      if (isIndexLike(key) || !pairNumbers(value, pairing)) return false;
    }
  }
  if (decimals) pairing.found.push([object, decimals]);
  return true;
}

/** The next token's places when it is this number under this key; false when it is not. */
function pairNumber(
  pairing: Pairing,
  { value, key }: { value: number; key: string | undefined },
): number | undefined | false {
  const index = pairing.next++;
  const written = pairing.texts[index];
  if (written === undefined || pairing.keys[index] !== key || Number(written) !== value) return false;
  return decimalsOfNumberText(written);
}

function isIndexLike(key: string): boolean {
  const first = key.charCodeAt(0);
  return first >= DIGIT_0 && first <= DIGIT_9 && /^(0|[1-9]\d*)$/.test(key);
}
