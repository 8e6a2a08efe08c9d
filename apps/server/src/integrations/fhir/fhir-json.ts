/**
 * FHIR JSON read so that a decimal keeps the precision it was reported with. FHIR says a decimal's
 * precision is part of its value ("7.70" is not "7.7"; R4 datatypes, decimal), but `JSON.parse`
 * answers the number 7.7. `parseFhirJson` parses natively, then reads the number tokens of the text
 * once more and pairs them, in order, with the numbers of the parsed document, checking each pair's
 * key and value; `reportedDecimals` then answers how many decimal places a number was written with.
 *
 * Why not a JavaScript JSON parser (lossless-json): on the Synthea bundles it parses six times slower
 * than the native parser, which would slow an import by about a third; the native parse plus this
 * scan costs a small part of that.
 */

/** Decimals per parsed object (or array), by key (or index); kept out of the objects themselves. */
const decimalsByHolder = new WeakMap<object, Record<string, number>>();

/** More places than any reported measurement has: beyond it, the precision is left unknown. */
const MAX_DECIMALS = 20;

/**
 * The strings (a key with its colon), numbers and literals of a JSON text, in order; `[` and `{` too,
 * so that a number right after them is known to have no key. Strings are matched whole, so a number
 * inside one is never taken for a token.
 */
const TOKEN = /"[^"\\]*(?:\\.[^"\\]*)*"(\s*:)?|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|[[{]|true|false|null/g;

interface NumberTokens {
  texts: string[];
  /** The key a number is the value of; undefined for an array element. */
  keys: (string | undefined)[];
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
  const tokens = numberTokens(text);
  const found: [object, Record<string, number>][] = [];
  const position = { next: 0 };
  if (!pairNumbers(document, tokens, position, found) || position.next !== tokens.texts.length) return document;
  for (const [holder, decimals] of found) decimalsByHolder.set(holder, decimals);
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

function numberTokens(text: string): NumberTokens {
  const tokens: NumberTokens = { texts: [], keys: [] };
  let key: string | undefined;
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(text); match; match = TOKEN.exec(text)) {
    const token = match[0];
    const first = token.charCodeAt(0);
    if (first === 0x22 && match[1] !== undefined) {
      const quoted = token.slice(0, token.length - match[1].length);
      key = quoted.includes('\\') ? (JSON.parse(quoted) as string) : quoted.slice(1, -1);
    } else if (first === 0x2d || (first >= 0x30 && first <= 0x39)) {
      tokens.texts.push(token);
      tokens.keys.push(key);
      key = undefined;
    } else {
      key = undefined;
    }
  }
  return tokens;
}

/** Walks the document in the order JSON.parse built it; false as soon as a pair does not match. */
function pairNumbers(
  node: object,
  tokens: NumberTokens,
  position: { next: number },
  found: [object, Record<string, number>][],
): boolean {
  const isArray = Array.isArray(node);
  const keys = Object.keys(node);
  const values = node as Record<string, unknown>;
  let decimals: Record<string, number> | undefined;
  for (const key of keys) {
    const value = values[key];
    if (typeof value === 'number') {
      const index = position.next++;
      const written = tokens.texts[index];
      const expectedKey = isArray ? undefined : key;
      if (written === undefined || tokens.keys[index] !== expectedKey || Number(written) !== value) return false;
      // Integer-like keys come first in JavaScript whatever their place in the text: the order cannot be trusted.
      if (!isArray && isIndexLike(key)) return false;
      const places = decimalsOfNumberText(written);
      if (places !== undefined) (decimals ??= {})[key] = places;
    } else if (typeof value === 'object' && value !== null) {
      if (!isArray && isIndexLike(key)) return false;
      if (!pairNumbers(value, tokens, position, found)) return false;
    }
  }
  if (decimals) found.push([node, decimals]);
  return true;
}

function isIndexLike(key: string): boolean {
  const first = key.charCodeAt(0);
  return first >= 0x30 && first <= 0x39 && /^(0|[1-9]\d*)$/.test(key);
}
