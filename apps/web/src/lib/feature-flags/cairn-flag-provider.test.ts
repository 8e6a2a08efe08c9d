import { FLAG_DEFAULTS } from '@cairn/contracts';
import { OpenFeature, ProviderEvents, ProviderStatus } from '@openfeature/web-sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { CairnFlagProvider } from './cairn-flag-provider';
import { createFlagClient } from './flag-client';

function providerWith(fetchFlags: () => Promise<unknown>) {
  const client = createFlagClient({
    fetchFlags,
    createStreamTicket: () => new Promise(() => undefined),
    streamUrl: (ticket) => ticket,
    storage: localStorage,
    bootstrapKey: 'user-1.featureFlags',
    warn: () => undefined,
    timing: { initWaitMs: 50 },
  });
  return { client, provider: new CairnFlagProvider(client) };
}

afterEach(async () => {
  await OpenFeature.clearProviders();
});

describe('the Cairn OpenFeature provider', () => {
  it("refuses a read before initialization with 'FeatureFlag client is not initialized'", () => {
    const { provider } = providerWith(() => Promise.resolve(FLAG_DEFAULTS));
    expect(() => provider.resolveBooleanEvaluation('ShowFeedbackButton', false)).toThrow(
      'FeatureFlag client is not initialized',
    );
  });

  it("is ready with the server's values once initialized, through the OpenFeature client", async () => {
    const { provider } = providerWith(() => Promise.resolve({ ...FLAG_DEFAULTS, ShowFeedbackButton: true }));
    await OpenFeature.setProviderAndWait(provider, { targetingKey: 'user-1', kind: 'user' });
    const client = OpenFeature.getClient();
    expect(client.providerStatus).toBe(ProviderStatus.READY);
    expect(client.getBooleanValue('ShowFeedbackButton', false)).toBe(true);
    expect(client.getObjectValue('configuration_FrontendTabs', [])).toEqual(FLAG_DEFAULTS.configuration_FrontendTabs);
    expect(client.getBooleanDetails('configuration_FrontendTabs', false).errorCode).toBe('TYPE_MISMATCH');
    expect(client.getBooleanDetails('noSuchFlag', false).errorCode).toBe('FLAG_NOT_FOUND');
  });

  it('is in error when the flags cannot be loaded, and reads as Cairn defaults', async () => {
    const { provider } = providerWith(() => Promise.reject(new Error('Network Error')));
    await expect(OpenFeature.setProviderAndWait(provider, { targetingKey: 'user-1' })).rejects.toThrow();
    const client = OpenFeature.getClient();
    expect(client.providerStatus).toBe(ProviderStatus.ERROR);
    expect(client.getBooleanValue('flag_AdminTool', false)).toBe(true);
  });

  it("refuses a context whose kind is 'kind' (spec §5)", async () => {
    const { provider } = providerWith(() => Promise.resolve(FLAG_DEFAULTS));
    await expect(OpenFeature.setProviderAndWait(provider, { targetingKey: 'user-1', kind: 'kind' })).rejects.toThrow(
      'Feature-flag context kind cannot be "kind"',
    );
  });

  it('announces a value pushed by the stream as ConfigurationChanged, with the flags that changed', async () => {
    let push: (data: unknown) => void = () => undefined;
    const client = createFlagClient({
      fetchFlags: () => Promise.resolve(FLAG_DEFAULTS),
      createStreamTicket: () => Promise.resolve('ticket'),
      streamUrl: (ticket) => ticket,
      createEventSource: () => ({
        onerror: null,
        close: () => undefined,
        addEventListener: (type, listener) => {
          if (type === 'put') push = (data) => listener(new MessageEvent('put', { data: JSON.stringify(data) }));
        },
      }),
      storage: localStorage,
      bootstrapKey: 'user-1.featureFlags',
    });
    await OpenFeature.setProviderAndWait(new CairnFlagProvider(client), { targetingKey: 'user-1' });
    const changed = new Promise<string[] | undefined>((resolve) => {
      OpenFeature.getClient().addHandler(ProviderEvents.ConfigurationChanged, (details) =>
        resolve(details?.flagsChanged),
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    push({ ...FLAG_DEFAULTS, configuration_OverlayOnlyView: true });
    expect(await changed).toEqual(['configuration_OverlayOnlyView']);
    expect(OpenFeature.getClient().getBooleanValue('configuration_OverlayOnlyView', false)).toBe(true);
  });
});
