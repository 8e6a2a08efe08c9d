import { ccsrOf } from '@cairn/clinical';

/** A diagnosis code's CCSR category and body system, for the population tables. */
export interface DiagnosisGroup {
  code: string;
  category: string;
  bodySystem: string;
}

/**
 * The AHRQ CCSR category (inpatient default: these group discharge and principal diagnoses) and body
 * system of each code; a code CCSR does not group is left out (the tables say `UNK`).
 */
export function groupsOfDiagnoses(codes: readonly string[]): DiagnosisGroup[] {
  return codes.flatMap((code) => {
    const group = ccsrOf(code);
    return group ? [{ code, category: group.category, bodySystem: group.bodySystem }] : [];
  });
}
