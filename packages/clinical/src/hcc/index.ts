/**
 * CMS-HCC risk adjustment: V28 (payment year 2026) and V24 (blended years). Diagnosis to condition
 * category with CMS's age/sex edits, hierarchies, and (see `score`) the risk score with its breakdown.
 */
export { getHccModel } from './model';
export type { AgeRange, EditPerson, HccCodeEdit, HccModel, HccModelName, MappingOptions, Sex } from './types';
