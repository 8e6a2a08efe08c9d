import { FLAG_NAMES, type FlagName } from '@cairn/contracts';
import {
  FlagNotFoundError,
  OpenFeatureEventEmitter,
  ProviderEvents,
  ProviderNotReadyError,
  StandardResolutionReasons,
  TypeMismatchError,
  type EvaluationContext,
  type JsonValue,
  type Provider,
  type ResolutionDetails,
} from '@openfeature/web-sdk';
import { NOT_INITIALIZED_MESSAGE, type FlagClient } from './flag-client';
import { validateFlagContext } from './flag-context';

type ValueType = 'boolean' | 'string' | 'number' | 'object';

/**
 * Cairn's OpenFeature provider for the web: the values are the ones the server evaluated for the
 * signed-in user (the flag client fetches, bootstraps from local storage and follows the stream), so
 * resolution is a synchronous read; a change is announced as ConfigurationChanged with the flags
 * that changed.
 */
export class CairnFlagProvider implements Provider {
  readonly metadata = { name: 'cairn' } as const;
  readonly runsOn = 'client' as const;
  readonly events = new OpenFeatureEventEmitter();
  private readonly unsubscribe: () => void;

  constructor(private readonly client: FlagClient) {
    this.unsubscribe = client.subscribe((event) => {
      if (event.type === 'changed')
        this.events.emit(ProviderEvents.ConfigurationChanged, { flagsChanged: event.flags });
      else if (event.state === 'initialized') this.events.emit(ProviderEvents.Ready);
      else if (event.state === 'failed')
        this.events.emit(ProviderEvents.Error, { message: 'Feature flags could not be loaded' });
    });
  }

  /** Validates the context (spec §5) and waits for the flags, at most the initialization wait. */
  async initialize(context?: EvaluationContext): Promise<void> {
    validateFlagContext({ ...context, key: context?.targetingKey });
    const state = await this.client.start();
    if (state === 'failed') throw new Error('Feature flags could not be loaded');
  }

  async onClose(): Promise<void> {
    this.unsubscribe();
    this.client.close();
  }

  resolveBooleanEvaluation(flagKey: string, defaultValue: boolean): ResolutionDetails<boolean> {
    return this.resolve(flagKey, defaultValue, 'boolean');
  }

  resolveStringEvaluation(flagKey: string, defaultValue: string): ResolutionDetails<string> {
    return this.resolve(flagKey, defaultValue, 'string');
  }

  resolveNumberEvaluation(flagKey: string, defaultValue: number): ResolutionDetails<number> {
    return this.resolve(flagKey, defaultValue, 'number');
  }

  resolveObjectEvaluation<T extends JsonValue>(flagKey: string, defaultValue: T): ResolutionDetails<T> {
    return this.resolve(flagKey, defaultValue, 'object');
  }

  private resolve<T>(flagKey: string, _defaultValue: T, type: ValueType): ResolutionDetails<T> {
    if (!(FLAG_NAMES as string[]).includes(flagKey)) throw new FlagNotFoundError(`Unknown feature flag ${flagKey}`);
    if (this.client.state === 'initializing') throw new ProviderNotReadyError(NOT_INITIALIZED_MESSAGE);
    const value: unknown = this.client.getValue(flagKey as FlagName);
    const actual = value !== null && typeof value === 'object' ? 'object' : typeof value;
    if (actual !== type) throw new TypeMismatchError(`Feature flag ${flagKey} is not a ${type}`);
    return { value: value as T, reason: StandardResolutionReasons.CACHED };
  }
}
