import type { FlagClauseOperator, FlagName, StoredFlag } from '@cairn/contracts';
import type { FeatureFlagInput } from '../../api/set-feature-flag';
import { FLAG_CATALOGUE } from './flag-catalogue';

/** A condition as the form holds it: its values as the words typed (true/false become booleans when saved). */
export interface ClauseFormValues {
  attribute: string;
  operator: FlagClauseOperator;
  values: string[];
}

export interface RuleFormValues {
  description?: string;
  clauses: ClauseFormValues[];
  /** The flag's value (for a JSON flag, its text). */
  value: unknown;
}

export interface FlagFormValues {
  defaultValue: unknown;
  description: string;
  rules: RuleFormValues[];
}

/** A field of the form, as antd names it (`['rules', 0, 'clauses', 1, 'values']`). */
export type FormFieldName = (string | number)[];

/** A JSON flag's value is edited as text. */
function toFormValue(name: FlagName, value: unknown): unknown {
  return FLAG_CATALOGUE[name].kind === 'object' ? JSON.stringify(value, null, 2) : value;
}

/** The form's values for a stored flag, or for Cairn's default when the organisation stores none. */
export function toFormValues(name: FlagName, stored: StoredFlag | undefined, cairnDefault: unknown): FlagFormValues {
  if (!stored) return { defaultValue: toFormValue(name, cairnDefault), description: '', rules: [] };
  return {
    defaultValue: toFormValue(name, stored.defaultValue),
    description: stored.description,
    rules: stored.rules.map((rule) => ({
      description: rule.description,
      clauses: rule.clauses.map((clause) => ({ ...clause, values: clause.values.map(String) })),
      value: toFormValue(name, rule.value),
    })),
  };
}

/** A value the form cannot send: the field, and what is wrong with it. */
export class FormValueError extends Error {
  constructor(
    readonly field: FormFieldName,
    message: string,
  ) {
    super(message);
  }
}

function fromFormValue(name: FlagName, value: unknown, field: FormFieldName): unknown {
  if (FLAG_CATALOGUE[name].kind !== 'object') return value;
  try {
    return JSON.parse(String(value)) as unknown;
  } catch {
    throw new FormValueError(field, 'Not valid JSON');
  }
}

function fromClauseValue(value: string): string | boolean {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

/** The body of setFeatureFlag for the form's values; throws FormValueError for a JSON value that does not parse. */
export function toFlagInput(name: FlagName, values: FlagFormValues): FeatureFlagInput {
  const rules = values.rules.map((rule, index) => ({
    ...(rule.description?.trim() ? { description: rule.description.trim() } : {}),
    clauses: rule.clauses.map((clause) => ({ ...clause, values: clause.values.map(fromClauseValue) })),
    value: fromFormValue(name, rule.value, ['rules', index, 'value']),
  }));
  return {
    key: name,
    defaultValue: fromFormValue(name, values.defaultValue, ['defaultValue']),
    description: values.description,
    rules,
  } as FeatureFlagInput;
}

const CLAUSE_FIELDS = new Set(['attribute', 'operator', 'values']);

/**
 * The form field a server issue names (`rules.0.clauses.1.values.3` is the condition's values,
 * `defaultValue.1` the default value), or `undefined` when the form has no such field.
 */
export function toFormFieldName(field: string): FormFieldName | undefined {
  const [first, ruleIndex, part, clauseIndex, clausePart] = field.split('.');
  if (first === 'defaultValue' || first === 'description') return [first];
  if (first !== 'rules' || ruleIndex === undefined || !/^\d+$/.test(ruleIndex)) return undefined;
  const rule = Number(ruleIndex);
  if (part === 'value' || part === 'description') return ['rules', rule, part];
  if (part !== 'clauses') return undefined;
  if (clauseIndex === undefined || clausePart === undefined || !CLAUSE_FIELDS.has(clausePart)) return undefined;
  return ['rules', rule, 'clauses', Number(clauseIndex), clausePart];
}
