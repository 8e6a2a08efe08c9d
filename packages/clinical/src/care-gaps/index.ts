/**
 * The care gap's shape (see types.ts). Gaps are computed by CMS's CQL: `@cairn/clinical/ecqm`.
 */
export type { CareGap, CareGapEvidence, CareGapStatus, EvidenceRole, MeasureId, NotApplicableReason } from './types';
