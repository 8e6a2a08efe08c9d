/**
 * AHRQ HCUP Clinical Classifications Software Refined (CCSR) for ICD-10-CM diagnoses, v2026.1: an ICD-10-CM code's
 * default CCSR category (inpatient, then outpatient, then first listed; the longest listed prefix for a code the
 * version lacks), all the categories it is cross-classified into, and the category list with body systems.
 */
export { ccsrCategories, ccsrCategoriesOf, ccsrOf, CcsrGrouper, getCcsr } from './ccsr';
export type { CcsrAssignment, CcsrBasis, CcsrOptions, CcsrSetting } from './ccsr';
export type { CcsrCategory } from './ccsr-loader';
