import { useMemo } from 'react';
import { markWordsInHtml } from '../utils/mark-html';
import { sanitizeDocumentHtml } from '../utils/sanitize-html';

/** An HTML document, sanitised with DOMPurify before it reaches the page, the search words marked. */
export function HtmlView({ html, words = [] }: { html: string; words?: readonly string[] }) {
  const safeHtml = useMemo(() => markWordsInHtml(sanitizeDocumentHtml(html), words), [html, words]);
  // The one place HTML from a document is rendered, and only after sanitising.
  // `contain: content` keeps the document's own styles (even position: fixed) inside its panel.
  return (
    <div
      data-testid="document-html"
      style={{ contain: 'content', overflow: 'auto', overflowWrap: 'anywhere' }}
      dangerouslySetInnerHTML={{ __html: safeHtml }}
    />
  );
}
