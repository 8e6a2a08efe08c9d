import { FRONTEND_TABS } from '@cairn/contracts';
import { describe, expect, it } from 'vitest';
import { PORTRAIT_TABS } from './tabs';

describe("the portrait's tabs", () => {
  it('are the tabs of the flags, by the same keys and flag names', () => {
    expect(PORTRAIT_TABS.map(({ key, featureFlagName }) => ({ key, featureFlagName }))).toEqual(FRONTEND_TABS);
  });
});
