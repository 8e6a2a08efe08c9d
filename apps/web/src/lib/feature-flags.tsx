import { FLAG_NAMES as ALL_FLAG_NAMES, type FlagName as KnownFlagName } from '@cairn/contracts';
import { createContext, useContext, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { FlagsStatus } from './feature-flags/use-session-flags';
import { useSession } from './session';

export type { FlagsStatus };

export { allowedTabs } from './feature-flags/allowed-tabs';

/** Every flag Cairn reads: the flags of spec §7 and one per portrait tab (defaults in `@cairn/contracts`). */
export const FLAG_NAMES = ALL_FLAG_NAMES;
export type FlagName = KnownFlagName;

export type FlagValues = Partial<Record<FlagName, unknown>>;

const FlagsContext = createContext<FlagValues>({});
const FlagsStatusContext = createContext<FlagsStatus>('signedOut');

/**
 * Supplies the evaluated flags to the app. Without `values` they are live: fetched for the signed-in
 * user through Cairn's OpenFeature provider, kept as a local-storage bootstrap and updated from the
 * server's stream, so a change re-renders every reader. Until they arrive every flag reads as off, so
 * a flagged feature is hidden rather than shown by mistake. `values` fixes them (tests, demos).
 */
export function FlagsProvider({ values, children }: { values?: FlagValues; children: ReactNode }) {
  if (values) {
    return (
      <FlagsStatusContext.Provider value="initialized">
        <FlagsContext.Provider value={values}>{children}</FlagsContext.Provider>
      </FlagsStatusContext.Provider>
    );
  }
  return <LiveFlags>{children}</LiveFlags>;
}

export interface FlagsSnapshot {
  status: FlagsStatus;
  values: FlagValues;
}

/** The component that runs Cairn's OpenFeature client and reports each snapshot of the flags. */
export type FlagsLoader = ComponentType<{ onChange: (snapshot: FlagsSnapshot) => void }>;

/**
 * The OpenFeature client (SDK, provider, stream) is loaded once a session exists, beside the page
 * rather than around it: the sign-in page never downloads it, and the page's tree does not remount
 * when it arrives.
 */
function LiveFlags({ children }: { children: ReactNode }) {
  const { loggedIn } = useSession();
  const [Loader, setLoader] = useState<FlagsLoader>();
  const [snapshot, setSnapshot] = useState<FlagsSnapshot>();
  useEffect(() => {
    if (!loggedIn || Loader) return;
    void import('./feature-flags/flags-loader').then((module) => setLoader(() => module.FlagsLoader));
  }, [loggedIn, Loader]);
  const status = snapshot?.status ?? (loggedIn ? 'initializing' : 'signedOut');
  return (
    <FlagsStatusContext.Provider value={status}>
      <FlagsContext.Provider value={snapshot?.values ?? NO_FLAGS}>
        {Loader && <Loader onChange={setSnapshot} />}
        {children}
      </FlagsContext.Provider>
    </FlagsStatusContext.Provider>
  );
}

const NO_FLAGS: FlagValues = {};

/**
 * Where the flags stand: 'initializing' for at most the 5-second wait after sign-in, then
 * 'initialized' or 'failed' (Cairn defaults). A screen that cannot do without its flags (the
 * portrait's tab list) shows its loading state while 'initializing'.
 */
export function useFlagsStatus(): FlagsStatus {
  return useContext(FlagsStatusContext);
}

export function useFlag(name: FlagName): boolean {
  return useContext(FlagsContext)[name] === true;
}

export function useFlagValue<T>(name: FlagName): T | undefined {
  return useContext(FlagsContext)[name] as T | undefined;
}

/** Every evaluated flag, for code that reads flags named in a table (the access rules). */
export function useFlagValues(): FlagValues {
  return useContext(FlagsContext);
}
