/**
 * CMS138 Preventive Care and Screening: Tobacco Use: Screening and Cessation Intervention (CMS138v13
 * for 2025, v14 for 2026; cqframework/ecqm-content-qicore-2024,
 * PreventiveCareAndScreeningTobaccoUseScreeningAndCessationInterventionFHIR).
 *
 * The measure has three populations; the care gap follows population 3, the one reported as the
 * measure's performance rate: screened this period, and, if a tobacco user, given an intervention.
 */
import { addMonths } from '../dates';
import { findHospice } from '../exclusions';
import { ageAtPeriodStart, buildGap, checkAge, type MeasureDefinition } from '../gap-builder';
import {
  findDiagnoses,
  findEncounters,
  findMedications,
  findProcedures,
  type Finding,
  type MeasureContext,
} from '../record-query';
import type { CareGap } from '../types';
import { TOBACCO_PREVENTIVE_VISIT, TOBACCO_QUALIFYING_VISIT } from '../value-sets/encounters';
import * as preventive from '../value-sets/preventive';
import type { ObservationRecord } from '../../record';

export const CMS138: MeasureDefinition = {
  id: 'CMS138',
  title: 'Tobacco Use: Screening and Cessation Intervention',
  inverse: false,
  versions: { 2025: 'CMS138v13', 2026: 'CMS138v14' },
};

/** "Most Recent Tobacco Use Screening" this period, with what it says (user, non-user or neither). */
function findMostRecentScreening(context: MeasureContext): ObservationRecord | undefined {
  let best: ObservationRecord | undefined;
  for (const reading of context.record.observations) {
    if (!preventive.TOBACCO_SCREENING_LOINC.has(reading.loinc)) continue;
    if (reading.date < context.periodStart || reading.date > context.asOf) continue;
    if (!best || reading.date >= best.date) best = reading;
  }
  return best;
}

/** Counseling or pharmacotherapy from six months before the period to its end. */
function findCessationIntervention(context: MeasureContext): Finding | undefined {
  const from = addMonths(context.periodStart, -6);
  const to = context.periodEnd;
  return [
    ...findProcedures(context, preventive.TOBACCO_CESSATION_COUNSELING, from, to),
    ...findDiagnoses(context, {
      list: preventive.TOBACCO_COUNSELING_DIAGNOSIS,
      timing: { kind: 'starts-during', from, to },
      conditionsOnly: true,
    }),
    ...findMedications(context, {
      ingredients: preventive.TOBACCO_PHARMACOTHERAPY_INGREDIENTS,
      from,
      to,
      timing: 'starts',
    }),
  ][0];
}

function screeningFinding(reading: ObservationRecord, label: string): Finding {
  return {
    resourceType: 'Observation',
    resourceId: reading.id,
    date: reading.date,
    code: reading.loinc,
    ...(reading.valueCode ? { value: reading.valueCode } : {}),
    description: `Tobacco use screening: ${label}`,
  };
}

function assessTobacco(context: MeasureContext): { met: boolean; evidence: Finding[]; reason: string } {
  const screening = findMostRecentScreening(context);
  if (!screening) return { met: false, evidence: [], reason: `no tobacco use screening yet in ${context.year}.` };
  const code = screening.valueCode ?? '';
  if (preventive.TOBACCO_NON_USER.has(code)) {
    return {
      met: true,
      evidence: [screeningFinding(screening, 'non-user')],
      reason: `screened on ${screening.date}: non-user.`,
    };
  }
  if (!preventive.TOBACCO_USER.has(code)) {
    const reason = `the most recent tobacco screening (${screening.date}) records neither use nor non-use.`;
    return { met: false, evidence: [screeningFinding(screening, 'result not coded')], reason };
  }
  const intervention = findCessationIntervention(context);
  const evidence = [screeningFinding(screening, 'tobacco user'), ...(intervention ? [intervention] : [])];
  return intervention
    ? {
        met: true,
        evidence,
        reason: `tobacco user (screened ${screening.date}) with cessation intervention on ${intervention.date}.`,
      }
    : {
        met: false,
        evidence,
        reason: `tobacco user (screened ${screening.date}) without cessation counseling or pharmacotherapy.`,
      };
}

export function evaluateCms138(context: MeasureContext): CareGap {
  const ageGap = checkAge(CMS138, context, {
    age: ageAtPeriodStart(context),
    min: 12,
    when: 'at the start of the measurement period',
  });
  if (ageGap) return ageGap;
  const { periodStart: from, periodEnd: to, year } = context;
  const preventiveVisits = findEncounters(context, TOBACCO_PREVENTIVE_VISIT, from, to);
  const visits = findEncounters(context, TOBACCO_QUALIFYING_VISIT, from, to);
  // Initial population: one preventive visit, or two qualifying visits, during the period.
  const encounters = preventiveVisits.length > 0 ? preventiveVisits : visits.length >= 2 ? visits : [];
  const result = assessTobacco(context);
  return buildGap(CMS138, context, {
    populationEvidence: [],
    encounters,
    encountersShown: preventiveVisits.length > 0 ? 1 : 2,
    missingEncounter: `needs one preventive or two qualifying visits in ${year}, has ${visits.length} qualifying`,
    exclusion: findHospice(context),
    numeratorMet: result.met,
    numeratorEvidence: result.evidence,
    numeratorReason: result.reason,
  });
}
