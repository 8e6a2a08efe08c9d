/**
 * ICD-10-CM FY2026: the catalog (every code and header with titles, billable flag, parent, category, section and
 * chapter), search by code, words and clinical abbreviations with HCC and edit annotations, and the age and sex edits.
 */
export { getIcdCatalog, IcdCatalog } from './catalog';
export type { IcdChapter, IcdCode, IcdSection, RetiredIcdCode } from './catalog-types';
export { formatIcdCode, hasIcdCodeShape, normalizeIcdCode } from './code-format';
export { checkEdits, editsFor } from './edits';
export type { EditPatient, EditViolation, IcdEdits } from './edits';
export { preloadIcdSearch, searchIcd } from './search';
export type { HccAnnotation, IcdSearchHit, IcdSearchOptions } from './search';
export type { IcdMatchKind } from './search-engine';
export { CLINICAL_SYNONYMS } from './synonyms';
export type { ClinicalMeaning, ClinicalSynonym } from './synonyms';
