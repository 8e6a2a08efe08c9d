import DOMPurify from 'dompurify';

/**
 * An HTML document made safe to show inside the page: scripts, event handlers, forms, frames and
 * styles that could restyle the page are removed. Links open outside the app.
 */
export function sanitizeDocumentHtml(html: string): string {
  const purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return purifier.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: [
      'style',
      'form',
      'input',
      'button',
      'textarea',
      'select',
      'iframe',
      'object',
      'embed',
      'link',
      'meta',
      'base',
    ],
    FORBID_ATTR: ['id', 'name'],
  });
}
