import { describe, expect, it } from 'vitest';
import { FLAG_DEFAULTS, FLAG_NAMES, FRONTEND_TAB_KEYS, FRONTEND_TABS, flagValues } from './flags';
import { flagDefinition } from './flag-admin';

describe('feature-flag contracts', () => {
  it('gives every flag a default that fits its own schema', () => {
    expect(Object.keys(FLAG_DEFAULTS).sort()).toEqual([...FLAG_NAMES].sort());
    expect(flagValues.parse(FLAG_DEFAULTS)).toEqual(FLAG_DEFAULTS);
  });

  it('lists every portrait tab by default, and has a flag for each tab', () => {
    expect(FLAG_DEFAULTS.configuration_FrontendTabs).toEqual(FRONTEND_TAB_KEYS);
    for (const tab of FRONTEND_TABS) expect(FLAG_DEFAULTS[tab.featureFlagName]).toBe(true);
  });

  it("types a rule's value by its flag", () => {
    const rule = (value: unknown) => ({ clauses: [{ attribute: 'view', operator: 'in', values: ['Coder'] }], value });
    expect(
      flagDefinition.safeParse({ key: 'ShowFeedbackButton', defaultValue: false, rules: [rule(true)] }).success,
    ).toBe(true);
    const wrong = flagDefinition.safeParse({
      key: 'ShowFeedbackButton',
      defaultValue: false,
      rules: [rule(['Quality'])],
    });
    expect(wrong.error?.issues[0]?.path).toEqual(['rules', 0, 'value']);
  });
});
