import type { AcuteDiagnosis, StayKind } from './acute-diagnoses';
import { ICD10, SNOMED, type ChronicCondition } from './catalog';
import { adjudicate, addService, type Amounts, type ClaimDiagnosis } from './claim-rows';
import type { PatientContext } from './generate-patient';
import { dotted } from './history';
import { addDays, daysBetween, dollars, drawFor, pickWeighted, type Draw } from './random';
import { appointmentRow } from './schedule';
import { mayCodeChronic, type Stay, type StayPlan } from './stays';
import type { EncounterRow } from './types';

const AMOUNTS_SALT = 0x0c1a;

/** Encounter.class and type of each kind of stay (SNOMED CT, as the eCQM value sets name them). */
const KINDS: Record<StayKind, { classCode: string; code: string; display: string }> = {
  inpatient: { classCode: 'IMP', code: '32485007', display: 'Hospital admission' },
  observation: { classCode: 'OBSENC', code: '448951000124107', display: 'Admission to observation unit' },
  emergency: { classCode: 'EMER', code: '4525004', display: 'Emergency department patient visit' },
};

/**
 * The rows of the patient's stays: an encounter of the right class with its encounter diagnoses (the
 * discharge diagnosis first, then the chronic conditions the hospital coded), the facility's claim and
 * the attending's; a stay known from claims only has the claims alone. A follow-up booked after a
 * recent discharge is an appointment to come.
 */
export function addStays(context: PatientContext, plan: StayPlan): void {
  const draw = drawFor(context.options.seed ^ AMOUNTS_SALT, context.options.index);
  for (const stay of plan.stays) addStay(context, draw, stay);
  if (plan.followUpBooked) {
    const { options, rows } = context;
    rows.appointments.push(
      appointmentRow({
        id: options.newId(),
        organisationId: options.organisationId,
        patientId: rows.patient.id,
        provider: options.primaryProvider,
        date: plan.followUpBooked,
        minutes: draw.integer(8 * 12, 16 * 12) * 5,
        status: 'booked',
        visitType: 'Follow-up',
        reason: 'Hospital follow-up',
        sourceId: context.sourceId('appointment'),
      }),
    );
  }
}

function addStay(context: PatientContext, draw: Draw, stay: Stay): void {
  const chronic = context.conditions.filter(
    (condition) =>
      mayCodeChronic(context, stay.admit) &&
      !(stay.diagnosis.isExacerbation && stay.diagnosis.requires?.includes(condition)) &&
      draw.chance(stay.kind === 'emergency' ? 0.3 : 0.75),
  );
  const diagnoses: ClaimDiagnosis[] = [stay.diagnosis, ...chronic];
  const encounter = stay.isClaimOnly ? undefined : addEncounter(context, stay, chronic);
  const base = {
    start: stay.admit,
    end: stay.discharge,
    encounterId: encounter?.id ?? null,
    source: encounter ? ('EHR' as const) : ('HIE' as const),
  };
  const facility = facilityAmounts(draw, stay);
  const category = stay.kind === 'inpatient' ? 'inpatient' : stay.kind === 'emergency' ? 'emergency' : 'outpatient';
  addService(context, {
    ...base,
    category,
    claimType: 'institutional',
    diagnoses,
    amounts: facility,
  });
  // The attending's claim falls in the stay's category when it names the stay's encounter, as ingestion
  // reads it (the encounter's class decides); a claim alone is a professional one.
  addService(context, {
    ...base,
    category: encounter ? category : 'professional',
    claimType: 'professional',
    diagnoses: diagnoses.slice(0, 3),
    amounts: attendingAmounts(draw, stay),
  });
}

function addEncounter(context: PatientContext, stay: Stay, chronic: readonly ChronicCondition[]): EncounterRow {
  const { options, rows } = context;
  const kind = KINDS[stay.kind];
  const encounter: EncounterRow = {
    id: options.newId(),
    organisationId: options.organisationId,
    patientId: rows.patient.id,
    status: 'finished',
    classCode: kind.classCode,
    types: [{ system: SNOMED, code: kind.code, display: kind.display }],
    reason: stay.diagnosis.display,
    startDate: stay.admit,
    endDate: stay.discharge,
    source: 'EHR',
    sourceId: context.sourceId('stay'),
  };
  rows.encounters.push(encounter);
  addEncounterDiagnosis(context, encounter, stay.diagnosis, !stay.diagnosis.isExacerbation);
  for (const condition of chronic) addEncounterDiagnosis(context, encounter, condition, false);
  return encounter;
}

/**
 * An encounter diagnosis of the stay. An acute problem (pneumonia, a fracture) is resolved a month after
 * discharge; a chronic condition and its exacerbation stay active, so the condition is not taken as ended.
 */
function addEncounterDiagnosis(
  context: PatientContext,
  encounter: EncounterRow,
  diagnosis: AcuteDiagnosis | ChronicCondition,
  isAcute: boolean,
): void {
  const { options, rows } = context;
  const discharge = encounter.endDate ?? encounter.startDate;
  const abatement = addDays(discharge, 30);
  const isResolved = isAcute && abatement < options.today;
  rows.conditions.push({
    id: options.newId(),
    organisationId: options.organisationId,
    patientId: rows.patient.id,
    encounterId: encounter.id,
    icdCode: diagnosis.icdCode,
    snomedCode: diagnosis.snomedCode ?? null,
    display: diagnosis.display,
    codings: [
      { system: ICD10, code: dotted(diagnosis.icdCode), display: diagnosis.display },
      ...(diagnosis.snomedCode ? [{ system: SNOMED, code: diagnosis.snomedCode }] : []),
    ],
    category: 'encounter-diagnosis',
    clinicalStatus: isResolved ? 'resolved' : 'active',
    verificationStatus: 'confirmed',
    // Recorded on admission: the day the scenarios' "coded this year" reads (see `mayCodeChronic`).
    onsetDate: encounter.startDate,
    recordedDate: encounter.startDate,
    ...(isResolved ? { abatementDate: abatement } : {}),
    source: 'EHR',
    sourceId: context.sourceId('stay-diagnosis'),
  });
}

/**
 * What the hospital is paid: an inpatient stay $12,000-45,000 allowed (by length and the diagnosis's
 * weight, as an MS-DRG pays), an observation stay $3,000-8,000, an emergency visit $1,200-4,000 by its
 * level; charges are two to three times what plans allow (hospital chargemasters).
 */
function facilityAmounts(draw: Draw, stay: Stay): Amounts {
  const days = daysBetween(stay.admit, stay.discharge);
  const weight = stay.diagnosis.costWeight;
  const allowed =
    stay.kind === 'inpatient'
      ? Math.min(45_000, Math.max(12_000, (6_500 + 3_300 * days) * weight * draw.between(0.85, 1.15, 3)))
      : stay.kind === 'observation'
        ? draw.between(3_000, 5_500) + (days - 1) * draw.between(1_000, 2_500)
        : emergencyLevel(draw, stay.diagnosis).facility(draw);
  const billed = dollars(allowed / draw.between(0.3, 0.45, 3));
  const paidShare = stay.kind === 'emergency' ? draw.between(0.9, 0.96, 3) : draw.between(0.86, 0.95, 3);
  return { billed, allowed: dollars(allowed), paid: dollars(allowed * paidShare) };
}

interface EmergencyLevel {
  facility(draw: Draw): number;
  professional: readonly [number, number];
}

const EMERGENCY_LEVELS: Record<'99283' | '99284' | '99285', EmergencyLevel> = {
  '99283': { facility: (draw) => draw.between(1_200, 1_800), professional: [250, 350] },
  '99284': { facility: (draw) => draw.between(1_800, 2_800), professional: [400, 550] },
  '99285': { facility: (draw) => draw.between(2_800, 4_000), professional: [600, 800] },
};

function emergencyLevel(draw: Draw, diagnosis: AcuteDiagnosis): EmergencyLevel {
  const isSerious = diagnosis.costWeight >= 0.8;
  const level = pickWeighted(draw, ['99283', '99284', '99285'] as const, (code) =>
    code === '99283' ? (isSerious ? 1 : 4.5) : code === '99284' ? 4.5 : isSerious ? 4.5 : 1,
  );
  return EMERGENCY_LEVELS[level];
}

/** The attending's charges: admission, daily visits and discharge; an observation stay; an ED physician's visit. */
function attendingAmounts(draw: Draw, stay: Stay): Amounts {
  const days = daysBetween(stay.admit, stay.discharge);
  const billed =
    stay.kind === 'inpatient'
      ? 420 + 165 * Math.max(0, days - 1) + 180
      : stay.kind === 'observation'
        ? draw.between(380, 520)
        : draw.between(...emergencyLevel(draw, stay.diagnosis).professional);
  return adjudicate(draw, { billed, allowedShare: [0.55, 0.7], paidShare: [0.8, 0.9] });
}
