/**
 * CMS122 Diabetes: Glycemic Status Assessment Greater Than 9% (CMS122v13 for 2025, v14 for 2026;
 * logic of CMS122FHIRDiabetesAssessGreaterThan9Percent, cqframework/ecqm-content-qicore-2025).
 *
 * An inverse measure: its numerator is poor control (most recent HbA1c or GMI this period above
 * 9.0 %, without a result, or missing). Cairn presents it as a gap that is OPEN while the numerator is
 * met (poor control or no test yet) and CLOSED when the most recent reading is 9.0 % or less.
 */
import {
  findAdvancedIllnessAndFrailty,
  findHospice,
  findNursingHomeResidence,
  findPalliativeCare,
  firstExclusion,
} from '../exclusions';
import { ageAtPeriodEnd, buildGap, checkAge, notApplicable, type MeasureDefinition } from '../gap-builder';
import { findDiagnoses, findEncounters, type MeasureContext } from '../record-query';
import type { CareGap } from '../types';
import { DIABETES_HBA1C_ENCOUNTER } from '../value-sets/encounters';
import { DIABETES, GLYCEMIC_STATUS_LOINC } from '../value-sets/clinical';
import type { ObservationRecord } from '../../record';

export const CMS122: MeasureDefinition = {
  id: 'CMS122',
  title: 'Diabetes: Glycemic Status Assessment Greater Than 9%',
  inverse: true,
  versions: { 2025: 'CMS122v13', 2026: 'CMS122v14' },
};

/** CMS122 threshold: "> 9 '%'" (NCQA/CMS poor-control cut-off). */
const POOR_CONTROL_PERCENT = 9;

/** HbA1c as NGSP %, converting IFCC mmol/mol (NGSP = 0.0915 x IFCC + 2.15, IFCC-NGSP master equation). */
function toPercent(reading: ObservationRecord): number | undefined {
  if (reading.value === undefined) return undefined;
  return reading.unit?.toLowerCase() === 'mmol/mol' ? 0.0915 * reading.value + 2.15 : reading.value;
}

/**
 * "Lowest Glycemic Status Assessment Reading on Most Recent Day": the readings of the latest day, the
 * lowest first; a reading without a result sorts first (CQL sorts nulls low) and then decides.
 */
export function findDecidingGlycemicReading(context: MeasureContext): ObservationRecord | undefined {
  let day: string | undefined;
  let deciding: ObservationRecord | undefined;
  for (const reading of context.record.observations) {
    if (!GLYCEMIC_STATUS_LOINC.has(reading.loinc)) continue;
    if (reading.date < context.periodStart || reading.date > context.asOf) continue;
    if (day === undefined || reading.date > day) {
      day = reading.date;
      deciding = reading;
      continue;
    }
    if (reading.date !== day || !deciding) continue;
    const current = toPercent(deciding);
    const candidate = toPercent(reading);
    if (current !== undefined && (candidate === undefined || candidate < current)) deciding = reading;
  }
  return deciding;
}

export function evaluateCms122(context: MeasureContext): CareGap {
  const age = ageAtPeriodEnd(context);
  const ageGap = checkAge(CMS122, context, { age, min: 18, max: 75, when: 'at the end of the measurement period' });
  if (ageGap) return ageGap;
  const { periodStart: from, periodEnd: to } = context;
  const diabetes = findDiagnoses(context, { list: DIABETES, timing: { kind: 'overlaps', from, to } });
  if (diabetes.length === 0) {
    return notApplicable(CMS122, context, {
      why: 'no-qualifying-diagnosis',
      reason: `No diabetes diagnosis in ${context.year}.`,
    });
  }
  const reading = findDecidingGlycemicReading(context);
  const value = reading ? toPercent(reading) : undefined;
  const numeratorMet = value === undefined || value > POOR_CONTROL_PERCENT;
  return buildGap(CMS122, context, {
    populationEvidence: diabetes.slice(0, 1),
    encounters: findEncounters(context, DIABETES_HBA1C_ENCOUNTER, from, to),
    exclusion: firstExclusion([
      () => findHospice(context),
      () => findNursingHomeResidence(context),
      () => findAdvancedIllnessAndFrailty(context),
      () => findPalliativeCare(context),
    ]),
    numeratorMet,
    numeratorEvidence: reading
      ? [
          {
            resourceType: 'Observation',
            resourceId: reading.id,
            date: reading.date,
            code: reading.loinc,
            ...(reading.value === undefined ? {} : { value: reading.value }),
            ...(reading.unit ? { unit: reading.unit } : {}),
            description: `${reading.display} ${describeValue(reading)}`,
          },
        ]
      : [],
    numeratorReason: describeReading(context, reading, value),
  });
}

function describeValue(reading: ObservationRecord): string {
  if (reading.value === undefined) return 'without a result';
  return `${String(reading.value)} ${reading.unit ?? ''}`.trim();
}

function describeReading(
  context: MeasureContext,
  reading: ObservationRecord | undefined,
  value: number | undefined,
): string {
  if (!reading)
    return `no HbA1c or GMI result yet in ${context.year}: counts as poor control (> 9 %) until one is done.`;
  if (value === undefined) return `the most recent HbA1c/GMI (${reading.date}) has no result: counts as poor control.`;
  const shown = `${value.toFixed(1)} %`;
  return value > POOR_CONTROL_PERCENT
    ? `most recent HbA1c/GMI ${shown} on ${reading.date} is above 9.0 % (poor control).`
    : `most recent HbA1c/GMI ${shown} on ${reading.date} is 9.0 % or less.`;
}
