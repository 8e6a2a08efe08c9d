import { CPT, DIABETES, HYPERTENSION, ICD10, SNOMED, VISIT_REASONS, type ChronicCondition } from './catalog';
import { addExtras } from './extras';
import type { PatientContext } from './generate-patient';
import { progressNoteText } from './notes';
import { addDays, dateIn, daysBetween } from './random';
import type { EncounterRow } from './types';
import { addLabs, addScreenings, addVitals, type Vitals } from './visit-results';

/** A transitional care visit after a recent discharge (see `planStays`): its day and CPT code. */
export interface FollowUpVisit {
  date: string;
  code: string;
}

/**
 * Visits over three calendar years up to yesterday, each with what a visit leaves behind; with
 * `followUp`, one more visit that day after a hospital discharge.
 */
export function addHistory(context: PatientContext, followUp?: FollowUpVisit): void {
  addProblemList(context);
  const vitals = vitalsFor(context);
  const dates = visitDates(context, followUp);
  let previousYear = '';
  for (const [position, date] of dates.entries()) {
    const isFirstOfYear = date.slice(0, 4) !== previousYear;
    previousYear = date.slice(0, 4);
    const isFollowUp = followUp?.date === date;
    addVisit(
      context,
      { date, isFirstOfYear, isLast: position === dates.length - 1, vitals },
      isFollowUp ? followUp : undefined,
    );
  }
  addExtras(context, dates);
}

function vitalsFor(context: PatientContext): Vitals {
  const { draw, scenario } = context;
  const has = (condition: ChronicCondition): boolean => context.conditions.includes(condition);
  const isObese = scenario === 'mixed' && draw.chance(0.25);
  return {
    systolic: scenario === 'poor-control' ? 152 : scenario === 'well-controlled' ? 122 : has(HYPERTENSION) ? 136 : 121,
    diastolic: scenario === 'poor-control' ? 94 : has(HYPERTENSION) ? 84 : 76,
    weight: isObese ? draw.between(118, 135) : draw.between(52, 105),
    height: isObese ? 1.68 : draw.between(1.55, 1.88, 2),
    hba1c:
      scenario === 'poor-control'
        ? draw.between(9.6, 11.4)
        : scenario === 'well-controlled'
          ? draw.between(6.6, 7.6)
          : has(DIABETES)
            ? draw.between(6.6, 9.8)
            : draw.between(5, 5.9),
    egfr: scenario === 'meets-criteria' ? draw.between(48, 55) : draw.between(64, 104),
  };
}

function visitDates(context: PatientContext, followUp: FollowUpVisit | undefined): string[] {
  const { draw, year, scenario } = context;
  const yesterday = addDays(context.options.today, -1);
  const dates = new Set<string>();
  for (let visitYear = year - 2; visitYear <= year; visitYear += 1) {
    if (visitYear === year && scenario === 'no-visit-this-year') continue;
    let isSeen = false;
    for (let count = draw.integer(2, 4); count > 0; count -= 1) {
      // A day still to come is no visit (not one piled on yesterday: the months' counts stay even).
      const date = dateIn(draw, visitYear, '9999-12-31');
      if (date > yesterday) continue;
      dates.add(date);
      isSeen = true;
    }
    // Every year has a visit so far (this year's measures have one to count), on a day up to yesterday.
    const yearStart = `${String(visitYear)}-01-01`;
    if (!isSeen && yearStart <= yesterday)
      dates.add(addDays(yearStart, draw.integer(0, daysBetween(yearStart, yesterday))));
  }
  if (followUp) dates.add(followUp.date);
  return [...dates].sort();
}

function addProblemList(context: PatientContext): void {
  const { rows, options, draw } = context;
  for (const condition of context.conditions) {
    const onset = dateIn(draw, context.year - draw.integer(4, 12), options.today);
    rows.conditions.push({
      ...conditionBase(context, condition, 'problem'),
      category: 'problem-list-item',
      onsetDate: onset,
      recordedDate: onset,
    });
  }
  if (draw.chance(0.15)) {
    const date = dateIn(draw, context.year - 3, options.today);
    rows.conditions.push({
      id: options.newId(),
      organisationId: options.organisationId,
      patientId: rows.patient.id,
      icdCode: 'J189',
      snomedCode: '233604007',
      display: 'Pneumonia, unspecified organism',
      codings: [{ system: ICD10, code: 'J18.9', display: 'Pneumonia, unspecified organism' }],
      category: 'problem-list-item',
      clinicalStatus: 'resolved',
      verificationStatus: 'confirmed',
      onsetDate: date,
      recordedDate: date,
      abatementDate: addDays(date, 21),
      source: 'EHR',
      sourceId: context.sourceId('problem'),
    });
  }
}

function conditionBase(context: PatientContext, condition: ChronicCondition, kind: string) {
  const { rows, options } = context;
  return {
    id: options.newId(),
    organisationId: options.organisationId,
    patientId: rows.patient.id,
    icdCode: condition.icdCode,
    snomedCode: condition.snomedCode,
    display: condition.display,
    codings: [
      { system: ICD10, code: dotted(condition.icdCode), display: condition.display },
      { system: SNOMED, code: condition.snomedCode },
    ],
    clinicalStatus: 'active',
    verificationStatus: 'confirmed',
    source: 'EHR',
    sourceId: context.sourceId(kind),
  };
}

export function dotted(code: string): string {
  return code.length > 3 ? `${code.slice(0, 3)}.${code.slice(3)}` : code;
}

export interface Visit {
  date: string;
  isFirstOfYear: boolean;
  isLast: boolean;
  vitals: Vitals;
}

function addVisit(context: PatientContext, visit: Visit, followUp?: FollowUpVisit): void {
  const { draw, options, rows } = context;
  const seenBy = draw.chance(0.1) ? draw.pick(options.providers) : options.primaryProvider;
  const drawnReason = draw.pick(VISIT_REASONS);
  const annualCode = context.age >= 65 ? '99397' : context.age >= 40 ? '99396' : '99395';
  const drawnCode = visit.isFirstOfYear ? annualCode : draw.pick(['99213', '99214']);
  // After a discharge the patient sees their own provider (CPT 99495/99496, transitional care management).
  const provider = followUp ? options.primaryProvider : seenBy;
  const reason = followUp ? 'Hospital follow-up' : drawnReason;
  const code = followUp?.code ?? drawnCode;
  const encounter: EncounterRow = {
    id: options.newId(),
    organisationId: options.organisationId,
    patientId: rows.patient.id,
    providerId: provider.id,
    clinicId: provider.clinicId,
    status: 'finished',
    classCode: 'AMB',
    types: [{ system: CPT, code, display: visitDisplay(code) }],
    reason,
    startDate: visit.date,
    endDate: visit.date,
    source: 'EHR',
    sourceId: context.sourceId('encounter'),
  };
  rows.encounters.push(encounter);
  addDiagnoses(context, encounter);
  addVitals(context, encounter, visit.vitals);
  const isLabVisit =
    visit.isFirstOfYear || context.scenario === 'meets-criteria' || context.conditions.includes(DIABETES);
  if (isLabVisit) addLabs(context, encounter, { ...visit, isAnnual: visit.isFirstOfYear });
  if (visit.isFirstOfYear) addScreenings(context, encounter, visit);
  if (draw.chance(0.55) || visit.isLast) {
    rows.documents.push({
      id: options.newId(),
      organisationId: options.organisationId,
      patientId: rows.patient.id,
      encounterId: encounter.id,
      title: 'Progress note',
      typeCode: '11506-3',
      typeDisplay: 'Progress note',
      author: provider.name,
      documentDate: visit.date,
      contentType: 'text/plain',
      text: progressNoteText(context, reason),
      source: 'EHR',
      sourceId: context.sourceId('note'),
    });
  }
}

function visitDisplay(code: string): string {
  if (code.startsWith('9939')) return 'Preventive visit';
  return code === '99495' || code === '99496' ? 'Transitional care management' : 'Office visit';
}

/** The visit's encounter diagnoses; its claim (with them as claim diagnoses) comes from `addClaims`. */
function addDiagnoses(context: PatientContext, encounter: EncounterRow): void {
  const { draw, rows } = context;
  const isThisYear = encounter.startDate >= `${String(context.year)}-01-01`;
  for (const condition of context.conditions) {
    const rate = isThisYear ? (context.scenario === 'recapture' ? 0 : 0.5) : 0.8;
    if (!draw.chance(rate)) continue;
    rows.conditions.push({
      ...conditionBase(context, condition, 'diagnosis'),
      encounterId: encounter.id,
      category: 'encounter-diagnosis',
      recordedDate: encounter.startDate,
    });
  }
}
