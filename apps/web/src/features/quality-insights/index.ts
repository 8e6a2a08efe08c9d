export { QualityInsightsTab, type QualityInsightsTabProps } from './components/quality-insights-tab';
export type { OnOpenGapEvidence } from './components/gap-evidence';
export { qualityInsightsKey, qualityInsightsQuery, useCareGapsToSend } from './api/get-quality-insights';
export { CareGapsInCart } from './components/care-gaps-in-cart';
