import { FLAG_DEFAULTS } from '@cairn/contracts';
import { allowedTabs, useFlagsStatus, useFlagValue } from '../../../lib/feature-flags';
import { PORTRAIT_TABS, type PortraitTab } from '../tabs';

/**
 * The portrait tabs the user may see, in the order of `configuration_FrontendTabs`, each also behind
 * its own flag; `undefined` until the user's flags are known. Throws 'No allowed tabs configured for
 * the user' when none is left (spec §5), which the route's error screen shows.
 */
export function useAllowedTabs(): PortraitTab[] | undefined {
  return useTabsOfFlags()?.();
}

/**
 * The same tabs for a page that only looks ahead to the portrait (to load it early): none, instead of
 * the error, when the flags leave none; the portrait itself says so when opened.
 */
export function useAllowedTabsIfAny(): PortraitTab[] | undefined {
  const tabsOfFlags = useTabsOfFlags();
  if (!tabsOfFlags) return undefined;
  try {
    return tabsOfFlags();
  } catch {
    return [];
  }
}

/** The flags' tabs, worked out on demand (it may throw); `undefined` until the user's flags are known. */
function useTabsOfFlags(): (() => PortraitTab[]) | undefined {
  const status = useFlagsStatus();
  const frontendTabs = useFlagValue<unknown>('configuration_FrontendTabs');
  const tabFlags = {
    dxInsights: useFlagValue<boolean>('dxInsights'),
    clinicalDocuments: useFlagValue<boolean>('clinicalDocuments'),
    clinicalSummary: useFlagValue<boolean>('clinicalSummary'),
    clinicalAlerts: useFlagValue<boolean>('clinicalAlerts'),
    ambient: useFlagValue<boolean>('ambient'),
  };
  // Before the session's flag provider is set the flags read 'signedOut' with no values, which would
  // allow every default tab: the index would redirect to a tab the user's own flags then refuse.
  if (status !== 'initialized' && status !== 'failed') return undefined;
  return () => {
    const keys = allowedTabs(frontendTabs ?? FLAG_DEFAULTS.configuration_FrontendTabs, tabFlags);
    return keys.flatMap((key) => PORTRAIT_TABS.filter((tab) => tab.key === key));
  };
}
