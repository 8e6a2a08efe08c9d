import { FLAG_DEFAULTS } from '@cairn/contracts';
import { describe, expect, it } from 'vitest';
import { evaluateAll, evaluateFlag, explainAll, toFlagUser } from './flag-evaluation';

const coder = toFlagUser({
  id: 'user-1',
  email: 'ada@riverside.test',
  attributes: {
    first_name: 'Ada',
    last_name: 'Lovelace',
    view: 'Coder',
    permissions: ['hcc_dashboard', 'quality_tool'],
    emrName: 'athena',
    isAdmin: false,
    organisation: 'riverside',
  },
});

const coderRule = { clauses: [{ attribute: 'view', operator: 'in' as const, values: ['Coder'] }], value: true };

describe('the flag user', () => {
  it('keeps the key, the email and the custom attributes, with first_name and last_name removed', () => {
    expect(coder.key).toBe('user-1');
    expect(coder.email).toBe('ada@riverside.test');
    expect(coder.custom).toEqual({
      view: 'Coder',
      permissions: ['hcc_dashboard', 'quality_tool'],
      emrName: 'athena',
      isAdmin: false,
      organisation: 'riverside',
    });
  });

  it('never matches a rule on a removed name attribute', () => {
    const row = {
      key: 'ShowFeedbackButton',
      defaultValue: false,
      rules: [{ clauses: [{ attribute: 'first_name', operator: 'in', values: ['Ada'] }], value: true }],
    };
    expect(evaluateFlag('ShowFeedbackButton', row, coder)).toEqual({ value: false, reason: 'DEFAULT' });
  });
});

describe('evaluateFlag', () => {
  it("gives Cairn's default when the organisation has no row", () => {
    expect(evaluateFlag('flag_AdminTool', undefined, coder)).toEqual({ value: true, reason: 'CAIRN_DEFAULT' });
    expect(evaluateAll([], coder)).toEqual(FLAG_DEFAULTS);
  });

  it('gives the first matching rule, in order, before the default', () => {
    const row = {
      key: 'configuration_FrontendTabs',
      defaultValue: ['DxSummary'],
      rules: [
        { clauses: [{ attribute: 'view', operator: 'in', values: ['Provider'] }], value: ['Ambient'] },
        { clauses: [{ attribute: 'view', operator: 'in', values: ['Coder'] }], value: ['Quality', 'DocumentsList'] },
        { clauses: [{ attribute: 'key', operator: 'in', values: ['user-1'] }], value: ['ClinicalSummary'] },
      ],
    };
    expect(evaluateFlag('configuration_FrontendTabs', row, coder)).toEqual({
      value: ['Quality', 'DocumentsList'],
      reason: 'TARGETING_MATCH',
      rule: { index: 1 },
    });
  });

  it('names the rule that matched by its place and its description', () => {
    const row = {
      key: 'ShowFeedbackButton',
      defaultValue: false,
      rules: [
        {
          description: 'Providers',
          clauses: [{ attribute: 'view', operator: 'in', values: ['Provider'] }],
          value: false,
        },
        { description: 'Coders try it first', ...coderRule },
      ],
    };
    expect(evaluateFlag('ShowFeedbackButton', row, coder)).toEqual({
      value: true,
      reason: 'TARGETING_MATCH',
      rule: { index: 1, description: 'Coders try it first' },
    });
  });

  it('matches a rule only when every clause holds', () => {
    const row = {
      key: 'ShowFeedbackButton',
      defaultValue: false,
      rules: [
        {
          clauses: [
            { attribute: 'view', operator: 'in', values: ['Coder'] },
            { attribute: 'emrName', operator: 'in', values: ['epic'] },
          ],
          value: true,
        },
      ],
    };
    expect(evaluateFlag('ShowFeedbackButton', row, coder).value).toBe(false);
  });

  it('tests list attributes with contains, text with startsWith and endsWith, absence with notIn', () => {
    const ruleWith = (clause: object) => ({
      key: 'ShowFeedbackButton',
      defaultValue: false,
      rules: [{ clauses: [clause], value: true }],
    });
    const valueOf = (clause: object) => evaluateFlag('ShowFeedbackButton', ruleWith(clause), coder).value;
    expect(valueOf({ attribute: 'permissions', operator: 'contains', values: ['quality_tool'] })).toBe(true);
    expect(valueOf({ attribute: 'permissions', operator: 'contains', values: ['admin_tool'] })).toBe(false);
    expect(valueOf({ attribute: 'email', operator: 'endsWith', values: ['@riverside.test'] })).toBe(true);
    expect(valueOf({ attribute: 'email', operator: 'startsWith', values: ['bob'] })).toBe(false);
    expect(valueOf({ attribute: 'isAdmin', operator: 'in', values: [false] })).toBe(true);
    expect(valueOf({ attribute: 'emrName', operator: 'notIn', values: ['epic'] })).toBe(true);
    expect(valueOf({ attribute: 'unknownAttribute', operator: 'notIn', values: ['x'] })).toBe(false);
  });

  it("falls back to Cairn's default when a stored value no longer fits the flag", () => {
    const row = { key: 'configuration_FrontendTabs', defaultValue: ['NoSuchTab'], rules: [] };
    expect(evaluateFlag('configuration_FrontendTabs', row, coder)).toEqual({
      value: FLAG_DEFAULTS.configuration_FrontendTabs,
      reason: 'CAIRN_DEFAULT',
    });
    expect(
      evaluateFlag('ShowFeedbackButton', { ...row, key: 'ShowFeedbackButton', rules: [coderRule] }, coder).value,
    ).toBe(true);
  });
});

describe('explainAll', () => {
  it('gives every flag with its reason, and the same values as evaluateAll', () => {
    const rows = [
      { key: 'ShowFeedbackButton', defaultValue: false, rules: [{ description: 'Coders', ...coderRule }] },
      { key: 'configuration_OverlayOnlyView', defaultValue: true, rules: [] },
    ];
    const explained = explainAll(rows, coder);
    expect(Object.keys(explained)).toEqual(Object.keys(FLAG_DEFAULTS));
    expect(explained.ShowFeedbackButton).toEqual({
      value: true,
      reason: 'TARGETING_MATCH',
      rule: { index: 0, description: 'Coders' },
    });
    expect(explained.configuration_OverlayOnlyView).toEqual({ value: true, reason: 'DEFAULT' });
    expect(explained.flag_AdminTool).toEqual({ value: true, reason: 'CAIRN_DEFAULT' });
    expect(Object.fromEntries(Object.entries(explained).map(([name, { value }]) => [name, value]))).toEqual(
      evaluateAll(rows, coder),
    );
  });
});
