import {
  ATRIAL_FIBRILLATION,
  CKD_3A,
  COPD,
  DEPRESSION,
  DIABETES,
  HEART_FAILURE,
  RHEUMATOID_ARTHRITIS,
  type ChronicCondition,
} from './catalog';
import { ALLOWED_SHARE, VISIT_PAID, addService, adjudicate, payerOf } from './claim-rows';
import type { PatientContext } from './generate-patient';
import { addDays, dateIn, type Draw } from './random';
import { mayCodeChronic } from './stays';

interface Specialty {
  /** The conditions the specialist follows (the visit's diagnosis is one the patient has). */
  conditions: readonly ChronicCondition[];
  visitsPerYear: readonly [number, number];
  charge: readonly [number, number];
  /** A yearly test the specialist orders, billed by the hospital's outpatient department. */
  test?: { chance: number; charge: readonly [number, number] };
}

/**
 * Who else follows a patient's chronic conditions, how often and at what charge: cardiology (heart
 * failure, atrial fibrillation; an echocardiogram most years), pulmonology (COPD; spirometry),
 * nephrology, endocrinology, rheumatology, and behavioural health (psychotherapy sessions).
 */
const SPECIALTIES: readonly Specialty[] = [
  {
    conditions: [HEART_FAILURE, ATRIAL_FIBRILLATION],
    visitsPerYear: [1, 3],
    charge: [280, 420],
    test: { chance: 0.6, charge: [1_200, 1_800] },
  },
  { conditions: [COPD], visitsPerYear: [1, 2], charge: [260, 380], test: { chance: 0.5, charge: [250, 400] } },
  { conditions: [CKD_3A], visitsPerYear: [1, 2], charge: [260, 380] },
  { conditions: [DIABETES], visitsPerYear: [0, 2], charge: [260, 380] },
  { conditions: [RHEUMATOID_ARTHRITIS], visitsPerYear: [2, 4], charge: [280, 400] },
  { conditions: [DEPRESSION], visitsPerYear: [2, 8], charge: [160, 220] },
];

/**
 * Specialists' visits and tests for the patient's chronic conditions, known from the payer's claims
 * (source HIE, no encounter in Cairn), the condition as their diagnosis. The recapture scenario's
 * conditions are not coded yet this year, so it has none this year.
 */
export function addSpecialistClaims(context: PatientContext, draw: Draw, from: string): void {
  const yesterday = addDays(context.options.today, -1);
  for (const specialty of SPECIALTIES) {
    const followed = specialty.conditions.filter((condition) => context.conditions.includes(condition));
    if (followed.length === 0) continue;
    for (let year = Number(from.slice(0, 4)); year <= context.year; year += 1) {
      const visits = draw.integer(specialty.visitsPerYear[0], specialty.visitsPerYear[1]);
      const services = Array.from({ length: visits }, () => ({
        date: dateIn(draw, year, '9999-12-31'),
        isTest: false,
      }));
      if (specialty.test && draw.chance(specialty.test.chance))
        services.push({ date: dateIn(draw, year, '9999-12-31'), isTest: true });
      for (const { date, isTest } of services) {
        if (date > yesterday || date < from || !mayCodeChronic(context, date)) continue;
        const charge = isTest && specialty.test ? specialty.test.charge : specialty.charge;
        addService(context, {
          start: date,
          end: date,
          encounterId: null,
          source: 'HIE',
          category: isTest ? 'outpatient' : 'professional',
          claimType: isTest ? 'institutional' : 'professional',
          diagnoses: [draw.pick(followed)],
          amounts: adjudicate(draw, {
            billed: draw.between(charge[0], charge[1]),
            allowedShare: isTest ? [0.35, 0.5] : ALLOWED_SHARE[payerOf(context)],
            paidShare: VISIT_PAID,
          }),
        });
      }
    }
  }
}
