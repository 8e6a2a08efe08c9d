import { describe, expect, it } from 'vitest';
import { FormValueError, toFlagInput, toFormFieldName, toFormValues } from './flag-form';

describe('the flag form', () => {
  it("starts from Cairn's default when the organisation stores no such flag", () => {
    expect(toFormValues('configuration_FrontendTabs', undefined, ['DxSummary'])).toEqual({
      defaultValue: ['DxSummary'],
      description: '',
      rules: [],
    });
  });

  it('holds a JSON flag as text and a condition’s values as words, and sends them back as they were', () => {
    const stored = {
      key: 'cairn_user_features' as const,
      defaultValue: { beta_notes: true },
      rules: [
        {
          description: 'Admins',
          clauses: [{ attribute: 'isAdmin', operator: 'in' as const, values: [true] }],
          value: { beta_notes: false },
        },
      ],
      description: 'Per-user settings',
      updatedAt: '2026-11-20T10:00:00.000Z',
      updatedBy: null,
    };
    const values = toFormValues('cairn_user_features', stored, {});
    expect(values.defaultValue).toBe('{\n  "beta_notes": true\n}');
    expect(values.rules[0]?.clauses[0]?.values).toEqual(['true']);
    expect(toFlagInput('cairn_user_features', values)).toEqual({
      key: 'cairn_user_features',
      defaultValue: { beta_notes: true },
      description: 'Per-user settings',
      rules: stored.rules,
    });
  });

  it('leaves out a blank rule description, and names the field of JSON that does not parse', () => {
    const rule = { description: '  ', clauses: [{ attribute: 'view', operator: 'in' as const, values: ['Coder'] }] };
    expect(
      toFlagInput('ShowFeedbackButton', { defaultValue: false, description: '', rules: [{ ...rule, value: true }] })
        .rules,
    ).toEqual([{ clauses: rule.clauses, value: true }]);
    const broken = { defaultValue: '{}', description: '', rules: [{ ...rule, value: '{' }] };
    expect(() => toFlagInput('cairn_user_features', broken)).toThrow(FormValueError);
    try {
      toFlagInput('cairn_user_features', broken);
    } catch (error) {
      expect((error as FormValueError).field).toEqual(['rules', 0, 'value']);
    }
  });

  it('puts a server issue at the form field it names, or nowhere when the form has no such field', () => {
    expect(toFormFieldName('defaultValue.1')).toEqual(['defaultValue']);
    expect(toFormFieldName('rules.2.value')).toEqual(['rules', 2, 'value']);
    expect(toFormFieldName('rules.0.description')).toEqual(['rules', 0, 'description']);
    expect(toFormFieldName('rules.1.clauses.3.values.0')).toEqual(['rules', 1, 'clauses', 3, 'values']);
    expect(toFormFieldName('rules.1.clauses')).toBeUndefined();
    expect(toFormFieldName('rules')).toBeUndefined();
    expect(toFormFieldName('key')).toBeUndefined();
    expect(toFormFieldName('')).toBeUndefined();
  });
});
