import {
  getHccModel,
  scoreRaf,
  selectSegment,
  type HccModelName,
  type RafInput,
  type RafResult,
  type Sex,
} from '@cairn/clinical';
import type { RiskEstimate } from '@cairn/contracts';
import { ageOn, demographicsOf } from '../analysis';

/**
 * The model whose HCCs the Diagnosis Summary groups suggestions by, and the ICD search scores with,
 * as the analysis pipeline does (analysis-compute.ts `riskScoreOf`). The risk score itself follows the
 * organisation's model for the payment year (`estimateRisk`'s `v24Percent`, set in the admin tool).
 */
export const ORGANISATION_MODEL: HccModelName = 'v28';

export interface RiskPerson {
  birthDate: string;
  gender: string;
  coverages: Parameters<typeof demographicsOf>[1];
}

/**
 * The scoring input of a patient for the diagnoses of `visitDate`'s year, as the analysis computes it:
 * the age on February 1 of the payment year (the year after, as CMS does), the segment from the
 * coverages (Medicaid, Medicare under 65 read as disability); unknown sex scored as female.
 */
export function rafPersonOf(
  person: RiskPerson,
  visitDate: string,
): { input: Omit<RafInput, 'diagnoses'>; paymentYear: number } {
  const demographics = demographicsOf(person, person.coverages, visitDate);
  const paymentYear = Number(visitDate.slice(0, 4)) + 1;
  const age = Math.max(0, ageOn(person.birthDate, `${String(paymentYear)}-02-01`));
  const segment = selectSegment({
    age,
    dualStatus: demographics.dualStatus ?? 'none',
    institutional: demographics.institutional ?? false,
    newEnrollee: false,
    snp: false,
  });
  const sex: Sex = demographics.sex ?? 'F';
  return {
    input: { age, sex, orec: demographics.orec ?? '0', medicaid: demographics.medicaid ?? false, segment },
    paymentYear,
  };
}

/** A scoring model and its share of the score. */
interface ModelShare {
  model: HccModelName;
  weight: number;
}

const round4 = (value: number): number => Math.round(value * 10000) / 10000;

/** The models of a V24 share in percent: 0 is V28 alone, 100 V24 alone, anything between a blend. */
function sharesOf(v24Percent: number): ModelShare[] {
  if (v24Percent <= 0) return [{ model: 'v28', weight: 1 }];
  if (v24Percent >= 100) return [{ model: 'v24', weight: 1 }];
  return [
    { model: 'v24', weight: v24Percent / 100 },
    { model: 'v28', weight: 1 - v24Percent / 100 },
  ];
}

/** `v28`, `v24`, or the blend in words (`v24 33% / v28 67%`). */
function modelName(shares: readonly ModelShare[]): string {
  const [only] = shares;
  if (shares.length === 1 && only) return only.model;
  return shares.map((share) => `${share.model} ${String(Math.round(share.weight * 100))}%`).join(' / ');
}

/**
 * The visit's RAF now (the codes coded this year) and if the cart is written: each HCC the cart adds,
 * with its coefficient and the cart's codes behind it, and the interaction and count terms it brings
 * in (or changes), named in CMS's words; a term that adds nothing (V28's 1 to 4 payment HCCs) is not one.
 *
 * `v24Percent` is the organisation's model for the payment year (0: V28 alone). A blend weights each
 * model's raw score by its share, as CMS blended PY2024 and PY2025 scores; the Diagnosis Summary shows
 * raw scores, so neither model's normalisation factor nor the MA coding adjustment is applied. In a
 * blend each model's HCCs and terms are listed with their coefficient times the model's share, their
 * label naming the model, so that they still add up to the difference.
 */
export function estimateRisk(options: {
  person: RiskPerson;
  visitDate: string;
  codedCodes: readonly string[];
  cartCodes: readonly string[];
  model?: HccModelName;
  v24Percent?: number;
}): RiskEstimate {
  const shares: ModelShare[] = options.model
    ? [{ model: options.model, weight: 1 }]
    : sharesOf(options.v24Percent ?? 0);
  const { input, paymentYear } = rafPersonOf(options.person, options.visitDate);
  const pushedCodes = [...new Set([...options.codedCodes, ...options.cartCodes])];
  const isBlend = shares.length > 1;
  const parts = shares.map((share) => {
    const now = scoreRaf({ ...input, diagnoses: options.codedCodes }, { model: share.model });
    const pushed = scoreRaf({ ...input, diagnoses: pushedCodes }, { model: share.model });
    return { share, now, pushed, ...changesOf({ now, pushed, cartCodes: options.cartCodes, ...share, isBlend }) };
  });
  const total = (pick: (part: (typeof parts)[number]) => number) =>
    round4(parts.reduce((sum, part) => sum + part.share.weight * pick(part), 0));
  return {
    model: modelName(shares),
    paymentYear,
    current: total((part) => part.now.raf),
    ifPushed: total((part) => part.pushed.raf),
    increments: parts.flatMap((part) => part.increments),
    interactions: parts.flatMap((part) => part.interactions),
  };
}

/** The HCCs, interactions and counts the cart adds in one model, weighted by the model's share. */
function changesOf(options: {
  now: RafResult;
  pushed: RafResult;
  cartCodes: readonly string[];
  model: HccModelName;
  weight: number;
  isBlend: boolean;
}): Pick<RiskEstimate, 'increments' | 'interactions'> {
  const { now, pushed, model, weight } = options;
  const cart = new Set(options.cartCodes);
  const before = new Map(now.terms.map((term) => [term.variable, term.factor]));
  const hccModel = getHccModel(model);
  const named = (label: string) => (options.isBlend ? `${label} (${model.toUpperCase()})` : label);
  const weighted = (factor: number) => (weight === 1 ? factor : round4(factor * weight));
  const increments = pushed.terms
    .filter((term) => term.kind === 'hcc' && term.hcc !== undefined && !now.hccs.includes(term.hcc))
    .map((term) => ({
      hcc: term.hcc ?? 0,
      label: named(hccModel.label(term.hcc ?? 0)),
      raf: weighted(term.factor),
      icdCodes: (term.codes ?? []).filter((code) => cart.has(code)),
    }));
  const interactions = pushed.terms
    .filter(
      (term) =>
        (term.kind === 'interaction' || term.kind === 'count') &&
        term.factor !== 0 &&
        before.get(term.variable) !== term.factor,
    )
    .map((term) => ({
      name: term.variable,
      label: named(hccModel.variableLabel(term.variable)),
      raf: weighted(term.factor),
    }));
  return { increments, interactions };
}
