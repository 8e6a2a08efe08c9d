/**
 * What a document says about a condition it names, after ConText (Harkema H, Dowling JN, Thornblade T,
 * Chapman WW. ConText: an algorithm for determining negation, experiencer, and temporal status from
 * clinical reports. J Biomed Inform 2009;42(5):839-851):
 * - `present`: asserted of the patient now (ConText: affirmed, patient, recent);
 * - `negated`: stated to be absent (NegEx, Chapman et al. 2001; ConText negation);
 * - `hypothetical`: conditional or future (ConText temporality "hypothetical": "return if ...");
 * - `historical`: in the patient's past and not current (ConText temporality "historical");
 * - `family`: experienced by someone other than the patient (ConText experiencer "other");
 * - `uncertain`: possible or under evaluation (the "possible" value of ConText's successors and of the
 *   2010 i2b2/VA assertion task: "rule out", "suspected", "vs").
 */
export type Assertion = 'present' | 'negated' | 'hypothetical' | 'historical' | 'family' | 'uncertain';

/** The assertions that are not `present`, in the order that decides between them (see detect-assertion.ts). */
export type ContextCategory = Exclude<Assertion, 'present'>;

/**
 * The context a section header gives its section: `family` ("Family History:"), `historical`
 * ("Past Medical History:"), `hypothetical` ("Return precautions:"), `uncertain` ("Differential
 * diagnosis:") or `neutral` (any other known header, which ends the previous section's context).
 */
export type SectionKind = 'family' | 'historical' | 'hypothetical' | 'uncertain' | 'neutral';

/** A character range in a string, end exclusive. */
export interface TextSpan {
  start: number;
  end: number;
}

/** Options of {@link detectAssertion}. */
export interface AssertionOptions {
  /** The context of the section the sentence sits in (from {@link splitSentences}). */
  section?: SectionKind;
  /** That section's header as written, reported as the cue when the section decides the assertion. */
  sectionHeader?: string;
  /**
   * The target is a chronic condition (heart failure, diabetes, COPD, CKD, ...): "history of",
   * "h/o", "prior", "previous", "diagnosed ... years ago" and a Past Medical History section then mean
   * the condition is present, as clinicians write them. Words saying it has ended ("resolved", "no
   * longer", "former", "status post", "in the past") still make it historical.
   */
  chronic?: boolean;
}

/** The assertion of one target and the words that decided it. */
export interface AssertionResult {
  assertion: Assertion;
  /** The trigger words (as written in the sentence) or the section header that set the assertion. */
  cue?: string;
}

/** One sentence (or list item, or header line) of a document. */
export interface Sentence {
  /** The sentence as written (original characters, including inner line breaks). */
  text: string;
  /** Offset of the sentence's first character in the document. */
  start: number;
  /** Offset after the sentence's last character in the document. */
  end: number;
  /** The context of the section the sentence belongs to, when a known header opened it. */
  section?: SectionKind;
  /** The header that opened that section, as written ("Family History"). */
  sectionHeader?: string;
}

/** One condition of the mention lexicon: an id and the phrases that name it. */
export interface MentionLexiconEntry {
  id: string;
  /** Phrases as a clinician writes them: "congestive heart failure", "CHF", "HFrEF". */
  phrases: readonly string[];
  /** A chronic condition: "history of" it means present (see {@link AssertionOptions.chronic}). */
  chronic?: boolean;
}

export type MentionLexicon = readonly MentionLexiconEntry[];

/** A lexicon phrase found in a document, with its assertion and a snippet to show a provider. */
export interface Mention {
  entryId: string;
  /** The lexicon phrase that matched, as written in the lexicon. */
  phrase: string;
  /** The document's own words for it. */
  text: string;
  /** Offsets of the match in the document. */
  start: number;
  end: number;
  sentence: string;
  sentenceStart: number;
  assertion: Assertion;
  /** Trigger words or section header behind a non-present assertion (or a chronic "history of"). */
  cue?: string;
  section?: SectionKind;
  /** The sentence with whitespace collapsed, cut to at most about 200 characters around the match. */
  snippet: string;
  /** Where the match sits in `snippet`, for highlighting. */
  highlight: TextSpan;
}
