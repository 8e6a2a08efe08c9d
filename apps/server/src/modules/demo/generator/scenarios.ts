/**
 * What a patient is built to show. Patients take these in turn (patient `index` takes
 * `SCENARIOS[index % SCENARIOS.length]`), so every few patients of any organisation, and of any
 * provider's panel, give every kind of suggestion and every care-gap status:
 *
 * - `recapture`: diabetes and heart failure coded in the two prior years, not yet this year (Recapture).
 * - `documented-elsewhere`: COPD on a partner organisation's (HIE) record and in notes, never coded by the practice.
 * - `meets-criteria`: eGFR below 60 for more than 90 days and a PHQ-9 of 15 or more, neither coded (KDIGO, PHQ-9).
 * - `correlation`: donepezil and apixaban without dementia or atrial fibrillation coded (drug-indication rules).
 * - `no-visit-this-year`: no visit since last year, so the measures wait for one (prospective gaps).
 * - `well-controlled`: a woman with diabetes, HbA1c at goal, BP controlled, screenings done (closed gaps).
 * - `poor-control`: diabetes with HbA1c above 9 % and high BP, no screenings (open gaps).
 * - `mixed`: conditions drawn at random.
 */
export const SCENARIOS = [
  'recapture',
  'documented-elsewhere',
  'meets-criteria',
  'correlation',
  'no-visit-this-year',
  'well-controlled',
  'poor-control',
  'mixed',
] as const;

export type Scenario = (typeof SCENARIOS)[number];

export function scenarioOf(index: number): Scenario {
  return SCENARIOS[index % SCENARIOS.length] ?? 'mixed';
}
