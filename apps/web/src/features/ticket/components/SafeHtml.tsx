import { useMemo } from 'react';
import DOMPurify from 'dompurify';

// Links open elsewhere and never get the opener (the server sanitises too; this guards the rendering).
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/** Rich text from the server, sanitised again before it is put into the page. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(
    () => DOMPurify.sanitize(html, { FORBID_TAGS: ['style', 'form', 'iframe'], FORBID_ATTR: ['style'] }),
    [html],
  );
  return (
    <div className={`ticket-html${className ? ` ${className}` : ''}`} dangerouslySetInnerHTML={{ __html: clean }} />
  );
}
