import { suspect } from '../engine';
import type { PatientRecord } from '../../record';
import type { Suggestion, SuspectingModel } from '../types';

/** The as-of date most tests use: mid-2026, so "this year" is 2026 and the prior two are 2024-2025. */
export const AS_OF = '2026-06-01';

/** The suggestion for a code, or undefined. */
export function suggestionFor(
  record: PatientRecord,
  code: string,
  options: { asOf?: string; model?: SuspectingModel } = {},
): Suggestion | undefined {
  return suspect(record, { asOf: options.asOf ?? AS_OF, model: options.model ?? 'v28' }).find(
    (suggestion) => suggestion.code === code,
  );
}

/** Every suggested code, sorted. */
export function suggestedCodes(record: PatientRecord, asOf: string = AS_OF): string[] {
  return suspect(record, { asOf })
    .map((suggestion) => suggestion.code)
    .sort();
}
