import { analyseSentence, assertTarget } from './detect-assertion';
import type { SentenceAnalysis } from './detect-assertion';
import { compileLexicon } from './mention-matcher';
import { matchPhrases } from './phrase-scan';
import type { CompiledLexicon, PhraseEnd, PhraseMatch } from './mention-matcher';
import { buildSnippet } from './snippet';
import { splitSentenceSpans } from './split-sentences';
import type { SentenceSpan } from './split-sentences';
import type { Mention, MentionLexicon } from './types';

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
  if (matches.length === 0) return [];
  const longestFirst = [...matches].sort(
    (left, right) => right.end - right.start - (left.end - left.start) || left.start - right.start,
  );
  const kept: PhraseMatch[] = [];
  for (const match of longestFirst) {
    const blocked = kept.some(
      (other) =>
        other.start < match.end && match.start < other.end && !(other.start === match.start && other.end === match.end),
    );
    if (!blocked) kept.push(match);
  }
  kept.sort((left, right) => left.start - right.start);
  const candidates: Candidate[] = [];
  for (const match of kept) {
    for (const phraseEnd of match.ends) {
      const duplicate = candidates.some(
        (other) =>
          other.start === match.start && other.end === match.end && other.phraseEnd.entryId === phraseEnd.entryId,
      );
      if (!duplicate) candidates.push({ start: match.start, end: match.end, phraseEnd });
    }
  }
  return candidates;
}

/**
 * Analyses of recent sentences by their text. Notes repeat themselves (templates, copied-forward
 * text, "Denies chest pain, shortness of breath ..."), and an analysis depends on the text alone.
 * Bounded: emptied when full.
 */
const ANALYSES = new Map<string, SentenceAnalysis>();
const ANALYSES_LIMIT = 4096;

function analyseCached(text: string): SentenceAnalysis {
  let analysis = ANALYSES.get(text);
  if (analysis === undefined) {
    if (ANALYSES.size >= ANALYSES_LIMIT) ANALYSES.clear();
    analysis = analyseSentence(text);
    ANALYSES.set(text, analysis);
  }
  return analysis;
}

function spanIndexAt(spans: readonly SentenceSpan[], offset: number): number {
  let low = 0;
  let high = spans.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((spans[middle] as SentenceSpan).start <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

function toMention(text: string, candidate: Candidate, span: SentenceSpan): Mention {
  const sentence = text.slice(span.start, span.end);
  const local = {
    start: Math.max(0, candidate.start - span.start),
    end: Math.min(sentence.length, candidate.end - span.start),
  };
  const { assertion, cue } = assertTarget(analyseCached(sentence), local, {
    section: span.section,
    sectionHeader: span.sectionHeader,
    chronic: candidate.phraseEnd.chronic,
  });
  const { snippet, highlight } = buildSnippet(sentence, local);
  const mention: Mention = {
    entryId: candidate.phraseEnd.entryId,
    phrase: candidate.phraseEnd.phrase,
    text: text.slice(candidate.start, candidate.end),
    start: candidate.start,
    end: candidate.end,
    sentence,
    sentenceStart: span.start,
    assertion,
    snippet,
    highlight,
  };
  if (cue !== undefined) mention.cue = cue;
  if (span.section !== undefined) mention.section = span.section;
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
  const spans = splitSentenceSpans(text);
  if (spans.length === 0) return [];
  return candidates.map((candidate) =>
    toMention(text, candidate, spans[spanIndexAt(spans, candidate.start)] as SentenceSpan),
  );
}
