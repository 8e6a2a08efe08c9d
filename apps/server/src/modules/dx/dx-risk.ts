import { getHccModel, scoreRaf, selectSegment, type HccModelName, type RafInput, type Sex } from '@cairn/clinical';
import type { RiskEstimate } from '@cairn/contracts';
import { ageOn, demographicsOf } from '../analysis';

/**
 * The model an organisation scores with. Organisations have no setting for it yet, so every one
 * scores with CMS-HCC V28, as the analysis pipeline does (analysis-compute.ts `riskScoreOf`).
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

/**
 * The visit's RAF now (the codes coded this year) and if the cart is written: each HCC the cart adds,
 * with its coefficient and the cart's codes behind it, and the interaction and count terms it brings
 * in (or changes), named in CMS's words; a term that adds nothing (V28's 1 to 4 payment HCCs) is not one.
 */
export function estimateRisk(options: {
  person: RiskPerson;
  visitDate: string;
  codedCodes: readonly string[];
  cartCodes: readonly string[];
  model?: HccModelName;
}): RiskEstimate {
  const model = options.model ?? ORGANISATION_MODEL;
  const { input, paymentYear } = rafPersonOf(options.person, options.visitDate);
  const now = scoreRaf({ ...input, diagnoses: options.codedCodes }, { model });
  const pushed = scoreRaf(
    { ...input, diagnoses: [...new Set([...options.codedCodes, ...options.cartCodes])] },
    { model },
  );
  const cart = new Set(options.cartCodes);
  const before = new Map(now.terms.map((term) => [term.variable, term.factor]));
  const hccModel = getHccModel(model);
  const increments = pushed.terms
    .filter((term) => term.kind === 'hcc' && term.hcc !== undefined && !now.hccs.includes(term.hcc))
    .map((term) => ({
      hcc: term.hcc ?? 0,
      label: hccModel.label(term.hcc ?? 0),
      raf: term.factor,
      icdCodes: (term.codes ?? []).filter((code) => cart.has(code)),
    }));
  const interactions = pushed.terms
    .filter(
      (term) =>
        (term.kind === 'interaction' || term.kind === 'count') &&
        term.factor !== 0 &&
        before.get(term.variable) !== term.factor,
    )
    .map((term) => ({ name: term.variable, label: hccModel.variableLabel(term.variable), raf: term.factor }));
  return { model, paymentYear, current: now.raf, ifPushed: pushed.raf, increments, interactions };
}
