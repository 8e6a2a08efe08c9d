import type { CompiledModel } from './compile';
import { COUNT_VARIABLES, ORIGINALLY_DISABLED_VARIABLES, type CompiledSegment } from './compile-segment';
import { CONTINUING_CELLS, NEW_ENROLLEE_CELLS } from './demographics';
import type { DiagnosisState } from './evaluate';

/** Kinds of scored terms. */
export type TermKind = 'demographic' | 'hcc' | 'interaction' | 'count';

/** A person's demographic flags as indexes into the compiled segment tables. */
export interface DemographicIndexes {
  readonly continuingCell: number;
  readonly newEnrolleeCell: number;
  /** Sex index (F 0, M 1) when originally disabled (CMS `ORIGDS`), else -1. */
  readonly originallyDisabled: number;
  readonly medicaid: boolean;
}

/** A scored term in units of 1/FACTOR_UNITS (the library turns units into factors). */
export interface UnitTerm {
  variable: string;
  units: number;
  kind: TermKind;
  /** Handle of the term's JSON text (`"HCC37":0.166`) in the model's text pool. */
  text: number;
  hcc?: number;
}

/** A segment's raw and demographic score in units of 1/FACTOR_UNITS. */
export interface SegmentUnits {
  raf: number;
  demographic: number;
}

function addTerm(terms: UnitTerm[] | undefined, variable: string, units: number, kind: TermKind, text: number): void {
  terms?.push({ variable, units, kind, text });
}

/** The demographic part of a continuing-enrollee segment: age/sex cell, originally disabled, LTIMCAID. */
function scoreContinuingDemographics(
  segment: CompiledSegment,
  person: DemographicIndexes,
  model: CompiledModel,
  terms?: UnitTerm[],
): number {
  let demographic = 0;
  const cell = segment.continuingCells[person.continuingCell] ?? NaN;
  if (!Number.isNaN(cell)) {
    demographic += cell;
    addTerm(
      terms,
      CONTINUING_CELLS[person.continuingCell] ?? '',
      cell,
      'demographic',
      segment.text.continuingCells[person.continuingCell] ?? 0,
    );
  }
  if (person.originallyDisabled >= 0) {
    const community = segment.originallyDisabled[person.originallyDisabled] ?? NaN;
    if (!Number.isNaN(community)) {
      demographic += community;
      addTerm(
        terms,
        ORIGINALLY_DISABLED_VARIABLES[person.originallyDisabled] ?? '',
        community,
        'demographic',
        segment.text.originallyDisabled[person.originallyDisabled] ?? 0,
      );
    }
    if (!Number.isNaN(segment.institutionalOriginallyDisabled)) {
      demographic += segment.institutionalOriginallyDisabled;
      addTerm(
        terms,
        model.tables.institutionalOriginallyDisabled,
        segment.institutionalOriginallyDisabled,
        'demographic',
        segment.text.institutionalOriginallyDisabled,
      );
    }
  }
  if (person.medicaid && !Number.isNaN(segment.longTermMedicaid)) {
    demographic += segment.longTermMedicaid;
    addTerm(terms, 'LTIMCAID', segment.longTermMedicaid, 'demographic', segment.text.longTermMedicaid);
  }
  return demographic;
}

/** Scores one segment; pushes the terms into `terms` when given. */
export function scoreSegment(
  model: CompiledModel,
  segment: CompiledSegment,
  state: DiagnosisState,
  person: DemographicIndexes,
  terms?: UnitTerm[],
): SegmentUnits {
  if (segment.isNewEnrollee) {
    // New enrollees are scored on their demographic cell alone (no diagnoses).
    const factor = segment.newEnrolleeCells[person.newEnrolleeCell] ?? NaN;
    if (Number.isNaN(factor)) throw new Error(`${model.tables.name}: no new-enrollee cell ${person.newEnrolleeCell}`);
    addTerm(
      terms,
      NEW_ENROLLEE_CELLS[person.newEnrolleeCell] ?? '',
      factor,
      'demographic',
      segment.text.newEnrolleeCells[person.newEnrolleeCell] ?? 0,
    );
    return { raf: factor, demographic: factor };
  }
  const demographic = scoreContinuingDemographics(segment, person, model, terms);
  let raf = demographic;
  for (const index of state.presentIndexes) {
    const factor = segment.hcc[index] ?? NaN;
    if (Number.isNaN(factor)) continue;
    raf += factor;
    const hcc = model.hccOf[index] ?? 0;
    terms?.push({
      variable: model.hccVariables[index] ?? '',
      units: factor,
      kind: 'hcc',
      text: segment.text.hcc[index] ?? 0,
      hcc,
    });
  }
  for (const index of state.activeInteractions) {
    const factor = segment.interaction[index] ?? NaN;
    if (Number.isNaN(factor)) continue;
    raf += factor;
    addTerm(terms, model.interactions[index]?.name ?? '', factor, 'interaction', segment.text.interaction[index] ?? 0);
  }
  const count = Math.min(state.presentIndexes.length, 10);
  const countFactor = segment.count[count] ?? NaN;
  if (count > 0 && !Number.isNaN(countFactor)) {
    raf += countFactor;
    addTerm(terms, COUNT_VARIABLES[count] ?? '', countFactor, 'count', segment.text.count[count] ?? 0);
  }
  return { raf, demographic };
}
