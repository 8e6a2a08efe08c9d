/**
 * CMS-HCC risk adjustment: V28 (payment year 2026) and V24 (blended years). Diagnosis to condition
 * category with CMS's age/sex edits, the V28 heart rule, hierarchies, interactions, payment-HCC
 * counts, demographic cells, new enrollees, and the risk score with its breakdown.
 */
export { getHccModel } from './model';
export { scoreRaf, paymentRaf } from './score';
export { blendRaf } from './blend';
export { selectSegment, segmentsForAge } from './demographics';
export { SEGMENTS } from './tables';
export type { Orec, SegmentFacts } from './demographics';
export type { DroppedHcc } from './evaluate';
export type { RafInput, RafOptions, RafResult, RafTerm, SegmentScore } from './score';
export type { BlendComponent, BlendOptions, BlendResult } from './blend';
export type { Segment } from './tables';
export type { AgeRange, EditPerson, HccCodeEdit, HccModel, HccModelName, MappingOptions } from './types';
