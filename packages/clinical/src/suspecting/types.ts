import type { SourceType } from '../record';

/** The HCC model a suggestion is grouped and filtered by (CMS-HCC V28 for PY2026, V24 for blended years). */
export type SuspectingModel = 'v28' | 'v24';

/** Spec §1: a suggestion either recaptures a condition coded before, or suspects one never coded this year. */
export type SuggestionCategory = 'Recapture' | 'Suspect';

/**
 * The three kinds of Suspect (spec §1):
 * - `documented-elsewhere`: a document or a partner organisation's (HIE) record states the condition;
 * - `meets-diagnostic-criteria`: results meet a published diagnostic threshold (KDIGO, ADA, GOLD, ...);
 * - `clinical-correlation-needed`: indirect evidence, such as a drug whose main indication is the condition.
 */
export type SuspectKind = 'documented-elsewhere' | 'meets-diagnostic-criteria' | 'clinical-correlation-needed';

/**
 * Every in-app explanation group of spec §3, in the spec's order. The suspecting engine assigns the
 * first seven kinds (see {@link EngineExplanationGroup} and `explanation.ts`); `provider-rejected`,
 * `coder-rejected`, `cart-for-provider` and `cart-for-coder` are set later by the review workflow.
 */
export const EXPLANATION_GROUPS = [
  'readdress',
  'new-hcc',
  'new-hcc-mid-year',
  'existing-hcc',
  'existing-hcc-mid-year',
  'provider-rejected',
  'coder-rejected',
  'partner-organisation-notes',
  'no-hcc',
  'cart-for-provider',
  'cart-for-coder',
] as const;

/** One of the spec's in-app explanation groups. */
export type ExplanationGroup = (typeof EXPLANATION_GROUPS)[number];

/** The explanation groups the engine assigns: why a suggestion is shown, not what a user did with it. */
export type EngineExplanationGroup = Exclude<
  ExplanationGroup,
  'provider-rejected' | 'coder-rejected' | 'cart-for-provider' | 'cart-for-coder'
>;

/**
 * The kind of record a piece of evidence points at (FHIR resource type names): an `Encounter` is the
 * coded reason for a visit, a `CarePlan` a care plan for the condition.
 */
export type EvidenceResourceType =
  | 'Condition'
  | 'Claim'
  | 'Observation'
  | 'MedicationRequest'
  | 'DocumentReference'
  | 'Procedure'
  | 'Encounter'
  | 'CarePlan';

/** One fact behind a suggestion, pointing back to the record row it came from. */
export interface SuggestionEvidence {
  resourceType: EvidenceResourceType;
  /** Id of the record row (FHIR id kept on ingest). */
  resourceId: string;
  /** Date of the fact (service, result, start, document or recorded date), `YYYY-MM-DD`. */
  date: string;
  source: SourceType;
  /** The fact's own code: ICD-10-CM for diagnoses, LOINC for results, RxNorm for drugs, CPT/SNOMED for procedures. */
  code?: string;
  /** Numeric result in `unit` (as normalised by the rule, e.g. HbA1c in %, glucose in mg/dL). */
  value?: number;
  /** The decimal places `value` was reported with, when it is the reported value unconverted and they are known. */
  decimals?: number;
  unit?: string;
  /** Display text of the row, or the document snippet around the mention. */
  text?: string;
  /** The rule that used this fact. */
  ruleId: string;
  /** The published source of that rule's threshold or convention. */
  ruleSource: string;
}

/** Payment HCCs of a code in both models after the age and sex edits, ascending (empty when none). */
export interface SuggestionHcc {
  v28: readonly number[];
  v24: readonly number[];
}

/** One suggested ICD-10-CM code for one patient, with everything that supports it. */
export interface Suggestion {
  /** Billable FY2026 ICD-10-CM code, upper case without the dot. */
  code: string;
  /** CMS long title of the code. */
  description: string;
  hcc: SuggestionHcc;
  category: SuggestionCategory;
  /** Set for `Suspect` only. */
  suspectKind: SuspectKind | undefined;
  explanationGroup: EngineExplanationGroup;
  /** Every fact behind the suggestion, oldest first. */
  evidence: SuggestionEvidence[];
  /** Ids of the rules that produced it (recapture is `recapture-chronic-hcc`). */
  ruleIds: string[];
}

/** Options of {@link suspect}. */
export interface SuspectOptions {
  /** The date the suggestions are for (the visit date), `YYYY-MM-DD`. Facts dated after it are ignored. */
  asOf: string;
  /** HCC model for hierarchies, recapture and explanation groups. Default `v28`. */
  model?: SuspectingModel;
}
