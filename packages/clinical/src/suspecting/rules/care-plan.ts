import type { Mention } from '../../assertion';
import type { CarePlanRecord, ConditionRecord } from '../../record';
import { datePart } from '../dates';
import { presentMentions } from '../documented-elsewhere';
import { isCountableCondition, latestDiagnosis, resultsOf, usesOf, type PatientIndex } from '../patient-index';
import type { SuggestionEvidence } from '../types';
import { chronicHccCodeOf, reasonText } from '../visit-reasons';
import { DIABETES_ONLY, HBA1C_DIABETES_PERCENT, SHARED_INDICATION } from './diabetes';
import type { RuleFinding, SuspectRule } from './rule';

/** FHIR RequestStatus: a plan in force (on hold is paused, not ended). Draft, completed, revoked and entered-in-error are not. */
const CURRENT_STATUSES = new Set<CarePlanRecord['status']>(['active', 'on-hold']);
/** FHIR CarePlan.intent: a proposal or an option is not yet a plan the care team agreed on. */
const NOT_AGREED_INTENTS = new Set(['proposal', 'option']);
const ENDED_CONDITIONS = new Set<ConditionRecord['clinicalStatus']>(['resolved', 'inactive']);

/** A plan in force on the as-of date: current status, agreed, started, its period not ended. */
export function isCurrentPlan(plan: CarePlanRecord, asOf: string): boolean {
  if (!CURRENT_STATUSES.has(plan.status) || NOT_AGREED_INTENTS.has(plan.intent)) return false;
  if (datePart(plan.date) > asOf) return false;
  return plan.endDate === undefined || datePart(plan.endDate) >= asOf;
}

/** What the plan is called: its title, else its first category, description or activity. */
function planName(plan: CarePlanRecord): string {
  return plan.title ?? plan.categories[0] ?? plan.description ?? plan.activities[0]?.display ?? 'care plan';
}

/** `Care plan: Heart failure self management plan (active since 2019-03-01)`, then what it is for, if coded. */
function planEvidence(plan: CarePlanRecord, rule: SuspectRule, details: { code?: string; about?: string }) {
  const since = datePart(plan.date);
  const state = plan.status === 'on-hold' ? `on hold, started ${since}` : `active since ${since}`;
  const evidence: SuggestionEvidence = {
    resourceType: 'CarePlan',
    resourceId: plan.id,
    date: since,
    source: plan.source,
    text: `Care plan: ${planName(plan)} (${state})${details.about === undefined ? '' : `, ${details.about}`}`,
    ruleId: rule.id,
    ruleSource: rule.source,
  };
  if (details.code !== undefined) evidence.code = details.code;
  return evidence;
}

/** A condition a plan addresses that the record says is still present on the as-of date. */
function isPresent(condition: ConditionRecord, asOf: string): boolean {
  if (!isCountableCondition(condition) || ENDED_CONDITIONS.has(condition.clinicalStatus)) return false;
  if (condition.abatementDate !== undefined && datePart(condition.abatementDate) <= asOf) return false;
  return datePart(condition.date) <= asOf;
}

interface Found {
  code: string;
  about?: string;
  icdCode?: string;
}

/**
 * The chronic HCC codes a plan names by code: the conditions it addresses (still present) and the coded
 * reasons of its activities. `namesConditions` is true when it names any condition by code at all (even
 * one that ended or carries no HCC): its words then add nothing.
 */
function codedConditions(
  plan: CarePlanRecord,
  index: PatientIndex,
  conditions: ReadonlyMap<string, ConditionRecord>,
): { found: Found[]; namesConditions: boolean } {
  const found: Found[] = [];
  let namesConditions = false;
  for (const id of plan.addressedConditionIds) {
    const condition = conditions.get(id);
    if (!condition) continue;
    namesConditions = true;
    const code = condition.icdCode === undefined ? undefined : chronicHccCodeOf(condition.icdCode, index);
    if (code !== undefined && isPresent(condition, index.asOf))
      found.push({ code, about: `addresses ${condition.display}`, icdCode: condition.icdCode });
  }
  for (const reason of plan.activities.flatMap((activity) => activity.reasons)) {
    if (reason.codings.length > 0 || reason.icdCode !== undefined) namesConditions = true;
    const code = reason.icdCode === undefined ? undefined : chronicHccCodeOf(reason.icdCode, index);
    if (code !== undefined) found.push({ code, about: `for ${reasonText(reason)}`, icdCode: reason.icdCode });
  }
  return { found, namesConditions };
}

/** Plan titles repeat across patients ("Diabetes self management plan"): read each once. */
const textMentions = new Map<string, Mention[]>();
const TEXT_CACHE_LIMIT = 5_000;

function mentionsIn(text: string): Mention[] {
  let mentions = textMentions.get(text);
  if (!mentions) {
    mentions = presentMentions(text);
    if (textMentions.size >= TEXT_CACHE_LIMIT) textMentions.clear();
    textMentions.set(text, mentions);
  }
  return mentions;
}

/**
 * Whether a plan that names diabetes only in words is more likely prediabetes care (the lifestyle
 * programme ADA 2025 §3 recommends for prediabetes is also called diabetes self-management): prediabetes
 * is on record, or the latest HbA1c is below the diagnostic 6.5 % (ADA 2025 §2) and no glucose-lowering
 * drug is taken.
 */
function isPrediabetesCare(index: PatientIndex): boolean {
  const hasPrediabetes =
    latestDiagnosis(index, ['R730']) !== undefined ||
    index.uncodedConditions.some((condition) => condition.icdCode?.startsWith('R730') === true);
  if (hasPrediabetes) return true;
  if (usesOf(index, [...DIABETES_ONLY, ...SHARED_INDICATION]).some((use) => use.isCurrent)) return false;
  const latest = resultsOf(index, 'hba1c').at(-1);
  return latest?.value !== undefined && latest.value < HBA1C_DIABETES_PERCENT;
}

const DIABETES = /^E(08|09|10|11|13)/;

/** The chronic HCC codes a plan names only in words: categories, title, description, activities. */
function conditionsInWords(plan: CarePlanRecord, index: PatientIndex): Found[] {
  const texts = new Set(
    [...plan.categories, plan.title, plan.description, ...plan.activities.map((activity) => activity.display)].filter(
      (text): text is string => text !== undefined && text.trim() !== '',
    ),
  );
  const found: Found[] = [];
  for (const text of texts) {
    for (const mention of mentionsIn(text)) {
      const code = chronicHccCodeOf(mention.entryId, index);
      if (code === undefined || (DIABETES.test(code) && isPrediabetesCare(index))) continue;
      found.push({ code });
    }
  }
  return found;
}

export const carePlanRule: SuspectRule = {
  id: 'care-plan',
  kind: 'clinical-correlation-needed',
  source:
    'A care plan in force (FHIR R4 CarePlan, US Core: active or on hold, agreed, its period not ended) for a chronic payment-HCC condition: the conditions it addresses and the coded reasons of its activities, else its words (categories, title, description, activities) read with NegEx/ConText; a plan is made for a condition but is not a diagnosis, so clinical correlation is needed',
  evaluate(index: PatientIndex): RuleFinding[] {
    const plans = index.record.carePlans.filter((plan) => isCurrentPlan(plan, index.asOf));
    if (plans.length === 0) return [];
    const conditions = new Map(index.record.conditions.map((condition) => [condition.id, condition]));
    const evidence = new Map<string, SuggestionEvidence[]>();
    for (const plan of plans) {
      const coded = codedConditions(plan, index, conditions);
      const found = coded.namesConditions ? coded.found : conditionsInWords(plan, index);
      for (const item of found) {
        const list = evidence.get(item.code) ?? [];
        list.push(planEvidence(plan, this, { code: item.icdCode, about: item.about }));
        evidence.set(item.code, list);
      }
    }
    return [...evidence].map(([code, items]) => ({ code, evidence: items }));
  },
};
