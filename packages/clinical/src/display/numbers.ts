/**
 * Numbers as they were reported. A double gives back any decimal of up to 15 significant digits
 * (IEEE 754 binary64, DBL_DIG = 15); what lies past the 15th digit is the noise of binary arithmetic
 * (7.1 + 0.6 = 7.699999999999999), never a digit anyone reported.
 */
const REPORTABLE_DIGITS = 15;

// No grouping (results are written 12000, as reported), never an exponent (0.0000012, not 1.2e-6).
const reported = new Intl.NumberFormat('en-US', { maximumSignificantDigits: REPORTABLE_DIGITS, useGrouping: false });

/** Places `toFixed` writes; a reported count outside them is not used. */
const MAX_DECIMALS = 100;

/**
 * A reported number with the digits it was reported with and without float noise: never rounded to a
 * fixed count of decimals. Given the decimal places the source wrote it with (FHIR keeps a decimal's
 * precision: 7.70 is not 7.7), exactly those, trailing zeros included.
 * @example formatNumber(7.699999999999999) // '7.7'
 * @example formatNumber(79.83) // '79.83'
 * @example formatNumber(7.7, 2) // '7.70'
 */
export function formatNumber(value: number, decimals?: number | null): string {
  if (!Number.isFinite(value)) return String(value);
  if (isDecimalCount(decimals)) return value.toFixed(decimals);
  // Intl writes negative zero as "-0".
  return value === 0 ? '0' : reported.format(value);
}

function isDecimalCount(decimals: number | null | undefined): decimals is number {
  return typeof decimals === 'number' && Number.isInteger(decimals) && decimals >= 0 && decimals <= MAX_DECIMALS;
}

/**
 * How many significant digits a reported number has, read from its shortest decimal form (trailing
 * zeros of a whole number count: 120 has three). Zero has one.
 * @example significantDigits(176) // 3
 * @example significantDigits(0.05) // 1
 */
export function significantDigits(value: number): number {
  const digits = formatNumber(Math.abs(value)).replace('.', '').replace(/^0+/, '');
  return Math.max(1, digits.length);
}

/**
 * A value computed from a reported one (a unit conversion), kept to the reported number's significant
 * digits and one more: a conversion adds no precision (176 lb is 79.83 kg, not 79.83225712 kg), and the
 * extra digit stands for the trailing zeros a number loses on its way (37.0 °C arrives as 37, and is
 * 98.6 °F, not 99).
 * @example toSignificantDigitsOf(79.83225712, 176) // 79.83
 */
export function toSignificantDigitsOf(value: number, reportedValue: number): number {
  if (!Number.isFinite(value) || value === 0) return value;
  return Number(value.toPrecision(Math.min(significantDigits(reportedValue) + 1, REPORTABLE_DIGITS)));
}
