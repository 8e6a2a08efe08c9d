import { FLAG_DEFAULTS, FRONTEND_TABS, type FlagValues, type FrontendTabKey } from '@cairn/contracts';

/**
 * The portrait tabs a user may see, in the order of the `configuration_FrontendTabs` flag, keeping
 * only those whose own tab flag (dxInsights, clinicalDocuments, ...) is on. Spec §5: a tab name with
 * no matching tab throws, and so does a list that leaves no tab.
 */
export function allowedTabs(
  flagValue: unknown,
  tabFlags: Partial<Pick<FlagValues, (typeof FRONTEND_TABS)[number]['featureFlagName']>> = FLAG_DEFAULTS,
): FrontendTabKey[] {
  if (!Array.isArray(flagValue) || flagValue.length === 0) throw new Error('No allowed tabs configured for the user');
  const allowed: FrontendTabKey[] = [];
  for (const name of flagValue) {
    const tab = FRONTEND_TABS.find((candidate) => candidate.key === name);
    if (!tab) throw new Error(`Unknown tab in feature flag configuration_FrontendTabs: ${String(name)}`);
    if (tabFlags[tab.featureFlagName] !== false && !allowed.includes(tab.key)) allowed.push(tab.key);
  }
  if (allowed.length === 0) throw new Error('No allowed tabs configured for the user');
  return allowed;
}
