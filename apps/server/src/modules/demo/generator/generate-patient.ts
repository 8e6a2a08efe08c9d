import {
  ALLERGIES,
  CHRONIC_CONDITIONS,
  CITIES,
  COPD,
  COVERAGES,
  CKD_3A,
  DEPRESSION,
  DIABETES,
  FIRST_NAMES,
  HEART_FAILURE,
  HYPERTENSION,
  LAST_NAMES,
  STREETS,
  ATRIAL_FIBRILLATION,
  type ChronicCondition,
} from './catalog';
import { addClaims } from './claims';
import { addHistory } from './history';
import { addPartnerNotes } from './partner-notes';
import { addDays, dateIn, drawFor, type Draw } from './random';
import { scenarioOf, type Scenario } from './scenarios';
import { addStays } from './stay-rows';
import { planStays } from './stays';
import type { CareProvider, NewId, PatientRows } from './types';

export interface GeneratePatientOptions {
  organisationId: string;
  seed: number;
  /** The patient's number in the organisation: with the seed, it decides everything about them. */
  index: number;
  /** The day the data is as of (`YYYY-MM-DD`): history before it, appointments around it. */
  today: string;
  primaryProvider: CareProvider;
  /** Other providers a patient sometimes sees. */
  providers: readonly CareProvider[];
  /** Prefix of every source id (the organisation's slug). */
  prefix: string;
  newId: NewId;
  /**
   * Calendar years of claims and hospital stays up to today (3 by default, the clinical history's span);
   * the years before the history are known from claims only.
   */
  claimYears?: number;
}

/** What the history builders share for one patient. */
export interface PatientContext {
  options: GeneratePatientOptions;
  draw: Draw;
  rows: PatientRows;
  scenario: Scenario;
  conditions: ChronicCondition[];
  age: number;
  sex: 'female' | 'male';
  year: number;
  /** Source id of the next row of a kind: `<prefix>-<index>-<kind>-<n>`. */
  sourceId(kind: string): string;
}

/**
 * One synthetic patient with three calendar years of history up to `today`: demographics and coverage,
 * problem list, visits with encounter diagnoses, vitals, labs, screenings, notes, drugs, allergies,
 * procedures, immunizations, HIE records, a partner organisation's recommendations, hospital stays and
 * emergency visits, past and future appointments (today's schedule is made separately, see
 * `schedule.ts`), and the claims of all of it with their amounts (`claimYears` years of them). Same
 * options, same rows (ids from `newId`).
 */
export function generatePatient(options: GeneratePatientOptions): PatientRows {
  const draw = drawFor(options.seed, options.index);
  const scenario = scenarioOf(options.index);
  const year = Number(options.today.slice(0, 4));
  const sex = scenario === 'well-controlled' || (scenario !== 'poor-control' && draw.chance(0.55)) ? 'female' : 'male';
  const age = ageFor(scenario, draw);
  const birthDate = addDays(`${String(year - age)}-01-01`, -draw.integer(1, 360));
  const patientId = options.newId();
  const counters = new Map<string, number>();
  const context: PatientContext = {
    options,
    draw,
    scenario,
    conditions: conditionsFor(scenario, draw),
    age: year - Number(birthDate.slice(0, 4)),
    sex,
    year,
    rows: emptyRows(),
    sourceId: (kind) => {
      const next = (counters.get(kind) ?? 0) + 1;
      counters.set(kind, next);
      return `${options.prefix}-${String(options.index)}-${kind}-${String(next)}`;
    },
  };
  context.rows.patient = patientRow(context, patientId, birthDate);
  addCoverage(context);
  addAllergies(context);
  const stays = planStays(context);
  addHistory(context, stays.followUpVisit);
  addStays(context, stays);
  addPartnerNotes(context);
  addClaims(context);
  return context.rows;
}

function emptyRows(): PatientRows {
  return {
    patient: undefined as unknown as PatientRows['patient'],
    coverages: [],
    encounters: [],
    appointments: [],
    conditions: [],
    claimDiagnoses: [],
    claims: [],
    observations: [],
    medications: [],
    allergies: [],
    procedures: [],
    immunizations: [],
    documents: [],
    partnerNotes: [],
  };
}

function ageFor(scenario: Scenario, draw: Draw): number {
  if (scenario === 'well-controlled' || scenario === 'poor-control') return draw.integer(52, 72);
  if (scenario === 'correlation') return draw.integer(68, 88);
  return draw.integer(draw.chance(0.7) ? 55 : 25, 90);
}

const SCENARIO_CONDITIONS: Partial<Record<Scenario, readonly ChronicCondition[]>> = {
  recapture: [DIABETES, HEART_FAILURE, HYPERTENSION],
  'well-controlled': [DIABETES, HYPERTENSION],
  'poor-control': [DIABETES, HYPERTENSION],
};
/** Conditions a scenario must not have coded, or its suggestion would not be a Suspect. */
const SCENARIO_EXCLUDED: Partial<Record<Scenario, readonly ChronicCondition[]>> = {
  'documented-elsewhere': [COPD],
  'meets-criteria': [CKD_3A, DEPRESSION, DIABETES],
  correlation: [ATRIAL_FIBRILLATION],
};

function conditionsFor(scenario: Scenario, draw: Draw): ChronicCondition[] {
  const drawn = CHRONIC_CONDITIONS.filter(({ share }) => draw.chance(share)).map(({ condition }) => condition);
  const excluded = SCENARIO_EXCLUDED[scenario] ?? [];
  const fixed = SCENARIO_CONDITIONS[scenario] ?? [];
  return [...new Set([...fixed, ...drawn])].filter((condition) => !excluded.includes(condition));
}

function patientRow(context: PatientContext, id: string, birthDate: string): PatientRows['patient'] {
  const { draw, options } = context;
  const firstName = draw.pick(FIRST_NAMES[context.sex]);
  const lastName = draw.pick(LAST_NAMES);
  const [city, state, zip] = draw.pick(CITIES);
  const mrn = `${options.prefix.slice(0, 1).toUpperCase()}${String(options.index + 1).padStart(7, '0')}`;
  return {
    id,
    organisationId: options.organisationId,
    mrn,
    firstName,
    lastName,
    birthDate,
    gender: context.sex,
    phone: `(555) ${String(draw.integer(200, 999))}-${String(draw.integer(1000, 9999))}`,
    address: `${String(draw.integer(10, 9999))} ${draw.pick(STREETS)}, ${city}, ${state} ${zip}${String(draw.integer(10, 99))}`,
    primaryProviderId: options.primaryProvider.id,
    identifiers: [{ system: 'urn:cairn:demo:mrn', value: mrn }],
    source: 'EHR',
    sourceId: `${options.prefix}-${String(options.index)}`,
  };
}

function addCoverage(context: PatientContext): void {
  const { draw, rows, options } = context;
  const [medicareAdvantage, medicaid, commercial] = COVERAGES;
  const coverage =
    context.age >= 65 ? (draw.chance(0.85) ? medicareAdvantage : commercial) : draw.chance(0.3) ? medicaid : commercial;
  rows.coverages.push({
    id: options.newId(),
    organisationId: options.organisationId,
    patientId: rows.patient.id,
    payer: coverage.payer,
    plan: coverage.plan,
    typeCode: coverage.typeCode,
    status: 'active',
    periodStart: `${String(context.year - draw.integer(1, 6))}-01-01`,
    source: 'EHR',
    sourceId: context.sourceId('coverage'),
  });
}

function addAllergies(context: PatientContext): void {
  const { draw, rows, options } = context;
  if (!draw.chance(0.35)) return;
  const allergy = draw.pick(ALLERGIES);
  rows.allergies.push({
    id: options.newId(),
    organisationId: options.organisationId,
    patientId: rows.patient.id,
    code: allergy.code,
    display: allergy.display,
    category: allergy.category,
    criticality: allergy.reaction === 'Anaphylaxis' ? 'high' : 'low',
    clinicalStatus: 'active',
    reaction: allergy.reaction,
    recordedDate: dateIn(draw, context.year - draw.integer(2, 8), options.today),
    source: 'EHR',
    sourceId: context.sourceId('allergy'),
  });
}
