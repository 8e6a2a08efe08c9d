import { toSignificantDigitsOf } from '@cairn/clinical/display';

/**
 * Converting a result to another unit when that is plain arithmetic: the same quantity in a unit of
 * another size (g and kg, mg/dL and g/L) or temperature scales. Anything else, such as mg/dL and
 * mmol/L (which needs the substance's molar mass), is not converted.
 */

interface UnitDefinition {
  dimension: string;
  /** Value in the dimension's base unit = value * factor + offset. */
  factor: number;
  offset?: number;
}

const UNITS: Record<string, UnitDefinition> = {
  kg: { dimension: 'mass', factor: 1 },
  g: { dimension: 'mass', factor: 0.001 },
  '[lb_av]': { dimension: 'mass', factor: 0.45359237 },
  lb: { dimension: 'mass', factor: 0.45359237 },
  lbs: { dimension: 'mass', factor: 0.45359237 },
  '[oz_av]': { dimension: 'mass', factor: 0.028349523125 },
  m: { dimension: 'length', factor: 1 },
  cm: { dimension: 'length', factor: 0.01 },
  mm: { dimension: 'length', factor: 0.001 },
  '[in_i]': { dimension: 'length', factor: 0.0254 },
  in: { dimension: 'length', factor: 0.0254 },
  cel: { dimension: 'temperature', factor: 1 },
  '°c': { dimension: 'temperature', factor: 1 },
  degc: { dimension: 'temperature', factor: 1 },
  '[degf]': { dimension: 'temperature', factor: 5 / 9, offset: -32 * (5 / 9) },
  '°f': { dimension: 'temperature', factor: 5 / 9, offset: -32 * (5 / 9) },
  degf: { dimension: 'temperature', factor: 5 / 9, offset: -32 * (5 / 9) },
  'g/l': { dimension: 'mass concentration', factor: 1 },
  'g/dl': { dimension: 'mass concentration', factor: 10 },
  'mg/dl': { dimension: 'mass concentration', factor: 0.01 },
  'mg/l': { dimension: 'mass concentration', factor: 0.001 },
  'mmol/l': { dimension: 'substance concentration', factor: 1 },
  'umol/l': { dimension: 'substance concentration', factor: 0.001 },
  'µmol/l': { dimension: 'substance concentration', factor: 0.001 },
};

/** Units compare without regard to case or spaces (`mg/dL`, `mg/dl`, `MG/DL` are one unit). */
export function sameUnit(a: string | null, b: string | null): boolean {
  return normalise(a) === normalise(b);
}

function normalise(unit: string | null): string {
  return (unit ?? '').replace(/\s+/g, '').toLowerCase();
}

/** The value in unit `to`, or `undefined` when the two units are not plainly convertible. */
export function convertValue(value: number, from: string | null, to: string | null): number | undefined {
  if (sameUnit(from, to)) return value;
  const source = UNITS[normalise(from)];
  const target = UNITS[normalise(to)];
  if (!source || !target || source.dimension !== target.dimension) return undefined;
  const base = value * source.factor + (source.offset ?? 0);
  const converted = (base - (target.offset ?? 0)) / target.factor;
  // A conversion adds no precision: 176 lb is 79.83 kg, not 79.83225712 kg.
  return toSignificantDigitsOf(converted, value);
}
