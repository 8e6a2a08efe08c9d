import type { ServiceCategory } from '../../db/clinical-schema';
import type { CodeableConcept, FhirResource, Period, Reference } from './fhir-types';
import { codingsOf, dateOf, displayOf, numberOrNull, requireDate } from './fhir-values';
import type { MapContext, MappedRow } from './fhir-mapping';
import { icdOf } from './coded-reasons';
import type { ConditionResource } from './map-conditions';
import { patientOf } from './map-encounters';

interface Money {
  value?: number;
  currency?: string;
}
interface Adjudication {
  category?: CodeableConcept;
  amount?: Money;
}
interface ClaimResource extends FhirResource {
  patient?: Reference;
  billablePeriod?: Period;
  created?: string;
  type?: CodeableConcept;
  /** ExplanationOfBenefit: the Claim it adjudicates. */
  claim?: Reference;
  diagnosis?: {
    sequence?: number;
    diagnosisCodeableConcept?: CodeableConcept;
    diagnosisReference?: Reference;
    type?: CodeableConcept[];
  }[];
  item?: {
    encounter?: Reference[];
    locationCodeableConcept?: CodeableConcept;
    adjudication?: Adjudication[];
    net?: Money;
  }[];
  /** Claim: one Money; ExplanationOfBenefit: amounts by adjudication category. */
  total?: Money | { category?: CodeableConcept; amount?: Money }[];
  payment?: { amount?: Money };
}

interface EncounterResource extends FhirResource {
  class?: { code?: string };
}

/**
 * Claim and ExplanationOfBenefit -> one `claims` row (amounts and service category) and one
 * claim_diagnoses row per diagnosis (`<id>#<sequence>`). A diagnosis given by reference takes the code
 * of that Condition in the bundle; a diagnosis with no ICD-10-CM code (given or mapped from SNOMED CT)
 * is left out.
 */
export function mapClaim(resource: FhirResource, sourceId: string, context: MapContext): MappedRow[] {
  const claim = resource as ClaimResource;
  const patientId = patientOf(context, claim.patient);
  const serviceDate = requireDate(claim.billablePeriod?.start ?? claim.created, 'billablePeriod.start or created');
  const rows: MappedRow[] = [];
  const diagnoses: { sequence: number; icdCode: string; isPrincipal: boolean }[] = [];
  (claim.diagnosis ?? []).forEach((diagnosis, position) => {
    const sequence = Number.isInteger(diagnosis.sequence) ? Number(diagnosis.sequence) : position + 1;
    const concept =
      diagnosis.diagnosisCodeableConcept ?? context.resolve<ConditionResource>(diagnosis.diagnosisReference)?.code;
    const { icdCode, icdMapped } = icdOf(concept, context);
    if (!icdCode) return;
    const isPrincipal = (diagnosis.type ?? []).some((type) => codingsOf(type).some(({ code }) => code === 'principal'));
    diagnoses.push({ sequence, icdCode, isPrincipal });
    rows.push({
      table: 'claimDiagnoses',
      values: {
        sourceId: `${sourceId}#${String(sequence)}`,
        claimType: claim.resourceType,
        sequence,
        icdCode,
        icdMapped,
        display: displayOf(concept) ?? '',
        serviceDate,
      },
      refs: { patientId },
    });
  });
  const encounterReference = (claim.item ?? []).flatMap((item) => item.encounter ?? [])[0];
  const encounterTarget = context.target(encounterReference);
  const encounter = context.resolve<EncounterResource>(encounterReference);
  const claimType = codingsOf(claim.type)[0]?.code ?? null;
  const principal = diagnoses.find((diagnosis) => diagnosis.isPrincipal) ?? lowestSequence(diagnoses);
  const amounts = amountsOf(claim);
  rows.push({
    table: 'claims',
    values: {
      sourceId,
      resourceType: claim.resourceType,
      claimSourceId:
        claim.resourceType === 'ExplanationOfBenefit' ? (context.target(claim.claim)?.sourceId ?? null) : null,
      claimType,
      serviceCategory: serviceCategoryOf({
        claimType,
        encounterClass: encounter?.resourceType === 'Encounter' ? encounter.class?.code : undefined,
        placesOfService: (claim.item ?? []).flatMap((item) =>
          codingsOf(item.locationCodeableConcept).map(({ code }) => code),
        ),
      }),
      serviceStart: serviceDate,
      serviceEnd: dateOf(claim.billablePeriod?.end) ?? null,
      principalIcd: principal?.icdCode ?? null,
      ...amounts,
    },
    refs: {
      patientId,
      ...(encounterTarget && (encounterTarget.type === undefined || encounterTarget.type === 'Encounter')
        ? { encounterId: encounterTarget.sourceId }
        : {}),
    },
  });
  return rows;
}

function lowestSequence<T extends { sequence: number }>(items: readonly T[]): T | undefined {
  return items.reduce<T | undefined>(
    (lowest, item) => (!lowest || item.sequence < lowest.sequence ? item : lowest),
    undefined,
  );
}

/**
 * The adjudication categories read as allowed and as paid: HL7's (`eligible`, `benefit`) and CMS Blue
 * Button's line variables (Synthea writes these).
 */
const ALLOWED = new Set(['eligible', 'https://bluebutton.cms.gov/resources/variables/line_alowd_chrg_amt']);
const PAID = new Set(['benefit', 'https://bluebutton.cms.gov/resources/variables/line_prvdr_pmt_amt']);
const SUBMITTED = new Set(['submitted', 'https://bluebutton.cms.gov/resources/variables/line_sbmtd_chrg_amt']);

function categoryIn(concept: CodeableConcept | undefined, codes: ReadonlySet<string>): boolean {
  return codingsOf(concept).some(({ code }) => code !== undefined && codes.has(code));
}

/** Sums the amounts of the claim's totals, or else of its lines' adjudications, of one category; null when none is given. */
function adjudicated(claim: ClaimResource, codes: ReadonlySet<string>): number | null {
  const totals = Array.isArray(claim.total) ? claim.total : [];
  const total = totals.find((item) => categoryIn(item.category, codes));
  if (total) return numberOrNull(total.amount?.value);
  const lines = (claim.item ?? [])
    .flatMap((item) => item.adjudication ?? [])
    .filter((item) => categoryIn(item.category, codes));
  const values = lines
    .map((line) => numberOrNull(line.amount?.value))
    .filter((value): value is number => value !== null);
  return values.length > 0 ? round(values.reduce((sum, value) => sum + value, 0)) : null;
}

const round = (value: number): number => Math.round(value * 100) / 100;

/**
 * Billed, allowed and paid. A Claim bills (`total`, or the lines' `net`) and has no adjudication; an
 * ExplanationOfBenefit gives what was submitted, allowed and paid (`payment.amount` when it has no
 * paid lines). Amounts in another currency than US dollars are not read.
 */
function amountsOf(claim: ClaimResource): { billed: number | null; allowed: number | null; paid: number | null } {
  if (claim.resourceType === 'Claim') {
    const total = Array.isArray(claim.total) ? undefined : claim.total;
    const lines = (claim.item ?? [])
      .map((item) => numberOrNull(item.net?.value))
      .filter((value): value is number => value !== null);
    const billed = isDollars(total) ? numberOrNull(total?.value) : null;
    return {
      billed: billed ?? (lines.length > 0 ? round(lines.reduce((sum, value) => sum + value, 0)) : null),
      allowed: null,
      paid: null,
    };
  }
  const paidLines = adjudicated(claim, PAID);
  return {
    billed: adjudicated(claim, SUBMITTED),
    allowed: adjudicated(claim, ALLOWED),
    paid: paidLines ?? (isDollars(claim.payment?.amount) ? numberOrNull(claim.payment?.amount?.value) : null),
  };
}

function isDollars(money: Money | undefined): boolean {
  return money !== undefined && (money.currency === undefined || money.currency === 'USD');
}

const INPATIENT_CLASSES = new Set(['IMP', 'ACUTE', 'NONAC']);
/** CMS place-of-service codes: inpatient hospital and facilities, emergency room, outpatient hospital and centres. */
const INPATIENT_PLACES = new Set(['21', '31', '51', '61']);
const EMERGENCY_PLACES = new Set(['23']);
const OUTPATIENT_PLACES = new Set(['19', '22', '24', '62', '65', '81']);

/**
 * What a claim paid for. A pharmacy claim is pharmacy. The encounter's class decides when the claim
 * names one: an inpatient stay, an emergency visit, an observation stay (outpatient), else a visit,
 * professional unless billed from an outpatient hospital. Without an encounter, a professional (also
 * dental or vision) claim is professional; an institutional one goes by its place of service, else
 * outpatient.
 */
export function serviceCategoryOf(options: {
  claimType: string | null;
  encounterClass: string | undefined;
  placesOfService: readonly (string | undefined)[];
}): ServiceCategory {
  const { claimType, encounterClass } = options;
  const places = new Set(options.placesOfService);
  const at = (codes: ReadonlySet<string>): boolean => [...codes].some((code) => places.has(code));
  if (claimType === 'pharmacy') return 'pharmacy';
  if (encounterClass) {
    if (INPATIENT_CLASSES.has(encounterClass)) return 'inpatient';
    if (encounterClass === 'EMER') return 'emergency';
    if (encounterClass === 'OBSENC') return 'outpatient';
    return claimType !== 'professional' && at(OUTPATIENT_PLACES) ? 'outpatient' : 'professional';
  }
  if (claimType === 'professional' || claimType === 'oral' || claimType === 'vision') return 'professional';
  if (at(INPATIENT_PLACES)) return 'inpatient';
  if (at(EMERGENCY_PLACES)) return 'emergency';
  if (at(OUTPATIENT_PLACES) || claimType === 'institutional') return 'outpatient';
  return 'other';
}
