import { FLAG_DEFAULTS, FLAG_NAMES, type FlagName } from '@cairn/contracts';
import {
  OpenFeature,
  ProviderEvents,
  ProviderStatus,
  type EvaluationContext,
  type JsonValue,
} from '@openfeature/web-sdk';
import { useEffect, useSyncExternalStore } from 'react';
import { decodeToken } from '../jwt';
import { sessionStore, useSession } from '../session';
import { CairnFlagProvider } from './cairn-flag-provider';
import { createFlagClient, type FlagClientState } from './flag-client';
import { flagContextFromToken } from './flag-context';
import { flagTransport } from './flag-transport';

/** The last evaluated flags of a user, the bootstrap of the next start (per-user key, spec §3). */
export function flagsBootstrapKey(sub: string): string {
  return `${sub}.featureFlags`;
}

function subOf(token: string | undefined): string | undefined {
  if (!token) return undefined;
  try {
    return decodeToken<{ sub?: unknown }>(token).sub as string | undefined;
  } catch {
    return undefined;
  }
}

/**
 * OpenFeature's provider changes, one after another: clearing the previous user's provider must not
 * finish after the next user's provider was set (and clear it).
 */
let providerChanges: Promise<unknown> = Promise.resolve();
function changeProvider(change: () => unknown): void {
  providerChanges = providerChanges
    .then(change)
    .catch(() => undefined)
    // Clearing the provider emits no event a reader hears: tell them.
    .then(refreshSnapshot);
}

/**
 * Gives OpenFeature a Cairn provider for the signed-in user, a new one when the user changes, none
 * after sign-out. A token renewal for the same user keeps the provider.
 */
export function useSessionFlagProvider(): void {
  const { loggedIn, token } = useSession();
  const sub = loggedIn ? subOf(token) : undefined;

  useEffect(() => {
    // The token of the moment: a renewal for the same user does not rerun this effect.
    const current = sessionStore.getState().token;
    if (!sub || !current) return;
    let context;
    try {
      context = flagContextFromToken(current);
    } catch (error) {
      console.warn(error instanceof Error ? error.message : 'Invalid feature-flag context');
      return;
    }
    const client = createFlagClient({
      ...flagTransport(),
      storage: localStorage,
      bootstrapKey: flagsBootstrapKey(sub),
    });
    const { key, custom, ...attributes } = context;
    // OpenFeature's context is flat and JSON only; targetingKey is its name for the key.
    const evaluationContext = JSON.parse(
      JSON.stringify({ ...attributes, ...custom, targetingKey: key }),
    ) as EvaluationContext;
    changeProvider(() => {
      OpenFeature.setProvider(new CairnFlagProvider(client), evaluationContext);
    });
    return () => changeProvider(() => OpenFeature.clearProviders());
  }, [sub]);
}

/** Where the flags stand: no user signed in, or the flag client's state (spec §4). */
export type FlagsStatus = 'signedOut' | FlagClientState;

export interface FlagsSnapshot {
  status: FlagsStatus;
  /** Empty (every flag off) until the flags arrive. */
  values: Partial<Record<FlagName, unknown>>;
}

const SIGNED_OUT: FlagsSnapshot = { status: 'signedOut', values: {} };
const INITIALIZING: FlagsSnapshot = { status: 'initializing', values: {} };
let snapshot: FlagsSnapshot = SIGNED_OUT;

const snapshotListeners = new Set<() => void>();

function refreshSnapshot(): void {
  snapshot = readSnapshot();
  for (const listener of [...snapshotListeners]) listener();
}

function readSnapshot(): FlagsSnapshot {
  // Signed out, OpenFeature falls back to its no-op provider: every flag reads as off, not as a default.
  if (OpenFeature.getProviderMetadata().name !== 'cairn') return SIGNED_OUT;
  const client = OpenFeature.getClient();
  if (client.providerStatus !== ProviderStatus.READY && client.providerStatus !== ProviderStatus.ERROR) {
    return INITIALIZING;
  }
  const values: FlagsSnapshot['values'] = {};
  for (const name of FLAG_NAMES) {
    const fallback = FLAG_DEFAULTS[name];
    values[name] =
      typeof fallback === 'boolean'
        ? client.getBooleanValue(name, fallback)
        : client.getObjectValue(name, fallback as JsonValue);
  }
  return { status: client.providerStatus === ProviderStatus.READY ? 'initialized' : 'failed', values };
}

const EVENTS = [
  ProviderEvents.Ready,
  ProviderEvents.Error,
  ProviderEvents.ConfigurationChanged,
  ProviderEvents.ContextChanged,
  ProviderEvents.Stale,
];

function subscribe(onChange: () => void): () => void {
  const handler = () => {
    snapshot = readSnapshot();
    onChange();
  };
  for (const event of EVENTS) OpenFeature.addHandler(event, handler);
  snapshotListeners.add(onChange);
  snapshot = readSnapshot();
  return () => {
    for (const event of EVENTS) OpenFeature.removeHandler(event, handler);
    snapshotListeners.delete(onChange);
  };
}

/** The current flags through OpenFeature, and their status. */
export function useOpenFeatureFlags(): FlagsSnapshot {
  return useSyncExternalStore(subscribe, () => snapshot);
}
