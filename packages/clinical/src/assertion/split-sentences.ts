import { findSectionHeader } from './sections';
import { endsSentenceAt } from './sentence-end';
import type { Sentence, SectionKind } from './types';

/**
 * Sentence splitting for clinical notes. Notes wrap prose across lines, list problems one per line
 * (often without a full stop), use bullets, and carry full stops that end nothing ("Dr.", "q.d.",
 * "3.5"). A line continues the previous one only when it reads as a continuation (it starts with a
 * lower-case word, or the previous line ended on a comma or a joining word); a bullet, a numbered
 * item, a section header or a blank line always starts afresh.
 */

interface Block {
  start: number;
  end: number;
  afterBlankLine: boolean;
  isListItem: boolean;
}

const BULLET = /^[ \t]*(?:[-*#\u2022\u00b7\u25aa\u25e6\u2023\u2013]|\d{1,2}[.)]|[a-z][)])[ \t]+/u;
const JOINING_WORDS = /\b(?:and|or|of|with|the|to|for|in|on|at|a|an|by|from|as|but|without|including)$/iu;

function continuesPrevious(previous: string, line: string): boolean {
  const last = previous.trimEnd();
  if (/[.!?]$/u.test(last)) return false;
  const reads = last.endsWith(',') || JOINING_WORDS.test(last) || /^\s*[a-z]/u.test(line);
  return reads && !BULLET.test(line) && findSectionHeader(line.trim()) === undefined;
}

function splitBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | undefined;
  let previousLine = '';
  let afterBlankLine = false;
  let lineStart = 0;
  while (lineStart <= text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline < 0 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd);
    if (line.trim() === '') {
      if (current !== undefined) blocks.push(current);
      current = undefined;
      afterBlankLine = true;
    } else if (current !== undefined && continuesPrevious(previousLine, line)) {
      current.end = lineEnd;
    } else {
      if (current !== undefined) blocks.push(current);
      current = { start: lineStart, end: lineEnd, afterBlankLine, isListItem: BULLET.test(line) };
      afterBlankLine = false;
    }
    if (line.trim() !== '') previousLine = line;
    lineStart = lineEnd + 1;
  }
  if (current !== undefined) blocks.push(current);
  return blocks;
}

function isSpaceAt(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  return code === 0x20 || (code >= 0x09 && code <= 0x0d) || code === 0xa0;
}

/** A bullet or list number can start here: saves a regular expression on every other sentence. */
function mayOpenBullet(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (code >= 0x30 && code <= 0x39) return true;
  if (code >= 0x61 && code <= 0x7a) return text.charCodeAt(index + 1) === 0x29;
  return code === 0x2d || code === 0x2a || code === 0x23 || code > 0x7f;
}

/** A sentence by its offsets, with the section context it sits in; its text is sliced only when needed. */
export interface SentenceSpan {
  start: number;
  end: number;
  section: SectionKind | undefined;
  sectionHeader: string | undefined;
}

function pushTrimmed(spans: SentenceSpan[], text: string, start: number, end: number): void {
  let from = start;
  let to = end;
  while (from < to && isSpaceAt(text, from)) from += 1;
  const bullet = mayOpenBullet(text, from) ? BULLET.exec(text.slice(from, Math.min(to, from + 8))) : null;
  if (bullet !== null) from += bullet[0].length;
  while (from < to && isSpaceAt(text, from)) from += 1;
  while (to > from && isSpaceAt(text, to - 1)) to -= 1;
  if (to > from) spans.push({ start: from, end: to, section: undefined, sectionHeader: undefined });
}

/** Full stops, question and exclamation marks: the candidates for a sentence end (found natively). */
const STOPS = /[.!?]/gu;

function splitBlock(text: string, block: Block, spans: SentenceSpan[]): number {
  const before = spans.length;
  let sentenceStart = block.start;
  // The full stop of a numbered item ("1. CHF") ends no sentence.
  const bullet = BULLET.exec(text.slice(block.start, block.start + 12));
  STOPS.lastIndex = block.start + (bullet?.[0].length ?? 0);
  for (let found = STOPS.exec(text); found !== null && found.index < block.end; found = STOPS.exec(text)) {
    if (!endsSentenceAt(text, found.index)) continue;
    let end = found.index + 1;
    while (end < block.end && (text[end] === ')' || text[end] === '"')) end += 1;
    pushTrimmed(spans, text, sentenceStart, end);
    sentenceStart = end;
  }
  pushTrimmed(spans, text, sentenceStart, block.end);
  return spans.length - before;
}

interface SectionState {
  kind: SectionKind | undefined;
  header: string | undefined;
  hasContent: boolean;
}

/** Longest sentence start a header can occupy (see sections.ts), so headers are read from a short slice. */
const HEADER_PREFIX = 64;

function applySection(text: string, span: SentenceSpan, state: SectionState, opensParagraph: boolean): void {
  const prefix = text.slice(span.start, Math.min(span.end, span.start + HEADER_PREFIX));
  const header = findSectionHeader(prefix);
  if (header !== undefined) {
    state.kind = header.kind === 'neutral' ? undefined : header.kind;
    state.header = header.text;
    const headerEnd = span.start + prefix.indexOf(header.text) + header.text.length;
    state.hasContent = span.end - headerEnd > 2;
  } else if (opensParagraph && state.hasContent) {
    // A blank line after the section's content, then prose that is no list item: the section is over.
    state.kind = undefined;
    state.header = undefined;
  } else {
    state.hasContent = true;
  }
  if (state.kind !== undefined) {
    span.section = state.kind;
    span.sectionHeader = state.header;
  }
}

/** The sentences of a document as offsets with their section context (see {@link splitSentences}). */
export function splitSentenceSpans(text: string): SentenceSpan[] {
  const spans: SentenceSpan[] = [];
  const state: SectionState = { kind: undefined, header: undefined, hasContent: false };
  for (const block of splitBlocks(text)) {
    const first = spans.length;
    const count = splitBlock(text, block, spans);
    for (let index = first; index < first + count; index += 1) {
      const opensParagraph = index === first && block.afterBlankLine && !block.isListItem;
      applySection(text, spans[index] as SentenceSpan, state, opensParagraph);
    }
  }
  return spans;
}

/**
 * Split a clinical document into sentences, list items and header lines, each with its offsets and
 * the context of the section it sits in ("Family History:" gives `family`, "Past Medical History:"
 * `historical`; see sections.ts). Offsets index the original text.
 */
export function splitSentences(text: string): Sentence[] {
  return splitSentenceSpans(text).map((span) => {
    const sentence: Sentence = { text: text.slice(span.start, span.end), start: span.start, end: span.end };
    if (span.section !== undefined) sentence.section = span.section;
    if (span.sectionHeader !== undefined) sentence.sectionHeader = span.sectionHeader;
    return sentence;
  });
}
