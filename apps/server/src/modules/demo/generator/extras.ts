import {
  APIXABAN,
  COPD,
  CPT,
  DIABETES,
  DONEPEZIL,
  ICD10,
  IMMUNIZATIONS,
  SNOMED,
  VISIT_TYPES,
  type Drug,
} from './catalog';
import type { PatientContext } from './generate-patient';
import { consultLetterText, dischargeSummaryText } from './notes';
import { CERVICAL_CYTOLOGY, codedRow, MAMMOGRAM, RETINAL_EXAM } from './observations';
import { addDays, dateIn } from './random';
import { appointmentRow } from './schedule';

/** Drugs, screenings done, immunizations, partner (HIE) records and appointments around today. */
export function addExtras(context: PatientContext, visitDates: readonly string[]): void {
  addMedications(context);
  addScreeningProcedures(context);
  addImmunizations(context);
  if (context.scenario === 'documented-elsewhere' || context.draw.chance(0.12)) addHieRecords(context);
  if (context.draw.chance(0.08)) addConsultLetter(context, visitDates);
  addAppointments(context, visitDates);
}

function addMedications(context: PatientContext): void {
  const { draw, year } = context;
  const prescribed: { drug: Drug; start: string }[] = [];
  for (const condition of context.conditions)
    for (const drug of condition.drugs)
      prescribed.push({ drug, start: dateIn(draw, year - draw.integer(1, 4), context.options.today) });
  if (context.scenario === 'correlation')
    for (const drug of [DONEPEZIL, APIXABAN])
      prescribed.push({ drug, start: dateIn(draw, year - 1, context.options.today) });
  for (const { drug, start } of prescribed) {
    const isStopped = context.scenario === 'mixed' && draw.chance(0.2);
    context.rows.medications.push({
      id: context.options.newId(),
      organisationId: context.options.organisationId,
      patientId: context.rows.patient.id,
      kind: 'MedicationRequest',
      rxnormCode: drug.rxnormCode,
      display: drug.display,
      status: isStopped ? 'stopped' : 'active',
      dosage: drug.dosage,
      prescriber: context.options.primaryProvider.name,
      startDate: start,
      endDate: isStopped ? addDays(start, draw.integer(60, 300)) : null,
      source: 'EHR',
      sourceId: context.sourceId('medication'),
    });
  }
}

function procedure(context: PatientContext, values: { code: string; system: string; display: string; date: string }) {
  context.rows.procedures.push({
    id: context.options.newId(),
    organisationId: context.options.organisationId,
    patientId: context.rows.patient.id,
    status: 'completed',
    ...values,
    performedDate: values.date,
    source: 'EHR',
    sourceId: context.sourceId('procedure'),
  });
}

function addScreeningProcedures(context: PatientContext): void {
  const { draw, year, scenario, options } = context;
  const isDone = scenario === 'well-controlled' ? true : scenario === 'poor-control' ? false : undefined;
  const yesterday = addDays(options.today, -1);
  if (context.age >= 50 && (isDone ?? draw.chance(0.4)))
    procedure(context, {
      code: '45378',
      system: CPT,
      display: 'Colonoscopy, diagnostic',
      date: dateIn(draw, year - draw.integer(1, 6), yesterday),
    });
  // An eye exam is an observation, as an EHR records it and as CMS131 reads it ([Observation: "Retinal or
  // Dilated Eye Exam"], SNOMED CT 410451008 in that value set); a procedure would not count.
  if (context.conditions.includes(DIABETES) && (isDone ?? draw.chance(0.5))) {
    const date = dateIn(draw, year, yesterday);
    context.rows.observations.push(
      codedRow(observationBase(context), RETINAL_EXAM, { text: 'No diabetic retinopathy' }, { date, category: 'exam' }),
    );
  }
  if (context.sex === 'female' && context.age >= 42 && (isDone ?? draw.chance(0.55))) {
    const date = dateIn(draw, year - draw.integer(0, 1), yesterday);
    context.rows.observations.push(
      codedRow(observationBase(context), MAMMOGRAM, { text: 'BI-RADS 1: negative' }, { date, category: 'imaging' }),
    );
  }
  // Cervical cytology (CMS124: women 21-64, every 3 years), for about half of the women of that age.
  if (context.sex === 'female' && context.age >= 24 && context.age <= 64 && (isDone ?? draw.chance(0.5))) {
    const date = dateIn(draw, year - draw.integer(0, 2), yesterday);
    context.rows.observations.push(
      codedRow(
        observationBase(context),
        CERVICAL_CYTOLOGY,
        { text: 'Negative for intraepithelial lesion or malignancy' },
        { date, category: 'laboratory' },
      ),
    );
  }
}

function observationBase(context: PatientContext) {
  return {
    id: context.options.newId(),
    organisationId: context.options.organisationId,
    patientId: context.rows.patient.id,
    source: 'EHR',
    sourceId: context.sourceId('observation'),
  };
}

function addImmunizations(context: PatientContext): void {
  const { draw, year, options } = context;
  const vaccines: { cvxCode: string; display: string; date: string }[] = [
    ...Array.from({ length: 4 }, (_, offset) => ({
      ...IMMUNIZATIONS[0],
      date: `${String(year - offset)}-10-${String(draw.integer(1, 28)).padStart(2, '0')}`,
    })),
  ];
  if (draw.chance(0.5))
    vaccines.push({
      ...draw.pick(IMMUNIZATIONS.slice(1)),
      date: dateIn(draw, year - draw.integer(1, 3), options.today),
    });
  for (const vaccine of vaccines) {
    if (vaccine.date >= options.today || !draw.chance(0.75)) continue;
    context.rows.immunizations.push({
      id: options.newId(),
      organisationId: options.organisationId,
      patientId: context.rows.patient.id,
      cvxCode: vaccine.cvxCode,
      display: vaccine.display,
      status: 'completed',
      occurrenceDate: vaccine.date,
      source: 'EHR',
      sourceId: context.sourceId('immunization'),
    });
  }
}

/** A partner hospital's discharge summary (HTML original) and the diagnoses it sent through the HIE. */
function addHieRecords(context: PatientContext): void {
  const { draw, year, options, rows } = context;
  const date = dateIn(draw, year - draw.integer(0, 1), addDays(options.today, -2));
  rows.documents.push({
    id: options.newId(),
    organisationId: options.organisationId,
    patientId: rows.patient.id,
    title: 'Discharge summary',
    typeCode: '18842-5',
    typeDisplay: 'Discharge summary',
    author: 'Valley Regional Hospital',
    documentDate: date,
    contentType: 'text/html',
    text: dischargeSummaryText(context, date),
    source: 'HIE',
    sourceId: context.sourceId('hie-document'),
    original: 'html',
  });
  if (context.scenario !== 'documented-elsewhere') return;
  rows.conditions.push({
    id: options.newId(),
    organisationId: options.organisationId,
    patientId: rows.patient.id,
    icdCode: COPD.icdCode,
    snomedCode: COPD.snomedCode,
    display: COPD.display,
    codings: [
      { system: ICD10, code: 'J44.9', display: COPD.display },
      { system: SNOMED, code: COPD.snomedCode },
    ],
    category: 'encounter-diagnosis',
    clinicalStatus: 'active',
    verificationStatus: 'confirmed',
    recordedDate: date,
    onsetDate: date,
    source: 'HIE',
    sourceId: context.sourceId('hie-condition'),
  });
}

/** A partner cardiologist's letter, sent through the HIE and kept as a PDF original. */
function addConsultLetter(context: PatientContext, visitDates: readonly string[]): void {
  const date = visitDates.at(-1);
  if (!date) return;
  context.rows.documents.push({
    id: context.options.newId(),
    organisationId: context.options.organisationId,
    patientId: context.rows.patient.id,
    title: 'Cardiology consultation',
    typeCode: '11488-4',
    typeDisplay: 'Consult note',
    author: 'Harbor Heart Associates',
    documentDate: date,
    contentType: 'application/pdf',
    text: consultLetterText(context),
    source: 'HIE',
    sourceId: context.sourceId('consult'),
    original: 'pdf',
  });
}

/** Fulfilled visits of the last twelve months (linked to their encounters) and, for some, a visit to come. */
function addAppointments(context: PatientContext, visitDates: readonly string[]): void {
  const { draw, options, rows } = context;
  const since = addDays(options.today, -366);
  for (const encounter of rows.encounters) {
    if (encounter.startDate < since || !visitDates.includes(encounter.startDate)) continue;
    rows.appointments.push(
      appointmentRow({
        organisationId: options.organisationId,
        patientId: rows.patient.id,
        provider: options.providers.find((provider) => provider.id === encounter.providerId) ?? options.primaryProvider,
        date: encounter.startDate,
        minutes: draw.integer(8 * 12, 16 * 12) * 5,
        status: 'fulfilled',
        visitType: draw.pick(VISIT_TYPES),
        reason: encounter.reason ?? null,
        encounterId: encounter.id,
        id: options.newId(),
        sourceId: context.sourceId('appointment'),
      }),
    );
  }
  if (!draw.chance(0.4)) return;
  rows.appointments.push(
    appointmentRow({
      organisationId: options.organisationId,
      patientId: rows.patient.id,
      provider: options.primaryProvider,
      date: addDays(options.today, draw.integer(3, 90)),
      minutes: draw.integer(8 * 12, 16 * 12) * 5,
      status: 'booked',
      visitType: draw.pick(VISIT_TYPES),
      reason: draw.pick(['Follow-up', 'Lab review', 'Annual physical']),
      id: options.newId(),
      sourceId: context.sourceId('appointment'),
    }),
  );
}
