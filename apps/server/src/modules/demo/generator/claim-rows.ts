import type { ServiceCategory } from '../../../db/clinical-schema';
import type { PatientContext } from './generate-patient';
import { daysBetween, dollars, type Draw } from './random';

/** A payer's adjudication takes about two weeks: a service younger than that has no ExplanationOfBenefit yet. */
const ADJUDICATION_DAYS = 14;
/** The practice's own Claims of the last two months are held in the EHR beside the payer's answer. */
const HELD_CLAIM_DAYS = 60;

export interface ClaimDiagnosis {
  icdCode: string;
  display: string;
}

/** One billed service, before it becomes claim rows. */
export interface Service {
  category: ServiceCategory;
  claimType: 'institutional' | 'professional' | 'pharmacy';
  start: string;
  end: string;
  /** The visit or stay it is for, when Cairn holds it. */
  encounterId: string | null;
  /** EHR for a service of an encounter held in Cairn, HIE for claims from outside (a payer or pharmacy feed). */
  source: 'EHR' | 'HIE';
  /** The principal diagnosis first; each becomes a claim_diagnoses row of every claim row. */
  diagnoses: readonly ClaimDiagnosis[];
  amounts: Amounts;
  /** Billed by the practice itself, whose recent Claims the EHR holds. */
  isPractice?: boolean;
  /** Adjudicated at once (a pharmacy fill at the counter). */
  isPointOfSale?: boolean;
}

export interface Amounts {
  billed: number;
  allowed: number;
  paid: number;
}

/**
 * Amounts of one service: the plan allows a share of the billed charge and pays a share of what it
 * allows (the rest is the member's copay, coinsurance or deductible).
 */
export function adjudicate(
  draw: Draw,
  options: { billed: number; allowedShare: readonly [number, number]; paidShare: readonly [number, number] },
): Amounts {
  const billed = dollars(options.billed);
  const allowed = dollars(billed * draw.between(options.allowedShare[0], options.allowedShare[1], 3));
  return { billed, allowed, paid: dollars(allowed * draw.between(options.paidShare[0], options.paidShare[1], 3)) };
}

export type Payer = 'medicare-advantage' | 'medicaid' | 'commercial';

/** What each plan allows of a professional charge (Medicaid fee schedules below Medicare's, commercial above). */
export const ALLOWED_SHARE: Record<Payer, readonly [number, number]> = {
  'medicare-advantage': [0.58, 0.66],
  medicaid: [0.55, 0.6],
  commercial: [0.66, 0.75],
};

/** Preventive services have no cost sharing (ACA §2713); other visits about a fifth (copay or coinsurance). */
export const PREVENTIVE_PAID: readonly [number, number] = [1, 1];
export const VISIT_PAID: readonly [number, number] = [0.78, 0.84];

export function payerOf(context: PatientContext): Payer {
  const plan = context.rows.coverages[0]?.plan;
  return plan === 'Medicare Advantage' ? 'medicare-advantage' : plan === 'Medicaid' ? 'medicaid' : 'commercial';
}

/**
 * The rows of one service as Cairn receives them: the payer's ExplanationOfBenefit once adjudicated
 * (naming the Claim it answers), and the practice's Claim while it is recent; each with its diagnoses
 * as claim_diagnoses rows (`<claim>#<sequence>`, as ingestion writes them).
 */
export function addService(context: PatientContext, service: Service): void {
  const { options, rows } = context;
  const age = daysBetween(service.end, options.today);
  const claimSourceId = context.sourceId('claim');
  const entries: { resourceType: 'Claim' | 'ExplanationOfBenefit'; sourceId: string }[] = [];
  if (service.isPractice && daysBetween(service.start, options.today) <= HELD_CLAIM_DAYS)
    entries.push({ resourceType: 'Claim', sourceId: claimSourceId });
  if (service.isPointOfSale || age > ADJUDICATION_DAYS)
    entries.push({ resourceType: 'ExplanationOfBenefit', sourceId: claimSourceId.replace(/-claim-/, '-eob-') });
  for (const entry of entries) {
    const isAdjudicated = entry.resourceType === 'ExplanationOfBenefit';
    rows.claims.push({
      id: options.newId(),
      organisationId: options.organisationId,
      patientId: rows.patient.id,
      encounterId: service.encounterId,
      resourceType: entry.resourceType,
      claimSourceId: isAdjudicated ? claimSourceId : null,
      claimType: service.claimType,
      serviceCategory: service.category,
      serviceStart: service.start,
      serviceEnd: service.end,
      principalIcd: service.diagnoses[0]?.icdCode ?? null,
      billed: service.amounts.billed,
      allowed: isAdjudicated ? service.amounts.allowed : null,
      paid: isAdjudicated ? service.amounts.paid : null,
      source: service.source,
      sourceId: entry.sourceId,
    });
    service.diagnoses.forEach((diagnosis, position) => {
      rows.claimDiagnoses.push({
        id: options.newId(),
        organisationId: options.organisationId,
        patientId: rows.patient.id,
        claimType: entry.resourceType,
        sequence: position + 1,
        icdCode: diagnosis.icdCode,
        display: diagnosis.display,
        serviceDate: service.start,
        source: service.source,
        sourceId: `${entry.sourceId}#${String(position + 1)}`,
      });
    });
  }
}
