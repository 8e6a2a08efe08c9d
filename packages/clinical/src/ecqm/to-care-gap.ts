/**
 * A measure's result as the `CareGap` the product stores and shows (care-gaps/types.ts).
 *
 * - The group read: CMS138's third (the whole measure); otherwise the first group whose denominator the
 *   patient is in, else one that excludes or excepts them, else the first.
 * - Status: `not-applicable` outside the initial population or denominator (`not-in-population`), for a
 *   denominator exclusion (`excluded`) or exception (`excepted`); otherwise `closed` when the numerator is
 *   met and `open` when not; for the inverse CMS122 the other way round (`numeratorMet` keeps the
 *   measure's meaning). There is no `prospective`: the CQL decides on the data there is.
 * - `dueDate`: the period's end for open and closed gaps (the CQL does not say how long closing evidence
 *   lasts beyond the period); none when not applicable.
 * - Evidence: each population's resources, by role (`population`, `exclusion`, `numerator`), pointing at
 *   the record items they came from (`to-fhir-bundle.ts` names them in an identifier).
 * - `reason`: one sentence from the populations and that evidence (`care-gap-reason.ts`).
 */
import type { CareGap, CareGapEvidence, EvidenceRole } from '../care-gaps/types';
import { careGapReason } from './care-gap-reason';
import { evidenceFacts } from './evidence-facts';
import { recordItemOf } from './fhir-view';
import { measureFacts } from './measure-catalog';
import type { EcqmEvidence, EcqmGroupResult, EcqmMeasureResult, PopulationCode } from './types';

/**
 * The version of what `toCareGap` derives from a result (statuses, evidence, reasons): raised when that
 * changes, so that stored gaps are derived again (the quality pass puts it in its input digest).
 */
export const CARE_GAP_VERSION = 1;

/** The care gap of one measure's result (see the module comment). */
export function toCareGap(result: EcqmMeasureResult): CareGap {
  const facts = measureFacts(result.measureId);
  const period = { start: result.report.period.start ?? '', end: result.report.period.end ?? '' };
  const group = careGapGroup(result.groups, facts.careGapGroup);
  const base = {
    measureId: result.measureId,
    measureVersion: `${result.measureUrl.slice(result.measureUrl.lastIndexOf('/') + 1)} ${result.measureVersion}`,
    title: result.title,
    inverse: facts.inverse,
    measurementPeriod: period,
  };
  const populations = group?.populations ?? {};
  const notApplicable = notApplicableReason(populations);
  if (!group || notApplicable) {
    const role: EvidenceRole = notApplicable === 'not-in-population' ? 'population' : 'exclusion';
    const codes: PopulationCode[] =
      notApplicable === 'not-in-population'
        ? ['initial-population']
        : [notApplicable === 'excepted' ? 'denominator-exception' : 'denominator-exclusion'];
    const reasonCode = notApplicable ?? 'not-in-population';
    const evidence = group ? evidenceOf(group, codes, role) : [];
    return {
      ...base,
      status: 'not-applicable',
      numeratorMet: undefined,
      dueDate: undefined,
      notApplicableReason: reasonCode,
      reason: careGapReason({ ...base, period, status: 'not-applicable', notApplicableReason: reasonCode, evidence }),
      evidence,
    };
  }
  const numeratorMet = populations.numerator === true;
  const status = (facts.inverse ? !numeratorMet : numeratorMet) ? 'closed' : 'open';
  const evidence = [
    ...evidenceOf(group, ['initial-population', 'denominator'], 'population'),
    ...evidenceOf(group, ['numerator'], 'numerator'),
  ];
  return {
    ...base,
    status,
    numeratorMet,
    dueDate: period.end,
    reason: careGapReason({ ...base, period, status, evidence }),
    evidence,
  };
}

function notApplicableReason(
  populations: EcqmGroupResult['populations'],
): 'not-in-population' | 'excluded' | 'excepted' | undefined {
  if (!populations['initial-population'] || !populations.denominator) return 'not-in-population';
  if (populations['denominator-exclusion']) return 'excluded';
  if (populations['denominator-exception']) return 'excepted';
  return undefined;
}

function careGapGroup(groups: readonly EcqmGroupResult[], choice: number | 'any'): EcqmGroupResult | undefined {
  if (choice !== 'any') return groups[choice];
  return (
    groups.find((group) => notApplicableReason(group.populations) === undefined) ??
    groups.find((group) => notApplicableReason(group.populations) === 'excluded') ??
    groups.find((group) => notApplicableReason(group.populations) === 'excepted') ??
    groups[0]
  );
}

function evidenceOf(group: EcqmGroupResult, codes: PopulationCode[], role: EvidenceRole): CareGapEvidence[] {
  const seen = new Set<string>();
  return codes
    .flatMap((code) => group.evidence[code] ?? [])
    .filter((item) => !seen.has(item.reference) && seen.add(item.reference))
    .flatMap((item) => {
      const evidence = careGapEvidence(item, role);
      return evidence ? [evidence] : [];
    });
}

const TYPES = new Set<string>([
  'Encounter',
  'Condition',
  'Observation',
  'Procedure',
  'MedicationRequest',
  'Immunization',
  'AllergyIntolerance',
]);

/** The evidence item for a resource, pointing at its record item; none for a type CareGap has no name for. */
function careGapEvidence(item: EcqmEvidence, role: EvidenceRole): CareGapEvidence | undefined {
  const recordItem = recordItemOf(item.resource);
  const [list, ...rest] = recordItem?.split('/') ?? [];
  const resourceType = list === 'claims' ? 'Claim' : item.resourceType;
  if (resourceType !== 'Claim' && !TYPES.has(resourceType)) return undefined;
  const facts = evidenceFacts(item.resource);
  return {
    role,
    resourceType: resourceType as CareGapEvidence['resourceType'],
    resourceId: rest.length > 0 ? rest.join('/') : item.id,
    date: facts.date,
    ...(facts.code ? { code: facts.code } : {}),
    ...(facts.value !== undefined ? { value: facts.value } : {}),
    ...(facts.unit ? { unit: facts.unit } : {}),
    description: facts.description,
  };
}
