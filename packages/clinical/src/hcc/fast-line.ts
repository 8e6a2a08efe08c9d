import { segmentsForAge, selectSegment, type Orec } from './demographics';
import type { CodeBytes } from './evaluate';
import type { RafInput } from './score';
import { equalsText, FAILED, integerValue, QUOTE, scanBoolean, scanInteger, scanString, skipSpace } from './json-bytes';
import type { Segment } from './tables';

/**
 * The command line's fast reader: one input line read straight from its UTF-8 bytes into a reused
 * record, with no JSON.parse, no string per line and no string per code (JSON.parse and the strings
 * it makes were a quarter of the command line's time). It accepts only lines it can read exactly as
 * `JSON.parse` plus the line validation would: one object with the contract's keys, each at most
 * once, plain ASCII strings without escapes, whole numbers without sign, fraction or exponent,
 * codes already upper case without dots, and a valid segment for the age. Anything else (an unknown
 * key, an escape, a dotted code, a bad value, a duplicate key) returns false, and the line goes
 * through JSON.parse and the full validation, which also words the error.
 */
export class FastLine implements CodeBytes, RafInput {
  bytes: Uint8Array = new Uint8Array(0);
  /** The id's JSON text as written in the input (a string with its quotes, or digits). */
  idStart = 0;
  idEnd = 0;
  age = 0;
  sex: 'F' | 'M' = 'F';
  orec: Orec = '0';
  medicaid = false;
  segment: Segment = 'CNA';
  /** Not read: the codes are `bytes[starts[i]..ends[i]]` for i < count. */
  readonly diagnoses: readonly string[] = [];
  count = 0;
  starts: Int32Array = new Int32Array(32);
  ends: Int32Array = new Int32Array(32);
  /** The optional segment facts as read, -1 when absent: dual status (none, partial, full), flags 0/1, segment. */
  dual = -1;
  institutional = -1;
  newEnrollee = -1;
  snp = -1;
  segmentIndex = -1;
  /** Bits of the keys read (for duplicates and missing keys). */
  seen = 0;
}

// Each key the fast reader takes, as a bit (to find duplicates and missing keys).
const ID = 1;
const AGE = 2;
const SEX = 4;
const OREC = 8;
const MEDICAID = 16;
const DUAL = 32;
const INSTITUTIONAL = 64;
const NEW_ENROLLEE = 128;
const SNP = 256;
const SEGMENT = 512;
const DX = 1024;
const EMPTY = new Uint8Array(0);
/** The key texts by bit position (`ID` is bit 0). */
const KEY_TEXT: readonly Uint8Array[] = [
  'id',
  'age',
  'sex',
  'orec',
  'medicaid',
  'dual_status',
  'institutional',
  'new_enrollee',
  'snp',
  'segment',
  'dx',
].map((key) => Uint8Array.from(key, (char) => char.charCodeAt(0)));
const REQUIRED = ID | AGE | SEX | OREC | MEDICAID | DX;
const OREC_VALUES: readonly Orec[] = ['0', '1', '2', '3'];
const SEGMENT_TEXTS = (['CNA', 'CND', 'CPA', 'CPD', 'CFA', 'CFD', 'INS', 'NE', 'SNPNE'] as const).map(
  (segment) => [segment, Uint8Array.from(segment, (char) => char.charCodeAt(0))] as const,
);
const DUAL_TEXTS = (['none', 'partial', 'full'] as const).map(
  (dual) => [dual, Uint8Array.from(dual, (char) => char.charCodeAt(0))] as const,
);

function isCodeByte(byte: number, first: boolean): boolean {
  return (byte >= 65 && byte <= 90) || (!first && byte >= 48 && byte <= 57);
}

/** Reads the dx array at `at` (`[`) into `line`; end of the array or FAILED. */
function scanDiagnoses(line: FastLine, bytes: Uint8Array, at: number, end: number): number {
  if (bytes[at] !== 91) return FAILED;
  at = skipSpace(bytes, at + 1, end);
  line.count = 0;
  if (bytes[at] === 93) return at + 1;
  for (;;) {
    if (bytes[at] !== QUOTE) return FAILED;
    const start = at + 1;
    let close = start;
    // A code as the command line takes it unchanged: a letter, then 2 to 6 digits or capitals.
    while (close < end && isCodeByte(bytes[close] ?? 0, close === start)) close++;
    if (bytes[close] !== QUOTE || close - start < 3 || close - start > 7) return FAILED;
    if (line.count === line.starts.length) {
      line.starts = growInt32(line.starts);
      line.ends = growInt32(line.ends);
    }
    line.starts[line.count] = start;
    line.ends[line.count] = close;
    line.count++;
    at = skipSpace(bytes, close + 1, end);
    if (bytes[at] === 93) return at + 1;
    if (bytes[at] !== 44) return FAILED;
    at = skipSpace(bytes, at + 1, end);
  }
}

function growInt32(array: Int32Array): Int32Array {
  const larger = new Int32Array(array.length * 2);
  larger.set(array);
  return larger;
}

/** Reads a string value that must be one of `texts`; its index, or FAILED. */
function scanChoice(
  bytes: Uint8Array,
  at: number,
  end: number,
  texts: readonly (readonly [string, Uint8Array])[],
): number {
  if (bytes[at] !== QUOTE) return FAILED;
  const close = scanString(bytes, at + 1, end);
  if (close < 0) return FAILED;
  for (let index = 0; index < texts.length; index++) {
    if (equalsText(bytes, at + 1, close, texts[index]?.[1] ?? EMPTY)) return index;
  }
  return FAILED;
}

/**
 * Reads one value of key `key` at `at`; returns the end of the value or FAILED. String choices end
 * at their closing quote + 1, found again by scanning (they are short).
 */
function scanValue(line: FastLine, key: number, at: number, end: number): number {
  const { bytes } = line;
  switch (key) {
    case ID: {
      if (bytes[at] === QUOTE) {
        const close = scanString(bytes, at + 1, end);
        if (close < 0) return FAILED;
        line.idStart = at;
        line.idEnd = close + 1;
        return close + 1;
      }
      // 15 digits are below 2^53, so the number prints back as the same digits.
      const after = scanInteger(bytes, at, end, 15);
      line.idStart = at;
      line.idEnd = after;
      return after;
    }
    case AGE: {
      const after = scanInteger(bytes, at, end, 3);
      if (after < 0) return FAILED;
      line.age = integerValue(bytes, at, after);
      return line.age <= 125 ? after : FAILED;
    }
    case SEX: {
      if (bytes[at] !== QUOTE || bytes[at + 2] !== QUOTE) return FAILED;
      const sex = bytes[at + 1];
      if (sex !== 70 && sex !== 77) return FAILED;
      line.sex = sex === 70 ? 'F' : 'M';
      return at + 3;
    }
    case OREC: {
      // CMS's OREC as "0".."3" or the number 0..3.
      const quoted = bytes[at] === QUOTE ? 1 : 0;
      const digit = (bytes[at + quoted] ?? 0) - 48;
      const orec = OREC_VALUES[digit];
      if (orec === undefined || (quoted === 1 && bytes[at + 2] !== QUOTE)) return FAILED;
      line.orec = orec;
      return at + 1 + 2 * quoted;
    }
    case MEDICAID: {
      const after = scanBoolean(bytes, at, end);
      line.medicaid = after > 0;
      return after === 0 ? FAILED : Math.abs(after);
    }
    case INSTITUTIONAL:
    case NEW_ENROLLEE:
    case SNP: {
      const after = scanBoolean(bytes, at, end);
      const value = after > 0 ? 1 : 0;
      if (key === INSTITUTIONAL) line.institutional = value;
      else if (key === NEW_ENROLLEE) line.newEnrollee = value;
      else line.snp = value;
      return after === 0 ? FAILED : Math.abs(after);
    }
    case DUAL:
    case SEGMENT: {
      const choice = scanChoice(bytes, at, end, key === DUAL ? DUAL_TEXTS : SEGMENT_TEXTS);
      if (choice < 0) return FAILED;
      if (key === DUAL) line.dual = choice;
      else line.segmentIndex = choice;
      return scanString(bytes, at + 1, end) + 1;
    }
    default:
      return scanDiagnoses(line, bytes, at, end);
  }
}

/** The key bit of the key text `start`..`end`, or 0 for a key the fast reader does not take. */
function keyBit(bytes: Uint8Array, start: number, end: number): number {
  // One candidate by length (and the second letter for `sex`/`snp`), then compared in full.
  let bit: number;
  switch (end - start) {
    case 2:
      bit = bytes[start] === 105 ? ID : DX;
      break;
    case 3:
      bit = bytes[start] === 97 ? AGE : bytes[start + 1] === 101 ? SEX : SNP;
      break;
    case 4:
      bit = OREC;
      break;
    case 7:
      bit = SEGMENT;
      break;
    case 8:
      bit = MEDICAID;
      break;
    case 11:
      bit = DUAL;
      break;
    case 12:
      bit = NEW_ENROLLEE;
      break;
    case 13:
      bit = INSTITUTIONAL;
      break;
    default:
      return 0;
  }
  return equalsText(bytes, start, end, KEY_TEXT[31 - Math.clz32(bit)] ?? EMPTY) ? bit : 0;
}

/** Reads the members of the object whose `{` is at `at` into `line`; the end of the object or FAILED. */
function scanMembers(line: FastLine, at: number, end: number): number {
  const { bytes } = line;
  at = skipSpace(bytes, at + 1, end);
  for (;;) {
    if (bytes[at] !== QUOTE) return FAILED;
    const close = scanString(bytes, at + 1, end);
    const key = close < 0 ? 0 : keyBit(bytes, at + 1, close);
    if (key === 0 || (line.seen & key) !== 0) return FAILED;
    line.seen |= key;
    at = skipSpace(bytes, close + 1, end);
    if (bytes[at] !== 58) return FAILED;
    at = scanValue(line, key, skipSpace(bytes, at + 1, end), end);
    if (at < 0) return FAILED;
    at = skipSpace(bytes, at, end);
    if (bytes[at] === 125) return at + 1;
    if (bytes[at] !== 44) return FAILED;
    at = skipSpace(bytes, at + 1, end);
  }
}

/**
 * Reads line `start`..`end` of `bytes` (ended by a line feed or by the end of `bytes`) into `line`. True when the line is a valid beneficiary read
 * exactly; false when it must go through JSON.parse and the full validation instead.
 */
export function readFastLine(line: FastLine, bytes: Uint8Array, start: number, end: number): boolean {
  // The reader may look one byte past a truncated value: that byte must end the line.
  if (end < bytes.length && bytes[end] !== 10) return false;
  line.bytes = bytes;
  const at = skipSpace(bytes, start, end);
  if (bytes[at] !== 123) return false;
  line.dual = line.institutional = line.newEnrollee = line.snp = line.segmentIndex = -1;
  line.seen = 0;
  const close = scanMembers(line, at, end);
  if (close < 0 || skipSpace(bytes, close, end) !== end || (line.seen & REQUIRED) !== REQUIRED) return false;
  const segment =
    line.segmentIndex >= 0
      ? (SEGMENT_TEXTS[line.segmentIndex]?.[0] ?? 'CNA')
      : selectSegment({
          age: line.age,
          dualStatus: DUAL_TEXTS[line.dual]?.[0] ?? 'none',
          institutional: line.institutional === 1,
          newEnrollee: line.newEnrollee === 1,
          snp: line.snp === 1,
        });
  // A segment that does not apply at the age is an error line, worded by the full path.
  if (!segmentsForAge(line.age).includes(segment)) return false;
  line.segment = segment;
  return true;
}
