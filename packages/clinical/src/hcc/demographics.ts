import type { Sex } from '../record';
import type { Segment } from './tables';

/** Medicare original reason for entitlement: 0 old age, 1 disability, 2 ESRD, 3 disability and ESRD. */
export type Orec = '0' | '1' | '2' | '3';

/** The demographic facts CMS's software derives its flags from. */
export interface DemographicFacts {
  age: number;
  sex: Sex;
  orec: Orec;
  medicaid: boolean;
}

/** CMS `DISABL`: under 65 and entitled for a reason other than old age. */
export function isDisabled(facts: DemographicFacts): boolean {
  return facts.age < 65 && facts.orec !== '0';
}

/** CMS `ORIGDS`: originally entitled by disability (OREC 1) and now not disabled (aged). */
export function isOriginallyDisabled(facts: DemographicFacts): boolean {
  return facts.orec === '1' && !isDisabled(facts);
}

/** Continuing-enrollee age bands of the CMS software (`F0_34` ... `F95_GT`). */
export const CONTINUING_BANDS = [
  '0_34',
  '35_44',
  '45_54',
  '55_59',
  '60_64',
  '65_69',
  '70_74',
  '75_79',
  '80_84',
  '85_89',
  '90_94',
  '95_GT',
] as const;
/** New-enrollee age bands: single years from 65 to 69. */
export const NEW_ENROLLEE_BANDS = [
  '0_34',
  '35_44',
  '45_54',
  '55_59',
  '60_64',
  '65',
  '66',
  '67',
  '68',
  '69',
  '70_74',
  '75_79',
  '80_84',
  '85_89',
  '90_94',
  '95_GT',
] as const;
const SEXES = ['F', 'M'] as const;

/** Index into {@link CONTINUING_BANDS}. */
export function continuingBandIndex(age: number): number {
  if (age < 35) return 0;
  if (age < 45) return 1;
  if (age < 55) return 2;
  if (age < 60) return 3;
  if (age >= 95) return 11;
  return Math.floor(age / 5) - 8;
}

/**
 * Index into {@link NEW_ENROLLEE_BANDS}. CMS: a new enrollee aged 64 whose OREC is 0 (old age) is
 * about to turn 65, so the `65` cell is used.
 */
export function newEnrolleeBandIndex(age: number, orec: Orec): number {
  if (age === 64 && orec === '0') return 5;
  if (age >= 65 && age <= 69) return age - 60;
  const band = continuingBandIndex(age);
  return band < 5 ? band : band + 4;
}

/** Index of a continuing-enrollee cell: sex (F 0, M 1) x 12 bands. */
export function continuingCellIndex(facts: DemographicFacts): number {
  return (facts.sex === 'F' ? 0 : 12) + continuingBandIndex(facts.age);
}

/** CMS names of the continuing-enrollee cells by {@link continuingCellIndex}: `F0_34` ... `M95_GT`. */
export const CONTINUING_CELLS: readonly string[] = SEXES.flatMap((sex) =>
  CONTINUING_BANDS.map((band) => `${sex}${band}`),
);

/**
 * Index of a new-enrollee cell: Medicaid x originally disabled x sex x 16 bands. For new enrollees
 * CMS sets ORIGDIS when aged 65 or over with OREC 1, and MCAID from the Medicaid flag.
 */
export function newEnrolleeCellIndex(facts: DemographicFacts): number {
  const originallyDisabled = facts.age >= 65 && facts.orec === '1' ? 1 : 0;
  const sex = facts.sex === 'F' ? 0 : 1;
  return (
    ((Number(facts.medicaid) * 2 + originallyDisabled) * 2 + sex) * 16 + newEnrolleeBandIndex(facts.age, facts.orec)
  );
}

/** CMS names of the new-enrollee cells by {@link newEnrolleeCellIndex}, e.g. `MCAID_NORIGDIS_NEF65`. */
export const NEW_ENROLLEE_CELLS: readonly string[] = ['NMCAID', 'MCAID'].flatMap((medicaid) =>
  ['NORIGDIS', 'ORIGDIS'].flatMap((origdis) =>
    SEXES.flatMap((sex) => NEW_ENROLLEE_BANDS.map((band) => `${medicaid}_${origdis}_NE${sex}${band}`)),
  ),
);

/** Whether a segment is scored from the new-enrollee table (demographics only). */
export function isNewEnrolleeSegment(segment: Segment): boolean {
  return segment === 'NE' || segment === 'SNPNE';
}

const AGED_SEGMENTS: readonly Segment[] = ['CNA', 'CPA', 'CFA', 'INS', 'NE', 'SNPNE'];
const DISABLED_SEGMENTS: readonly Segment[] = ['CND', 'CPD', 'CFD', 'INS', 'NE', 'SNPNE'];

/** Segments that apply at an age: the aged community segments from 65, the disabled ones below. */
export function segmentsForAge(age: number): readonly Segment[] {
  return age >= 65 ? AGED_SEGMENTS : DISABLED_SEGMENTS;
}

/** What decides a beneficiary's segment in CMS's enrolment data. */
export interface SegmentFacts {
  age: number;
  dualStatus: 'none' | 'partial' | 'full';
  institutional: boolean;
  newEnrollee: boolean;
  snp: boolean;
}

/** The segment CMS scores a beneficiary in: new enrollee (SNP or not), institutional, or community by dual status and age. */
export function selectSegment(facts: SegmentFacts): Segment {
  if (facts.newEnrollee) return facts.snp ? 'SNPNE' : 'NE';
  if (facts.institutional) return 'INS';
  const aged = facts.age >= 65;
  switch (facts.dualStatus) {
    case 'none':
      return aged ? 'CNA' : 'CND';
    case 'partial':
      return aged ? 'CPA' : 'CPD';
    case 'full':
      return aged ? 'CFA' : 'CFD';
  }
}
