/**
 * Assertion detection for document evidence: is a condition named in a note asserted of the patient
 * now, or negated, hypothetical, historical, someone else's, or uncertain? NegEx (Chapman et al.,
 * J Biomed Inform 2001;34:301-310) and ConText (Harkema et al., J Biomed Inform 2009;42:839-851)
 * triggers and scopes, a clinical sentence splitter with section context, and a compiled phrase
 * matcher that finds a lexicon's conditions in documents. Design choices are in README.md.
 */
export { detectAssertion, explainAssertion } from './detect-assertion';
export { splitSentences } from './split-sentences';
export { findMentions } from './find-mentions';
export { compileLexicon } from './mention-matcher';
export type { CompiledLexicon } from './mention-matcher';
export type {
  Assertion,
  AssertionOptions,
  AssertionResult,
  ContextCategory,
  Mention,
  MentionLexicon,
  MentionLexiconEntry,
  SectionKind,
  Sentence,
  TextSpan,
} from './types';
