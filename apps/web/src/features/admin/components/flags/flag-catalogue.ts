import { FRONTEND_TABS, type FlagName, type FrontendTabKey } from '@cairn/contracts';

/** How a flag's value is edited: a switch, a checkbox per portrait tab, or a JSON object. */
export type FlagKind = 'boolean' | 'tabs' | 'object';

export interface FlagInfo {
  kind: FlagKind;
  /** What the flag switches, in an administrator's words. */
  summary: string;
}

/** Every flag of the spec (§3 tabs, §6 apps menu, §7), as the admin tool explains it. */
export const FLAG_CATALOGUE: Record<FlagName, FlagInfo> = {
  configuration_FrontendTabs: { kind: 'tabs', summary: 'The portrait tabs users see.' },
  configuration_OverlayOnlyView: { kind: 'boolean', summary: 'Cairn opens only as an overlay inside the EHR.' },
  configuration_OrganizationQuality: {
    kind: 'boolean',
    summary: 'The Quality Workspace is offered to users with the quality_tool permission.',
  },
  flag_AdminTool: { kind: 'boolean', summary: 'The Admin tool is offered to users with the admin_tool permission.' },
  ShowFeedbackButton: { kind: 'boolean', summary: 'The Contact us button shows in the header.' },
  cairn_user_features: { kind: 'object', summary: 'Settings the web app reads per user, as a JSON object.' },
  dxInsights: { kind: 'boolean', summary: 'The Diagnosis Summary tab of the portrait.' },
  clinicalDocuments: { kind: 'boolean', summary: 'The Documents tab of the portrait.' },
  clinicalSummary: { kind: 'boolean', summary: 'The Clinical Summary tab of the portrait.' },
  clinicalAlerts: { kind: 'boolean', summary: 'The Quality Insights tab of the portrait.' },
  ambient: { kind: 'boolean', summary: 'The Ambient tab of the portrait.' },
};

/** The portrait tabs' titles (spec §3 Tabs). */
export const TAB_TITLES: Record<FrontendTabKey, string> = {
  DxSummary: 'Diagnosis Summary',
  DocumentsList: 'Documents',
  ClinicalSummary: 'Clinical Summary',
  Quality: 'Quality Insights',
  Ambient: 'Ambient',
};

export const TAB_OPTIONS = FRONTEND_TABS.map((tab) => ({ value: tab.key, label: TAB_TITLES[tab.key] }));

/**
 * The attributes of the flag user a condition may name (spec §3: key, email and the custom
 * attributes; first and last name are removed before evaluation, so a rule never sees them).
 */
export const FLAG_USER_ATTRIBUTES = [
  'key',
  'email',
  'view',
  'permissions',
  'isAdmin',
  'isMultipleProviders',
  'emrName',
  'identitySource',
  'organisation',
  'organisationId',
] as const;

/** A flag's value in words: On/Off, the tabs' titles, or the JSON. */
export function formatFlagValue(name: FlagName, value: unknown): string {
  const { kind } = FLAG_CATALOGUE[name];
  if (kind === 'boolean' && typeof value === 'boolean') return value ? 'On' : 'Off';
  if (kind === 'tabs' && Array.isArray(value)) {
    return value.map((tab: string) => (tab in TAB_TITLES ? TAB_TITLES[tab as FrontendTabKey] : tab)).join(', ');
  }
  return JSON.stringify(value);
}
