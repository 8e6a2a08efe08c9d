/**
 * The suspecting engine: from one patient's normalised record and an as-of date, the ICD-10-CM
 * codes to recapture or suspect, each with its HCCs, category, explanation group and evidence.
 * Definitions (chronic HCCs, persistence, explanation groups, every rule and its source) are in README.md.
 */
export { suspect } from './engine';
export { CODED_ON_RECORD, findCodeEvidence, type CodeEvidenceOptions } from './code-evidence';
export { EXPLANATION_GROUPS } from './types';
export type {
  EngineExplanationGroup,
  SuggestionEvidence,
  EvidenceResourceType,
  ExplanationGroup,
  Suggestion,
  SuggestionCategory,
  SuggestionHcc,
  SuspectingModel,
  SuspectKind,
  SuspectOptions,
} from './types';
export { SUSPECTING_RULES } from './rules';
export type { SuspectRule } from './rules/rule';
export { CONDITION_LEXICON } from './condition-lexicon';
export { ACUTE_HCCS, isChronic, recaptureCode } from './chronic';
