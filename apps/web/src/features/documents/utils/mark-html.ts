import { highlightWords } from './highlight';

/**
 * Sanitised HTML with the search words wrapped in `<mark>` inside its text only (never in tags or
 * attributes). The marks are made with DOM calls and the text stays text nodes, so nothing new can be
 * interpreted as markup.
 */
export function markWordsInHtml(safeHtml: string, words: readonly string[]): string {
  if (words.length === 0) return safeHtml;
  const template = document.createElement('template');
  template.innerHTML = safeHtml;
  const walker = document.createTreeWalker(template.content, NodeFilter.SHOW_TEXT);
  const textNodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) textNodes.push(node as Text);
  for (const node of textNodes) {
    const parts = highlightWords(node.data, words);
    if (!parts.some((part) => part.isMatch)) continue;
    const fragment = document.createDocumentFragment();
    for (const part of parts) {
      if (!part.isMatch) {
        fragment.append(part.text);
        continue;
      }
      const mark = document.createElement('mark');
      mark.textContent = part.text;
      fragment.append(mark);
    }
    node.replaceWith(fragment);
  }
  return template.innerHTML;
}

/** A PDF text-layer item with its matches marked, as HTML for react-pdf's `customTextRenderer`. */
export function markWordsInPdfText(text: string, words: readonly string[]): string {
  return highlightWords(text, words)
    .map((part) => (part.isMatch ? `<mark>${escapeHtml(part.text)}</mark>` : escapeHtml(part.text)))
    .join('');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${String(character.charCodeAt(0))};`);
}
