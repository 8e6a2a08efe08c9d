/**
 * Where a full stop, question mark or exclamation mark ends a sentence in clinical text. Clinicians'
 * abbreviations carry full stops that end nothing: titles ("Dr.", "Mrs."), "pt.", Latin dosing
 * ("q.d.", "b.i.d.", "p.r.n.", "p.o."), "e.g.", "i.e.", "vs.", "approx."; decimals ("3.5") have no
 * space after the stop and never end a sentence.
 */
// prettier-ignore
const ABBREVIATIONS = new Set([
  'dr', 'drs', 'mr', 'mrs', 'ms', 'mx', 'prof', 'pt', 'pts', 'vs', 'approx', 'appt', 'dept', 'st', 'jr', 'sr', 'fig',
  'ref', 'wt', 'ht', 'temp', 'resp', 'sq', 'subq', 'q', 'qd', 'bid', 'tid', 'qid', 'qhs', 'prn', 'po', 'inj', 'tab',
  'tabs', 'cap', 'caps', 'qty', 'disp', 'sig', 'cf', 'viz', 'al', 'eg', 'ie',
]);

function isLetter(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);
}

function isSpace(char: string | undefined): boolean {
  return char === ' ' || char === '\t' || char === '\n' || char === '\r' || char === '\u00a0';
}

/** True when the full stop at `dotIndex` closes an abbreviation ("Dr.", "q.d.", "e.g."). */
export function closesAbbreviation(text: string, dotIndex: number): boolean {
  let start = dotIndex;
  while (start > 0) {
    const code = text.charCodeAt(start - 1);
    if (!isLetter(code) && code !== 0x2e) break;
    start -= 1;
  }
  // No abbreviation here is longer than "approx" or "b.i.d": longer words end sentences, no string needed.
  if (dotIndex === start || dotIndex - start > 7) return false;
  const written = text.slice(start, dotIndex);
  const word = written.toLowerCase();
  // Dotted abbreviations: every part one to three letters ("q.d", "b.i.d", "e.g", "p.r.n", "a.m").
  if (word.includes('.')) return word.split('.').every((part) => part.length >= 1 && part.length <= 3);
  // Titles are written "Ms.", "Dr.": "MS." and "DR." are multiple sclerosis and diabetic retinopathy.
  if (written.length > 1 && written === written.toUpperCase()) return false;
  return ABBREVIATIONS.has(word);
}

/**
 * True when the character at `index` ends a sentence: '.', '!' or '?' followed by white space (or
 * the end), not closing an abbreviation, and not followed by a lower-case word ("10 mg. daily").
 */
export function endsSentenceAt(text: string, index: number): boolean {
  const char = text[index];
  if (char !== '.' && char !== '!' && char !== '?') return false;
  let next = index + 1;
  while (next < text.length && (text[next] === ')' || text[next] === '"' || text[next] === "'")) next += 1;
  if (next < text.length && !isSpace(text[next])) return false;
  if (char === '.' && closesAbbreviation(text, index)) return false;
  while (next < text.length && isSpace(text[next])) next += 1;
  if (next >= text.length) return true;
  const code = text.charCodeAt(next);
  return !(code >= 0x61 && code <= 0x7a);
}
