export { DxSummaryTab, type DxSummaryTabProps } from './components/dx-summary-tab';
export type { OnOpenEvidence } from './components/evidence-list';
export { dxCaptureDataKey } from './api/get-dx-capture-data';
