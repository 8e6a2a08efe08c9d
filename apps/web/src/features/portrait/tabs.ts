/** The portrait tabs of spec §3, each behind its feature flag. */
export const PORTRAIT_TABS = [
  { key: 'DxSummary', path: 'dx-summary', title: 'Diagnosis Summary', featureFlagName: 'dxInsights' },
  { key: 'DocumentsList', path: 'documents', title: 'Documents', featureFlagName: 'clinicalDocuments' },
  { key: 'ClinicalSummary', path: 'clinical-summary', title: 'Clinical Summary', featureFlagName: 'clinicalSummary' },
  { key: 'Quality', path: 'quality', title: 'Quality Insights', featureFlagName: 'clinicalAlerts' },
  { key: 'Ambient', path: 'ambient', title: 'Ambient', featureFlagName: 'ambient' },
] as const;

export type PortraitTab = (typeof PORTRAIT_TABS)[number];
export type PortraitTabPath = PortraitTab['path'];

export function findTabByPath(path: string | undefined): PortraitTab | undefined {
  return PORTRAIT_TABS.find((tab) => tab.path === path);
}
