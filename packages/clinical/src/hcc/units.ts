/**
 * Factors and scores are held as integers in units of 1/FACTOR_UNITS: CMS publishes factors with at
 * most three decimals, so integer sums are exact and rounding to 4 decimals is lossless.
 */
export const FACTOR_UNITS = 10000;

/** Factor -> units; throws if a factor has more than four decimals (sums would not be exact). */
export function toUnits(factor: number, name: string): number {
  const units = Math.round(factor * FACTOR_UNITS);
  if (Math.abs(units - factor * FACTOR_UNITS) > 1e-6)
    throw new Error(`Factor ${name} = ${factor} has more than 4 decimals`);
  return units;
}

/** Units -> the decimal number (the nearest double, as `Number('0.653')`). */
export function fromUnits(units: number): number {
  return units / FACTOR_UNITS;
}

/** Decimal text of every fraction of a unit: 6530 -> `.653`, 50 -> `.005`, 0 -> ''. */
const FRACTION_TEXT: readonly string[] = Array.from({ length: FACTOR_UNITS }, (_, fraction) =>
  fraction === 0 ? '' : `.${String(fraction).padStart(4, '0').replace(/0+$/, '')}`,
);

/**
 * Units as JSON number text, the same text as `String(units / 10000)` without a float-to-string
 * conversion per number (the command line writes a dozen numbers per beneficiary).
 */
export function formatUnits(units: number): string {
  if (units < 0) return `-${formatUnits(-units)}`;
  const whole = Math.floor(units / FACTOR_UNITS);
  return `${whole}${FRACTION_TEXT[units - whole * FACTOR_UNITS] ?? ''}`;
}
