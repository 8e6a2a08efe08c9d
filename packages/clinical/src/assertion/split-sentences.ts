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

function pushTrimmed(sentences: Sentence[], text: string, start: number, end: number): void {
  let from = start;
  let to = end;
  while (from < to && isSpaceAt(text, from)) from += 1;
  const bullet = BULLET.exec(text.slice(from, Math.min(to, from + 8)));
  if (bullet !== null) from += bullet[0].length;
  while (from < to && isSpaceAt(text, from)) from += 1;
  while (to > from && isSpaceAt(text, to - 1)) to -= 1;
  if (to > from) sentences.push({ text: text.slice(from, to), start: from, end: to });
}

function splitBlock(text: string, block: Block, sentences: Sentence[]): number {
  const before = sentences.length;
  let sentenceStart = block.start;
  // The full stop of a numbered item ("1. CHF") ends no sentence.
  const bullet = BULLET.exec(text.slice(block.start, block.start + 12));
  for (let index = block.start + (bullet?.[0].length ?? 0); index < block.end; index += 1) {
    const code = text.charCodeAt(index);
    if ((code === 0x2e || code === 0x21 || code === 0x3f) && endsSentenceAt(text, index)) {
      let end = index + 1;
      while (end < block.end && (text[end] === ')' || text[end] === '"')) end += 1;
      pushTrimmed(sentences, text, sentenceStart, end);
      sentenceStart = end;
    }
  }
  pushTrimmed(sentences, text, sentenceStart, block.end);
  return sentences.length - before;
}

interface SectionState {
  kind: SectionKind | undefined;
  header: string | undefined;
  hasContent: boolean;
}

function applySection(sentence: Sentence, state: SectionState, opensParagraph: boolean): void {
  const header = findSectionHeader(sentence.text);
  if (header !== undefined) {
    state.kind = header.kind === 'neutral' ? undefined : header.kind;
    state.header = header.text;
    state.hasContent = sentence.text.slice(sentence.text.indexOf(header.text) + header.text.length).length > 2;
  } else if (opensParagraph && state.hasContent) {
    // A blank line after the section's content, then prose that is no list item: the section is over.
    state.kind = undefined;
    state.header = undefined;
  } else {
    state.hasContent = true;
  }
  if (state.kind !== undefined) {
    sentence.section = state.kind;
    if (state.header !== undefined) sentence.sectionHeader = state.header;
  }
}

/**
 * Split a clinical document into sentences, list items and header lines, each with its offsets and
 * the context of the section it sits in ("Family History:" gives `family`, "Past Medical History:"
 * `historical`; see sections.ts). Offsets index the original text.
 */
export function splitSentences(text: string): Sentence[] {
  const sentences: Sentence[] = [];
  const state: SectionState = { kind: undefined, header: undefined, hasContent: false };
  for (const block of splitBlocks(text)) {
    const first = sentences.length;
    const count = splitBlock(text, block, sentences);
    for (let index = first; index < first + count; index += 1) {
      const opensParagraph = index === first && block.afterBlankLine && !block.isListItem;
      applySection(sentences[index] as Sentence, state, opensParagraph);
    }
  }
  return sentences;
}
