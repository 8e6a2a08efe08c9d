/**
 * A compact index from ICD-10-CM code to a dense code id, held in typed arrays. Scoring looks up
 * every diagnosis of every beneficiary; a JavaScript Map of 8,000 strings costs several cache misses
 * per lookup (bucket, key string, value object), which dominated the command line's time. Here a code
 * is split into its 3-character category and the rest, both packed into integers, and found with a
 * table lookup plus a short binary search over a small contiguous array.
 */
export interface CodeIndex {
  /** Category number -> first position in `rests`; `categoryStart[c + 1]` ends the range (16 bits: small tables stay in cache). */
  readonly categoryStart: Uint16Array;
  /** Packed code tails, sorted within each category. */
  readonly rests: Int32Array;
  /** Code id at each position of `rests`. */
  readonly ids: Uint16Array;
}

const CATEGORIES = 36 * 36 * 36;
/** Packed tails are below 37^4 (at most four characters after the category). */
const REST_LIMIT = 37 ** 4;

/** 0-9 -> 0-9, A-Z -> 10-35, anything else -1 (char codes). */
function digitOf(charCode: number): number {
  if (charCode >= 48 && charCode <= 57) return charCode - 48;
  if (charCode >= 65 && charCode <= 90) return charCode - 55;
  return -1;
}

/** Category number of the first three characters, or -1. */
function categoryOf(code: string): number {
  if (code.length < 3 || code.length > 7) return -1;
  const a = digitOf(code.charCodeAt(0));
  const b = digitOf(code.charCodeAt(1));
  const c = digitOf(code.charCodeAt(2));
  return a < 0 || b < 0 || c < 0 ? -1 : (a * 36 + b) * 36 + c;
}

/** The characters after the category packed base 37 (0 = no character, so lengths stay distinct), or -1. */
function restOf(code: string): number {
  let rest = 0;
  for (let i = 3; i < code.length; i++) {
    const digit = digitOf(code.charCodeAt(i));
    if (digit < 0) return -1;
    rest = rest * 37 + digit + 1;
  }
  return rest;
}

/** Builds the index of `codes`; a code's id is its position in `codes`. */
export function buildCodeIndex(codes: readonly string[]): CodeIndex {
  if (codes.length > 0xffff) throw new Error('Too many codes for a 16-bit index');
  // Sorted as one packed number per code (category, rest, id: below 2^53), which a typed array sorts natively.
  const keys = new Float64Array(codes.length);
  codes.forEach((code, id) => {
    const category = categoryOf(code);
    const rest = restOf(code);
    if (category < 0 || rest < 0) throw new Error(`Cannot index code ${code}`);
    keys[id] = (category * REST_LIMIT + rest) * 0x10000 + id;
  });
  keys.sort();
  const categoryStart = new Uint16Array(CATEGORIES + 1);
  const rests = new Int32Array(codes.length);
  const ids = new Uint16Array(codes.length);
  keys.forEach((key, at) => {
    const id = key % 0x10000;
    const packed = (key - id) / 0x10000;
    const category = Math.floor(packed / REST_LIMIT);
    rests[at] = packed - category * REST_LIMIT;
    ids[at] = id;
    categoryStart[category + 1] = (categoryStart[category + 1] ?? 0) + 1;
  });
  for (let c = 0; c < CATEGORIES; c++) categoryStart[c + 1] = (categoryStart[c + 1] ?? 0) + (categoryStart[c] ?? 0);
  return { categoryStart, rests, ids };
}

/** The id of a code (upper case, no dot), or -1 when the index does not hold it. */
export function findCode(index: CodeIndex, code: string): number {
  const category = categoryOf(code);
  if (category < 0) return -1;
  const rest = restOf(code);
  return rest < 0 ? -1 : searchRest(index, category, rest);
}

/**
 * {@link findCode} for a code held as ASCII bytes `start` to `end` of `bytes` (upper case, no dot),
 * so the command line looks codes up straight from its input without making a string of each.
 */
export function findCodeBytes(index: CodeIndex, bytes: Uint8Array, start: number, end: number): number {
  const length = end - start;
  if (length < 3 || length > 7) return -1;
  const a = digitOf(bytes[start] ?? 0);
  const b = digitOf(bytes[start + 1] ?? 0);
  const c = digitOf(bytes[start + 2] ?? 0);
  if (a < 0 || b < 0 || c < 0) return -1;
  const category = (a * 36 + b) * 36 + c;
  let rest = 0;
  for (let i = start + 3; i < end; i++) {
    const digit = digitOf(bytes[i] ?? 0);
    if (digit < 0) return -1;
    rest = rest * 37 + digit + 1;
  }
  return searchRest(index, category, rest);
}

function searchRest(index: CodeIndex, category: number, rest: number): number {
  let low = index.categoryStart[category] ?? 0;
  let high = (index.categoryStart[category + 1] ?? 0) - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const value = index.rests[middle] ?? 0;
    if (value === rest) return index.ids[middle] ?? -1;
    if (value < rest) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}
