/** The CMS-HCC model versions Cairn scores: V28 (payment year 2026) and V24 (blended years up to 2025). */
export type HccModelName = 'v28' | 'v24';

import type { Sex } from '../record';

/** Who a diagnosis is coded for, for the model's age and sex edits. `sex` may be unknown. */
export interface EditPerson {
  /** Age in whole years (CMS uses the age as of February 1 of the payment year). */
  age: number;
  sex: Sex | undefined;
}

/** Inclusive range of whole years; `max` undefined means no upper bound. */
export interface AgeRange {
  min: number;
  max: number | undefined;
}

/**
 * One row of a code's mapping: the condition category it yields and the conditions under which it
 * applies. A code with no row that applies to a person maps to no condition category for them.
 */
export interface HccCodeEdit {
  /** Condition category (HCC number) this row yields. */
  hcc: number;
  /** The model's mandatory age edit (e.g. breast cancer C50 under 50 maps to HCC 22 in V28). */
  age: AgeRange | undefined;
  /** The model's sex edit (e.g. D66/D67 in females map to HCC 112 in V28, 48 in V24). */
  sex: Sex | undefined;
  /** Medicare Code Editor age range: outside it the code is invalid when MCE edits are applied. */
  mceAge: AgeRange | undefined;
  /** The conditions as CMS writes them, e.g. `age < 50`, `sex = F`, `MCE 0 <= age <= 17`; '' if none. */
  condition: string;
}

/** Options of the diagnosis-to-condition-category step. */
export interface MappingOptions {
  /**
   * Apply the Medicare Code Editor age ranges (CMS's software applies them by default and lets users
   * switch them off). Default true.
   */
  applyMce?: boolean;
}

/** A loaded CMS-HCC model: its diagnosis mapping with edits, labels and hierarchy. */
export interface HccModel {
  readonly name: HccModelName;
  /**
   * Condition categories for a dotless upper-case ICD-10-CM code after the model's age and sex edits
   * (and the MCE age ranges unless switched off), ascending; [] if none. Without a person, every
   * category any row of the code can yield.
   */
  conditionCategories(code: string, person?: EditPerson, options?: MappingOptions): number[];
  /** The rows of the code's mapping with the age/sex/MCE conditions attached to each; [] if unmapped. */
  edits(code: string): HccCodeEdit[];
  /** Codes with a mapping row to the HCC (under some age/sex condition), ascending. */
  codes(hcc: number): string[];
  /** CMS label of a payment HCC (`''` if the model has no such HCC). */
  label(hcc: number): string;
  /**
   * The words of a scored CMS variable (a RAF term's `variable`): `D1` "1 payment HCC",
   * `DIABETES_HF_V28` "Diabetes*Heart Failure", `HCC37` its HCC label; `''` when the model has none.
   */
  variableLabel(variable: string): string;
  /** HCCs a parent drops in the hierarchy (empty if none), ascending. */
  children(hcc: number): number[];
  /** Whether the number is one of the model's payment HCCs (115 in V28, 86 in V24). */
  isPaymentHcc(hcc: number): boolean;
  /** All payment HCCs, ascending. */
  paymentHccs(): readonly number[];
}
