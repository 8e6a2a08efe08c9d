import { describe, expect, it } from 'vitest';
import { allowedTabs } from './allowed-tabs';

describe('allowedTabs', () => {
  it('keeps the order of the flag', () => {
    expect(allowedTabs(['Quality', 'DxSummary'])).toEqual(['Quality', 'DxSummary']);
  });

  it('leaves out a tab whose own flag is off', () => {
    expect(allowedTabs(['DxSummary', 'Ambient'], { ambient: false })).toEqual(['DxSummary']);
  });

  it('throws on a tab name with no matching tab', () => {
    expect(() => allowedTabs(['DxSummary', 'Billing'])).toThrow(
      'Unknown tab in feature flag configuration_FrontendTabs: Billing',
    );
  });

  it("throws 'No allowed tabs configured for the user' for an empty list, a missing value, or every tab switched off", () => {
    expect(() => allowedTabs([])).toThrow('No allowed tabs configured for the user');
    expect(() => allowedTabs(undefined)).toThrow('No allowed tabs configured for the user');
    expect(() => allowedTabs(['Ambient'], { ambient: false })).toThrow('No allowed tabs configured for the user');
  });
});
