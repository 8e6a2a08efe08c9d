import { DIABETES } from './catalog';
import type { PatientContext } from './generate-patient';
import type { Visit } from './history';
import {
  codedRow,
  DEPRESSION_NEGATIVE,
  DEPRESSION_POSITIVE,
  DEPRESSION_SCREENING,
  NEVER_SMOKER,
  quantityRow,
  RESULTS,
  SMOKER,
  TOBACCO_SCREENING,
  type ResultType,
} from './observations';
import type { EncounterRow } from './types';

/** The physiology a patient's results drift around. */
export interface Vitals {
  systolic: number;
  diastolic: number;
  weight: number;
  height: number;
  hba1c: number;
  egfr: number;
}

function observationBase(context: PatientContext, encounter: EncounterRow) {
  return {
    id: context.options.newId(),
    organisationId: context.options.organisationId,
    patientId: context.rows.patient.id,
    encounterId: encounter.id,
    source: 'EHR',
    sourceId: context.sourceId('observation'),
  };
}

function addResult(context: PatientContext, encounter: EncounterRow, type: ResultType, value: number): void {
  context.rows.observations.push(quantityRow(observationBase(context, encounter), type, value, encounter.startDate));
}

export function addVitals(context: PatientContext, encounter: EncounterRow, vitals: Vitals): void {
  const { draw } = context;
  const weight = Math.round((vitals.weight + draw.between(-2, 2)) * 10) / 10;
  addResult(context, encounter, RESULTS.systolic, Math.round(vitals.systolic + draw.between(-9, 9)));
  addResult(context, encounter, RESULTS.diastolic, Math.round(vitals.diastolic + draw.between(-6, 6)));
  addResult(context, encounter, RESULTS.weight, weight);
  addResult(context, encounter, RESULTS.bmi, Math.round((weight / vitals.height ** 2) * 10) / 10);
}

export function addLabs(context: PatientContext, encounter: EncounterRow, visit: Visit & { isAnnual: boolean }): void {
  const { draw, vitals } = { draw: context.draw, vitals: visit.vitals };
  const hasDiabetes = context.conditions.includes(DIABETES);
  // Labs report HbA1c to one decimal (NGSP %); the sum of two one-decimal draws is not one (7.1 + 0.6 is
  // 7.699999999999999 in binary), so it is rounded as the lab would.
  if (hasDiabetes || visit.isAnnual)
    addResult(context, encounter, RESULTS.hba1c, Math.round((vitals.hba1c + draw.between(-0.3, 0.3)) * 10) / 10);
  if (!visit.isAnnual && context.scenario !== 'meets-criteria') return;
  const egfr = Math.round(vitals.egfr + draw.between(-3, 3));
  addResult(context, encounter, RESULTS.egfr, egfr);
  addResult(context, encounter, RESULTS.creatinine, Math.round((90 / Math.max(egfr, 10)) * 100) / 100);
  if (!visit.isAnnual) return;
  const ldl = Math.round(draw.between(70, 170));
  const hdl = Math.round(draw.between(35, 70));
  const triglycerides = Math.round(draw.between(80, 260));
  addResult(context, encounter, RESULTS.cholesterol, ldl + hdl + Math.round(triglycerides / 5));
  addResult(context, encounter, RESULTS.ldl, ldl);
  addResult(context, encounter, RESULTS.hdl, hdl);
  addResult(context, encounter, RESULTS.triglycerides, triglycerides);
  if (hasDiabetes) addResult(context, encounter, RESULTS.uacr, Math.round(draw.between(5, 60)));
}

export function addScreenings(context: PatientContext, encounter: EncounterRow, visit: Visit): void {
  const { draw } = context;
  const isThisYear = encounter.startDate.startsWith(String(context.year));
  const isDepressed = context.scenario === 'meets-criteria' && isThisYear;
  if (isDepressed || draw.chance(0.5)) {
    const score = isDepressed ? draw.integer(16, 19) : draw.integer(0, 8);
    addResult(context, encounter, RESULTS.phq9, score);
  }
  if (context.scenario !== 'poor-control' && (isDepressed || draw.chance(0.6))) {
    const answer = isDepressed ? DEPRESSION_POSITIVE : DEPRESSION_NEGATIVE;
    const base = observationBase(context, encounter);
    context.rows.observations.push(
      codedRow(base, DEPRESSION_SCREENING, answer, { date: visit.date, category: 'survey' }),
    );
  }
  if (draw.chance(0.85)) {
    const answer = context.scenario === 'well-controlled' || draw.chance(0.85) ? NEVER_SMOKER : SMOKER;
    const base = observationBase(context, encounter);
    context.rows.observations.push(
      codedRow(base, TOBACCO_SCREENING, answer, { date: visit.date, category: 'social-history' }),
    );
  }
}
