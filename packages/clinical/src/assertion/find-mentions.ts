import { analyseSentence, assertTarget } from './detect-assertion';
import type { SentenceAnalysis } from './detect-assertion';
import { compileLexicon, matchPhrases } from './mention-matcher';
import type { CompiledLexicon, PhraseEnd, PhraseMatch } from './mention-matcher';
import { buildSnippet } from './snippet';
import { splitSentences } from './split-sentences';
import type { Mention, MentionLexicon, Sentence } from './types';

/** Raw lexicons passed to findMentions are compiled once and remembered for as long as they live. */
const COMPILED = new WeakMap<MentionLexicon, CompiledLexicon>();

function toCompiled(lexicon: MentionLexicon | CompiledLexicon): CompiledLexicon {
  if (!Array.isArray(lexicon)) return lexicon as CompiledLexicon;
  const raw = lexicon as MentionLexicon;
  let compiled = COMPILED.get(raw);
  if (compiled === undefined) {
    compiled = compileLexicon(raw);
    COMPILED.set(raw, compiled);
  }
  return compiled;
}

interface Candidate {
  start: number;
  end: number;
  phraseEnd: PhraseEnd;
}

/**
 * Longest match wins, across entries as within one, as in dictionary-based concept finders: "heart
 * failure" inside "congestive heart failure" is one mention, and "diabetes" inside "pre-diabetes",
 * "gestational diabetes" or "diabetes insipidus" is no diabetes mention when the lexicon names those
 * (a lexicon blocks a false reading by listing the longer phrase under its own entry). Entries that
 * share the very same span are all kept.
 */
function selectCandidates(matches: readonly PhraseMatch[]): Candidate[] {
  const all: Candidate[] = matches.flatMap((match) =>
    match.ends.map((phraseEnd) => ({ start: match.start, end: match.end, phraseEnd })),
  );
  all.sort((left, right) => right.end - right.start - (left.end - left.start) || left.start - right.start);
  const kept: Candidate[] = [];
  for (const candidate of all) {
    const overlaps = kept.some(
      (other) =>
        other.start < candidate.end &&
        candidate.start < other.end &&
        !(other.start === candidate.start && other.end === candidate.end),
    );
    const duplicate = kept.some(
      (other) =>
        other.start === candidate.start &&
        other.end === candidate.end &&
        other.phraseEnd.entryId === candidate.phraseEnd.entryId,
    );
    if (!overlaps && !duplicate) kept.push(candidate);
  }
  return kept.sort((left, right) => left.start - right.start);
}

function sentenceIndexAt(sentences: readonly Sentence[], offset: number): number {
  let low = 0;
  let high = sentences.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((sentences[middle] as Sentence).start <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

function toMention(text: string, candidate: Candidate, sentence: Sentence, analysis: SentenceAnalysis): Mention {
  const local = {
    start: Math.max(0, candidate.start - sentence.start),
    end: Math.min(sentence.text.length, candidate.end - sentence.start),
  };
  const { assertion, cue } = assertTarget(analysis, local, {
    section: sentence.section,
    sectionHeader: sentence.sectionHeader,
    chronic: candidate.phraseEnd.chronic,
  });
  const { snippet, highlight } = buildSnippet(sentence.text, local);
  const mention: Mention = {
    entryId: candidate.phraseEnd.entryId,
    phrase: candidate.phraseEnd.phrase,
    text: text.slice(candidate.start, candidate.end),
    start: candidate.start,
    end: candidate.end,
    sentence: sentence.text,
    sentenceStart: sentence.start,
    assertion,
    snippet,
    highlight,
  };
  if (cue !== undefined) mention.cue = cue;
  if (sentence.section !== undefined) mention.section = sentence.section;
  return mention;
}

/**
 * Find every lexicon phrase in a document, each with its sentence, its assertion (present, negated,
 * hypothetical, historical, family or uncertain; see detectAssertion) and a snippet to show a
 * provider. Pass a lexicon compiled once with {@link compileLexicon} (or the same lexicon array each
 * time: it is compiled on first use and remembered). A document with no phrase in it costs one pass
 * over its words; sentences are split only when something matched.
 */
export function findMentions(text: string, lexicon: MentionLexicon | CompiledLexicon): Mention[] {
  const candidates = selectCandidates(matchPhrases(text, toCompiled(lexicon)));
  if (candidates.length === 0) return [];
  const sentences = splitSentences(text);
  if (sentences.length === 0) return [];
  const analyses = new Map<number, SentenceAnalysis>();
  return candidates.map((candidate) => {
    const index = sentenceIndexAt(sentences, candidate.start);
    const sentence = sentences[index] as Sentence;
    let analysis = analyses.get(index);
    if (analysis === undefined) {
      analysis = analyseSentence(sentence.text);
      analyses.set(index, analysis);
    }
    return toMention(text, candidate, sentence, analysis);
  });
}
