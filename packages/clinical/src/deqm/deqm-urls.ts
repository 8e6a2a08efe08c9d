/**
 * The canonical URLs and codes of the Da Vinci DEQM implementation guide, STU4 (4.0.0,
 * `http://hl7.org/fhir/us/davinci-deqm/STU4`), that a gaps-in-care report names. Their definitions are
 * in `data/fhir/deqm` (CC0).
 */
const DEQM = 'http://hl7.org/fhir/us/davinci-deqm';

/** The profiles each resource of a gaps-in-care report claims in `meta.profile`. */
export const DEQM_PROFILE = {
  gapsBundle: `${DEQM}/StructureDefinition/gaps-bundle-deqm`,
  gapsComposition: `${DEQM}/StructureDefinition/gaps-composition-deqm`,
  gapsDetectedIssue: `${DEQM}/StructureDefinition/gaps-detectedissue-deqm`,
  individualMeasureReport: `${DEQM}/StructureDefinition/indv-measurereport-deqm`,
} as const;

export const DEQM_EXTENSION = {
  gapStatus: `${DEQM}/StructureDefinition/extension-gapStatus`,
  measureScoring: `${DEQM}/StructureDefinition/extension-measureScoring`,
} as const;

export const GAPS_STATUS_SYSTEM = `${DEQM}/CodeSystem/gaps-status`;

/** The gap statuses `$care-gaps` reports (the code system's `not-applicable` makes no DetectedIssue). */
export const GAP_STATUSES = ['open-gap', 'closed-gap'] as const;
export type GapStatus = (typeof GAP_STATUSES)[number];

export const GAP_STATUS_DISPLAY: Record<GapStatus, string> = { 'open-gap': 'Open Gap', 'closed-gap': 'Closed Gap' };

/** Whether `value` is a gap status `$care-gaps` reports. */
export function isGapStatus(value: string): value is GapStatus {
  return (GAP_STATUSES as readonly string[]).includes(value);
}
