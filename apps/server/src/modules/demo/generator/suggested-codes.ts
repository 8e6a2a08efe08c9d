import {
  APIXABAN,
  ATRIAL_FIBRILLATION,
  CKD_3A,
  COPD,
  DEPRESSION,
  DIABETES,
  DONEPEZIL,
  HEART_FAILURE,
  HYPERLIPIDEMIA,
  HYPERTENSION,
  RHEUMATOID_ARTHRITIS,
} from './catalog';

/** The catalogue's conditions in the CMS-HCC model (V28 HCCs 38, 226, 280, 329, 238, 155, 93): what Cairn suggests. */
const HCC_CONDITIONS = [DIABETES, HEART_FAILURE, COPD, CKD_3A, ATRIAL_FIBRILLATION, DEPRESSION, RHEUMATOID_ARTHRITIS];
/** Chronic conditions outside the model: a user adds them, Cairn does not suggest them. */
const OTHER_CONDITIONS = [HYPERTENSION, HYPERLIPIDEMIA];

/**
 * The codes Cairn's suggestions for a patient hold, from their active problem list and drugs: their
 * chronic HCC conditions, dementia for donepezil and atrial fibrillation for apixaban without one
 * coded (the drug-indication suspects); and the codes a user might add.
 */
export function codesOf(patient: { problemCodes: readonly string[]; rxnormCodes: readonly string[] }): {
  suggestedCodes: string[];
  otherCodes: string[];
} {
  const has = (code: string): boolean => patient.problemCodes.includes(code);
  const takes = (rxnormCode: string): boolean => patient.rxnormCodes.includes(rxnormCode);
  const suggestedCodes = HCC_CONDITIONS.map((condition) => condition.icdCode).filter(has);
  if (takes(DONEPEZIL.rxnormCode)) suggestedCodes.push('F0390');
  if (takes(APIXABAN.rxnormCode) && !has(ATRIAL_FIBRILLATION.icdCode)) suggestedCodes.push('I4891');
  return { suggestedCodes, otherCodes: OTHER_CONDITIONS.map((condition) => condition.icdCode).filter(has) };
}
