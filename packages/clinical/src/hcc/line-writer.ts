import { FACTOR_UNITS } from './units';

const INITIAL_BYTES = 1 << 17;

/**
 * The decimal digits of every fraction of a unit after the point, without trailing zeros
 * (6530 -> `653`, 50 -> `005`), 4 bytes each, and their lengths: a number is written with one
 * table copy instead of a division per digit.
 */
const FRACTION_DIGITS = new Uint8Array(FACTOR_UNITS * 4);
const FRACTION_LENGTH = new Uint8Array(FACTOR_UNITS);
for (let fraction = 1; fraction < FACTOR_UNITS; fraction++) {
  const digits = String(fraction).padStart(4, '0').replace(/0+$/, '');
  FRACTION_LENGTH[fraction] = digits.length;
  for (let i = 0; i < digits.length; i++) FRACTION_DIGITS[fraction * 4 + i] = digits.charCodeAt(i);
}

/** Bytes a number's text may take (a safe integer has at most 16 digits, then sign, point and 4 decimals). */
const NUMBER_ROOM = 32;

/** Writes a non-negative safe integer's digits at `at` and returns the end. */
function putInteger(bytes: Uint8Array, at: number, value: number): number {
  let digits = 1;
  for (let scale = 10; scale <= value; scale *= 10) digits++;
  let rest = value;
  for (let i = at + digits - 1; i >= at; i--) {
    const next = Math.floor(rest / 10);
    bytes[i] = 48 + rest - next * 10;
    rest = next;
  }
  return at + digits;
}

/** Writes units (an integer) as JSON prints `units / FACTOR_UNITS` at `at` and returns the end. */
function putUnits(bytes: Uint8Array, at: number, units: number): number {
  if (units < 0) {
    bytes[at++] = 45; // '-'
    units = -units;
  }
  const whole = Math.floor(units / FACTOR_UNITS);
  if (whole < 10) bytes[at++] = 48 + whole;
  else at = putInteger(bytes, at, whole);
  const fraction = units - whole * FACTOR_UNITS;
  if (fraction === 0) return at;
  bytes[at++] = 46; // '.'
  const length = FRACTION_LENGTH[fraction] ?? 0;
  const from = fraction * 4;
  for (let i = 0; i < length; i++) bytes[at++] = FRACTION_DIGITS[from + i] ?? 0;
  return at;
}

function putBytes(bytes: Uint8Array, at: number, source: Uint8Array): number {
  for (let i = 0; i < source.length; i++) bytes[at++] = source[i] ?? 0;
  return at;
}

/**
 * Writes output lines straight into bytes. The command line writes about 600 bytes per beneficiary
 * from some sixty pieces; joining them as strings and encoding the result cost a third of its time,
 * so pieces that are ASCII by construction (CMS variable names, validated codes, numbers) are copied
 * byte by byte, and only text that may hold other characters goes through UTF-8 encoding.
 */
export class LineWriter {
  private bytes: Buffer;
  private size = 0;

  constructor(private readonly initialBytes = INITIAL_BYTES) {
    this.bytes = Buffer.allocUnsafe(initialBytes);
  }

  /** Bytes written since the last {@link take}. */
  get length(): number {
    return this.size;
  }

  private reserve(extra: number): void {
    if (this.size + extra <= this.bytes.length) return;
    const larger = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.size + extra));
    this.bytes.copy(larger, 0, 0, this.size);
    this.bytes = larger;
  }

  /** Text known to be ASCII (every character below 128). */
  ascii(text: string): void {
    this.reserve(text.length);
    const { bytes } = this;
    let at = this.size;
    for (let i = 0; i < text.length; i++) bytes[at++] = text.charCodeAt(i);
    this.size = at;
  }

  /** Bytes `start` to `end` of `source`. */
  copy(source: Uint8Array, start: number, end: number): void {
    this.reserve(end - start);
    const { bytes } = this;
    let at = this.size;
    for (let i = start; i < end; i++) bytes[at++] = source[i] ?? 0;
    this.size = at;
  }

  /** Any text, UTF-8 encoded. */
  text(text: string): void {
    for (let i = 0; i < text.length; i++) {
      if (text.charCodeAt(i) > 127) {
        this.reserve(Buffer.byteLength(text, 'utf8'));
        this.size += this.bytes.write(text, this.size, 'utf8');
        return;
      }
    }
    this.ascii(text);
  }

  /** A non-negative integer in decimal. */
  integer(value: number): void {
    if (value < 10) {
      this.reserve(1);
      this.bytes[this.size++] = 48 + value;
      return;
    }
    if (!Number.isSafeInteger(value)) {
      this.ascii(String(value));
      return;
    }
    // HCC numbers and counts: digits by arithmetic, without a string per number.
    this.reserve(NUMBER_ROOM);
    this.size = putInteger(this.bytes, this.size, value);
  }

  /** Bytes prepared once (the JSON text of keys and punctuation the command line writes on every line). */
  bytesOf(source: Uint8Array): void {
    this.copy(source, 0, source.length);
  }

  /** One byte (an ASCII character code). */
  byte(value: number): void {
    this.reserve(1);
    this.bytes[this.size++] = value;
  }

  /** One member of a JSON object whose key is ASCII bytes `start`..`end` of `key` and whose value is `value` (JSON text). */
  mapEntry(first: boolean, key: Uint8Array, start: number, end: number, value: Uint8Array): void {
    this.reserve(end - start + value.length + 4);
    const { bytes } = this;
    let at = this.size;
    if (!first) bytes[at++] = 44; // ','
    bytes[at++] = 34; // '"'
    for (let i = start; i < end; i++) bytes[at++] = key[i] ?? 0;
    bytes[at++] = 34;
    bytes[at++] = 58; // ':'
    this.size = putBytes(bytes, at, value);
  }

  /** A number held in units of 1/FACTOR_UNITS, as JSON prints `units / 10000` (`0.653`, `2`, `0.005`). */
  units(units: number): void {
    this.reserve(NUMBER_ROOM);
    this.size = putUnits(this.bytes, this.size, units);
  }

  /** `key`, a number in units, `between`, a second number in units, then `}`: one segment's scores. */
  unitsPair(key: Uint8Array, first: number, between: Uint8Array, second: number): void {
    this.reserve(key.length + between.length + 2 * NUMBER_ROOM + 1);
    const { bytes } = this;
    let at = putBytes(bytes, this.size, key);
    at = putUnits(bytes, at, first);
    at = putBytes(bytes, at, between);
    at = putUnits(bytes, at, second);
    bytes[at++] = 125;
    this.size = at;
  }

  /** The bytes written so far (a copy-free view handed over), and a fresh buffer for what follows. */
  take(): Buffer {
    const written = this.bytes.subarray(0, this.size);
    this.bytes = Buffer.allocUnsafe(this.initialBytes);
    this.size = 0;
    return written;
  }
}
