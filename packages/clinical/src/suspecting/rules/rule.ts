import type { ProcedureRecord } from '../../record';
import type { MedicationUse } from '../medications';
import { CANONICAL_UNITS, type NormalisedObservation } from '../observations';
import type { CodedDiagnosis, PatientIndex } from '../patient-index';
import type { SuggestionEvidence, SuspectKind } from '../types';

/** What a rule found: one code and the facts behind it. */
export interface RuleFinding {
  code: string;
  evidence: SuggestionEvidence[];
  /** Overrides the rule's kind (a combination is only as sure as the weakest fact it combines). */
  kind?: SuspectKind;
}

/** A finding with the rule that made it, as the engine and the combination rules see it. */
export interface RuleResult extends RuleFinding {
  ruleId: string;
  kind: SuspectKind;
}

/** One suspecting rule: a published criterion or an indication, with its source. */
export interface SuspectRule {
  /** Stable id shown with each piece of evidence (`kdigo-egfr-g3a`). */
  id: string;
  kind: SuspectKind;
  /** The published source of the threshold or convention (guideline, label, coding guideline). */
  source: string;
  /**
   * Runs the rule. Rules of the combination phase also get the findings of every earlier rule
   * (e.g. diabetes with CKD uses a CKD stage the eGFR rules suspect).
   */
  evaluate(index: PatientIndex, earlier: readonly RuleResult[]): RuleFinding[];
}

/** The bit of a rule that evidence carries. */
export interface RuleRef {
  id: string;
  source: string;
}

/** SuggestionEvidence from a result, with its value in the unit the rule compared. */
export function observationEvidence(observation: NormalisedObservation, rule: RuleRef): SuggestionEvidence {
  const { record } = observation;
  const evidence: SuggestionEvidence = {
    resourceType: 'Observation',
    resourceId: record.id,
    date: observation.date,
    source: record.source,
    code: record.loinc,
    text: record.valueText === undefined ? record.display : `${record.display}: ${record.valueText}`,
    ruleId: rule.id,
    ruleSource: rule.source,
  };
  if (observation.value !== undefined) {
    evidence.value = observation.value;
    evidence.unit = CANONICAL_UNITS[observation.kind];
    // A converted value (mmol/mol to %) keeps its own digits; only the value as given has the reported places.
    if (observation.value === record.value && record.valueDecimals !== undefined)
      evidence.decimals = record.valueDecimals;
  }
  return evidence;
}

/** SuggestionEvidence from a medication order. */
export function medicationEvidence(use: MedicationUse, rule: RuleRef): SuggestionEvidence {
  const evidence: SuggestionEvidence = {
    resourceType: 'MedicationRequest',
    resourceId: use.record.id,
    date: use.start,
    source: use.record.source,
    text: use.record.display,
    ruleId: rule.id,
    ruleSource: rule.source,
  };
  if (use.record.rxnormCode !== undefined) evidence.code = use.record.rxnormCode;
  return evidence;
}

/** SuggestionEvidence from a coded diagnosis (claim or EHR condition). */
export function diagnosisEvidence(diagnosis: CodedDiagnosis, rule: RuleRef): SuggestionEvidence {
  return {
    resourceType: diagnosis.resourceType,
    resourceId: diagnosis.id,
    date: diagnosis.date,
    source: diagnosis.source,
    code: diagnosis.code,
    text: diagnosis.display,
    ruleId: rule.id,
    ruleSource: rule.source,
  };
}

/** SuggestionEvidence from a procedure. */
export function procedureEvidence(procedure: ProcedureRecord, rule: RuleRef): SuggestionEvidence {
  return {
    resourceType: 'Procedure',
    resourceId: procedure.id,
    date: procedure.date.slice(0, 10),
    source: procedure.source,
    code: procedure.code,
    text: procedure.display,
    ruleId: rule.id,
    ruleSource: rule.source,
  };
}

/** Re-labels evidence gathered by an earlier rule as used by a combination rule. */
export function reuseEvidence(evidence: readonly SuggestionEvidence[], rule: RuleRef): SuggestionEvidence[] {
  return evidence.map((item) => ({ ...item, ruleId: rule.id, ruleSource: rule.source }));
}
