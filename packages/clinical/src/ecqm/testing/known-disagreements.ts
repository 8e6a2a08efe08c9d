/**
 * Test-deck cases where Cairn's result differs from the case's expected populations, each explained from
 * the measure's CQL and the case's data in docs/quality.md ("Test decks"). The suites check that these
 * cases give exactly `cairn`, so a fix, or any other change, shows.
 */
import type { EcqmMeasureId } from '../measure-catalog';

export interface KnownDisagreement {
  measureId: EcqmMeasureId;
  patientId: string;
  /** What Cairn gives, per group, for the populations the case expects. */
  cairn: Record<string, number>[];
  /** Why, in a few words (the test's name; docs/quality.md has the CQL). */
  why: string;
}

const NOT_IN_NUMERATOR = { 'initial-population': 1, denominator: 1, 'denominator-exclusion': 0, numerator: 0 };

export const KNOWN_DISAGREEMENTS: readonly KnownDisagreement[] = [
  {
    measureId: 'CMS122',
    patientId: '6630d394-c81d-42f5-a218-40b73a2a4949',
    cairn: [NOT_IN_NUMERATOR],
    why: "the GMI's value is the code 'Yes', not a percentage above 9",
  },
  {
    measureId: 'CMS122',
    patientId: '8956ebb5-d3c0-4112-a34a-200961713efd',
    cairn: [NOT_IN_NUMERATOR],
    why: "the HbA1c's value is the code 'Yes', not 9.1 %",
  },
  {
    measureId: 'CMS159',
    patientId: 'b263321d-43c1-42bd-909c-e93ab2e0cf03',
    cairn: [{ 'initial-population': 1, denominator: 1, 'denominator-exclusion': 0, numerator: 1 }],
    why: "the hospice procedure's HCPCS code is under a code system URI the value set does not use",
  },
];
