import { createContext, useContext, type ReactNode } from 'react';

/** The flags the spec reads (§7). */
export const FLAG_NAMES = [
  'configuration_FrontendTabs',
  'configuration_OverlayOnlyView',
  'configuration_OrganizationQuality',
  'flag_AdminTool',
  'ShowFeedbackButton',
  'cairn_user_features',
] as const;
export type FlagName = (typeof FLAG_NAMES)[number];

export type FlagValues = Partial<Record<FlagName, unknown>>;

const FlagsContext = createContext<FlagValues>({});

/**
 * Supplies the evaluated flags to the app. The values come from the server's flag evaluation; until
 * they arrive every flag reads as off, so a flagged feature is hidden rather than shown by mistake.
 */
export function FlagsProvider({ values, children }: { values: FlagValues; children: ReactNode }) {
  return <FlagsContext.Provider value={values}>{children}</FlagsContext.Provider>;
}

export function useFlag(name: FlagName): boolean {
  return useContext(FlagsContext)[name] === true;
}

export function useFlagValue<T>(name: FlagName): T | undefined {
  return useContext(FlagsContext)[name] as T | undefined;
}
