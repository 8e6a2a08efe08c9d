import { useMemo } from 'react';
import { sanitizeDocumentHtml } from '../utils/sanitize-html';

/** An HTML document, sanitised with DOMPurify before it reaches the page. */
export function HtmlView({ html }: { html: string }) {
  const safeHtml = useMemo(() => sanitizeDocumentHtml(html), [html]);
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
