import type { ConditionRow, EncounterRow } from './types';
import {
  ALLOWED_SHARE,
  PREVENTIVE_PAID,
  VISIT_PAID,
  addService,
  adjudicate,
  payerOf,
  type ClaimDiagnosis,
} from './claim-rows';
import type { PatientContext } from './generate-patient';
import { addPharmacyClaims } from './pharmacy';
import { dateIn, drawFor, type Draw } from './random';
import { addSpecialistClaims } from './specialists';
import { claimsStart, historyStart } from './stays';

const CLAIMS_SALT = 0xc1a1;

/** The practice's charge for each visit code (a 2025 chargemaster's order: 99213 about $170, 99214 $250). */
const VISIT_CHARGES: Record<string, readonly [number, number]> = {
  '99213': [150, 190],
  '99214': [220, 280],
  '99395': [250, 300],
  '99396': [270, 320],
  '99397': [290, 350],
  '99495': [250, 300],
  '99496': [330, 400],
};

const SCREENINGS: Record<string, { diagnosis: ClaimDiagnosis; charge: readonly [number, number] }> = {
  '24606-6': {
    diagnosis: { icdCode: 'Z1231', display: 'Encounter for screening mammogram for malignant neoplasm of breast' },
    charge: [320, 450],
  },
  '10524-7': {
    diagnosis: { icdCode: 'Z124', display: 'Encounter for screening for malignant neoplasm of cervix' },
    charge: [90, 140],
  },
};

/**
 * The claims of the patient's care outside hospital stays: the practice's professional claim for every
 * visit (principal diagnosis the visit's first encounter diagnosis), the laboratory's and radiology's
 * outpatient claims, screenings done elsewhere, vaccines, specialists' visits and tests, monthly pharmacy
 * fills, and office visits of the claims years before the EHR history. Drawn apart from the history, so the history stays as it was.
 */
export function addClaims(context: PatientContext): void {
  const draw = drawFor(context.options.seed ^ CLAIMS_SALT, context.options.index);
  const from = claimsStart(context);
  const diagnosesOf = encounterDiagnoses(context.rows.conditions);
  for (const encounter of context.rows.encounters) {
    if (encounter.classCode !== 'AMB' || encounter.startDate < from) continue;
    addVisitClaims(context, draw, { encounter, diagnoses: diagnosesOf.get(encounter.id) ?? [] });
  }
  addScreeningClaims(context, draw, from);
  addEarlierVisits(context, draw);
  addSpecialistClaims(context, draw, from);
  addPharmacyClaims(context, draw, from);
}

function encounterDiagnoses(conditions: readonly ConditionRow[]): Map<string, ClaimDiagnosis[]> {
  const byEncounter = new Map<string, ClaimDiagnosis[]>();
  for (const condition of conditions) {
    if (condition.category !== 'encounter-diagnosis' || !condition.encounterId || !condition.icdCode) continue;
    const list = byEncounter.get(condition.encounterId) ?? [];
    list.push({ icdCode: condition.icdCode, display: condition.display });
    byEncounter.set(condition.encounterId, list);
  }
  return byEncounter;
}

function addVisitClaims(
  context: PatientContext,
  draw: Draw,
  visit: { encounter: EncounterRow; diagnoses: readonly ClaimDiagnosis[] },
): void {
  const { encounter, diagnoses } = visit;
  const code = encounter.types?.[0]?.code ?? '99213';
  const charge = VISIT_CHARGES[code] ?? VISIT_CHARGES['99213'] ?? [150, 190];
  const base = {
    start: encounter.startDate,
    end: encounter.startDate,
    encounterId: encounter.id,
    source: 'EHR' as const,
  };
  addService(context, {
    ...base,
    category: 'professional',
    claimType: 'professional',
    diagnoses,
    isPractice: true,
    amounts: adjudicate(draw, {
      billed: draw.between(charge[0], charge[1]),
      allowedShare: ALLOWED_SHARE[payerOf(context)],
      paidShare: code.startsWith('9939') ? PREVENTIVE_PAID : VISIT_PAID,
    }),
  });
  const labs = context.rows.observations.filter(
    (observation) => observation.encounterId === encounter.id && observation.category === 'laboratory',
  ).length;
  // Labs are billed by the reference laboratory at a fraction of the charge (about $15-40 a test allowed).
  if (labs > 0)
    addService(context, {
      ...base,
      category: 'outpatient',
      claimType: 'institutional',
      diagnoses: diagnoses.slice(0, 1),
      amounts: adjudicate(draw, { billed: 18 + 32 * labs, allowedShare: [0.35, 0.55], paidShare: [0.9, 1] }),
    });
  const xRay = X_RAYS[encounter.reason ?? ''];
  if (xRay && draw.chance(0.5))
    addService(context, {
      ...base,
      category: 'outpatient',
      claimType: 'institutional',
      diagnoses: [xRay.diagnosis],
      amounts: adjudicate(draw, {
        billed: draw.between(xRay.charge[0], xRay.charge[1]),
        allowedShare: [0.4, 0.5],
        paidShare: VISIT_PAID,
      }),
    });
}

/** Radiographs a visit's complaint often leads to (CPT 71046 chest, 73562 knee). */
const X_RAYS: Record<string, { diagnosis: ClaimDiagnosis; charge: readonly [number, number] }> = {
  'Cough for two weeks': { diagnosis: { icdCode: 'R059', display: 'Cough, unspecified' }, charge: [180, 260] },
  'Knee pain': { diagnosis: { icdCode: 'M25569', display: 'Pain in unspecified knee' }, charge: [150, 220] },
};

/** Mammograms, cervical cytology, eye exams, colonoscopies and vaccines, done outside the practice. */
function addScreeningClaims(context: PatientContext, draw: Draw, from: string): void {
  const outside = { encounterId: null, source: 'HIE' as const };
  for (const observation of context.rows.observations) {
    const date = observation.effectiveDate;
    if (date < from) continue;
    const screening = SCREENINGS[observation.loinc];
    if (screening)
      addService(context, {
        ...outside,
        start: date,
        end: date,
        category: 'outpatient',
        claimType: 'institutional',
        diagnoses: [screening.diagnosis],
        amounts: adjudicate(draw, {
          billed: draw.between(screening.charge[0], screening.charge[1]),
          allowedShare: [0.4, 0.55],
          paidShare: PREVENTIVE_PAID,
        }),
      });
    else if (observation.category === 'exam')
      addService(context, {
        ...outside,
        start: date,
        end: date,
        category: 'professional',
        claimType: 'professional',
        diagnoses: [
          { icdCode: 'Z0100', display: 'Encounter for examination of eyes and vision without abnormal findings' },
        ],
        amounts: adjudicate(draw, { billed: draw.between(160, 230), allowedShare: [0.55, 0.7], paidShare: VISIT_PAID }),
      });
  }
  for (const procedure of context.rows.procedures) {
    if (procedure.performedDate < from || procedure.code !== '45378') continue;
    addService(context, {
      ...outside,
      start: procedure.performedDate,
      end: procedure.performedDate,
      category: 'outpatient',
      claimType: 'institutional',
      diagnoses: [{ icdCode: 'Z1211', display: 'Encounter for screening for malignant neoplasm of colon' }],
      amounts: adjudicate(draw, {
        billed: draw.between(2_800, 4_500),
        allowedShare: [0.3, 0.45],
        paidShare: PREVENTIVE_PAID,
      }),
    });
  }
  for (const immunization of context.rows.immunizations) {
    if (immunization.occurrenceDate < from) continue;
    const charge = VACCINE_CHARGES[immunization.cvxCode] ?? [45, 65];
    addService(context, {
      ...outside,
      start: immunization.occurrenceDate,
      end: immunization.occurrenceDate,
      category: 'other',
      claimType: 'professional',
      diagnoses: [{ icdCode: 'Z23', display: 'Encounter for immunization' }],
      amounts: adjudicate(draw, {
        billed: draw.between(charge[0], charge[1]),
        allowedShare: [0.65, 0.8],
        paidShare: PREVENTIVE_PAID,
      }),
    });
  }
}

/** Vaccine and administration by CVX code: influenza, PPSV23, COVID-19, Tdap, recombinant zoster. */
const VACCINE_CHARGES: Record<string, readonly [number, number]> = {
  '141': [45, 65],
  '33': [120, 160],
  '208': [130, 170],
  '115': [60, 90],
  '187': [200, 260],
};

/**
 * Office visits of the claims years before the EHR history (when `claimYears` is more than three): the
 * payer's claims are all there is of them, with the chronic conditions as their diagnoses.
 */
function addEarlierVisits(context: PatientContext, draw: Draw): void {
  const from = claimsStart(context);
  const until = historyStart(context);
  for (let year = Number(from.slice(0, 4)); `${String(year)}-01-01` < until; year += 1) {
    const dates = Array.from({ length: draw.integer(2, 4) }, () => dateIn(draw, year, until)).sort();
    dates.forEach((date, position) => {
      const code = position === 0 ? (context.age >= 65 ? '99397' : '99396') : draw.pick(['99213', '99214']);
      const charge = VISIT_CHARGES[code] ?? [150, 190];
      addService(context, {
        start: date,
        end: date,
        encounterId: null,
        source: 'HIE',
        category: 'professional',
        claimType: 'professional',
        diagnoses: context.conditions.filter(() => draw.chance(0.8)),
        amounts: adjudicate(draw, {
          billed: draw.between(charge[0], charge[1]),
          allowedShare: ALLOWED_SHARE[payerOf(context)],
          paidShare: position === 0 ? PREVENTIVE_PAID : VISIT_PAID,
        }),
      });
    });
  }
}
