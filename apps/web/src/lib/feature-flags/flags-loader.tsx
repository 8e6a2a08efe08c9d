import { useEffect } from 'react';
import type { FlagsSnapshot } from '../feature-flags';
import { useOpenFeatureFlags, useSessionFlagProvider } from './use-session-flags';

/** Runs the OpenFeature client for the session and reports every new snapshot of the flags. */
export function FlagsLoader({ onChange }: { onChange: (snapshot: FlagsSnapshot) => void }) {
  useSessionFlagProvider();
  const snapshot = useOpenFeatureFlags();
  useEffect(() => {
    onChange(snapshot);
  }, [snapshot, onChange]);
  return null;
}
