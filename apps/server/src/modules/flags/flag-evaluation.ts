import {
  FLAG_DEFAULTS,
  FLAG_NAMES,
  FLAG_VALUE_SCHEMAS,
  type FlagClause,
  type FlagEvaluationReason,
  type FlagName,
  type FlagRule,
  type FlagValues,
} from '@cairn/contracts';

type Attribute = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

/**
 * The flag user of spec §3: the user id as key, the email, and custom attributes (view, permissions,
 * emrName, isAdmin, organisation, ...). Names are personal data a targeting rule has no need of:
 * first_name and last_name are removed before the user is evaluated.
 */
export interface FlagUser {
  key: string;
  email: string;
  custom: Record<string, Attribute>;
}

const REMOVED_ATTRIBUTES = new Set(['first_name', 'last_name']);

export interface FlagUserSource {
  id: string;
  email: string;
  /** Everything else known of the user, as the token's analytics metadata and claims carry it. */
  attributes: Record<string, Attribute>;
}

export function toFlagUser(source: FlagUserSource): FlagUser {
  const custom = Object.fromEntries(
    Object.entries(source.attributes).filter(([name]) => !REMOVED_ATTRIBUTES.has(name)),
  );
  return { key: source.id, email: source.email, custom };
}

/** A flag as an organisation stores it: a default value and ordered rules. */
export interface FlagDefinitionRow {
  key: string;
  defaultValue: unknown;
  rules: unknown[];
}

export interface Evaluation<V = unknown> {
  value: V;
  /** Why: the organisation's default, a rule that matched, or Cairn's default. */
  reason: FlagEvaluationReason;
  /** The rule that matched (TARGETING_MATCH): its place in the ordered rules and its description. */
  rule?: { index: number; description?: string };
}

/**
 * One flag for one user: the first rule whose clauses all hold gives the value, else the flag's
 * default. A stored value that no longer fits the flag's schema (written by an older version) falls
 * back to Cairn's default rather than reaching the browser.
 */
export function evaluateFlag<N extends FlagName>(
  name: N,
  row: FlagDefinitionRow | undefined,
  user: FlagUser,
): Evaluation<FlagValues[N]> {
  const fallback: Evaluation<FlagValues[N]> = { value: FLAG_DEFAULTS[name], reason: 'CAIRN_DEFAULT' };
  if (!row) return fallback;
  const schema = FLAG_VALUE_SCHEMAS[name];
  const rules = row.rules as FlagRule[];
  for (const [ruleIndex, rule] of rules.entries()) {
    if (!rule.clauses.every((clause) => clauseHolds(clause, user))) continue;
    const parsed = schema.safeParse(rule.value);
    if (!parsed.success) return fallback;
    const matched =
      rule.description === undefined ? { index: ruleIndex } : { index: ruleIndex, description: rule.description };
    return { value: parsed.data as FlagValues[N], reason: 'TARGETING_MATCH', rule: matched };
  }
  const parsed = schema.safeParse(row.defaultValue);
  return parsed.success ? { value: parsed.data as FlagValues[N], reason: 'DEFAULT' } : fallback;
}

/** Every flag Cairn reads, evaluated for one user from the organisation's rows, each with its reason. */
export function explainAll(
  rows: readonly FlagDefinitionRow[],
  user: FlagUser,
): { [N in FlagName]: Evaluation<FlagValues[N]> } {
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const evaluations: Record<string, Evaluation> = {};
  for (const name of FLAG_NAMES) evaluations[name] = evaluateFlag(name, byKey.get(name), user);
  return evaluations as { [N in FlagName]: Evaluation<FlagValues[N]> };
}

/** Every flag Cairn reads, evaluated for one user from the organisation's rows. */
export function evaluateAll(rows: readonly FlagDefinitionRow[], user: FlagUser): FlagValues {
  const values: Record<string, unknown> = {};
  for (const [name, evaluation] of Object.entries(explainAll(rows, user))) values[name] = evaluation.value;
  return values as FlagValues;
}

function attributeOf(user: FlagUser, attribute: string): Attribute {
  if (attribute === 'key') return user.key;
  if (attribute === 'email') return user.email;
  return Object.hasOwn(user.custom, attribute) ? user.custom[attribute] : undefined;
}

function clauseHolds(clause: FlagClause, user: FlagUser): boolean {
  const actual = attributeOf(user, clause.attribute);
  const items = Array.isArray(actual) ? (actual as readonly (string | number | boolean)[]) : [actual];
  switch (clause.operator) {
    case 'in':
      return items.some((item) => clause.values.some((value) => value === item));
    case 'notIn':
      return actual !== undefined && !items.some((item) => clause.values.some((value) => value === item));
    case 'contains':
      return Array.isArray(actual) && items.some((item) => clause.values.some((value) => value === item));
    case 'startsWith':
      return items.some(
        (item) => typeof item === 'string' && clause.values.some((value) => item.startsWith(String(value))),
      );
    case 'endsWith':
      return items.some(
        (item) => typeof item === 'string' && clause.values.some((value) => item.endsWith(String(value))),
      );
  }
}
