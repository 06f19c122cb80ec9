import { useMemo } from 'react';
import DOMPurify from 'dompurify';

/**
 * Mail HTML is never put into our page: sanitised, it is shown in an iframe with `sandbox=""` (no scripts, no
 * forms, no same origin, no top navigation), so that even what the sanitiser misses cannot reach the session.
 * Remote images stay blocked by the CSP of the srcdoc document (no tracking pixels).
 */
export function MailFrame({
  html,
  title,
  height = 420,
  className,
}: {
  html: string;
  title: string;
  height?: number;
  className?: string;
}) {
  const srcDoc = useMemo(() => mailDocument(html), [html]);
  return (
    <iframe
      sandbox=""
      srcDoc={srcDoc}
      title={title}
      className={`email-frame${className ? ` ${className}` : ''}`}
      referrerPolicy="no-referrer"
      style={{ width: '100%', height, border: '1px solid rgba(127,127,127,.25)', borderRadius: 6, background: '#fff' }}
    />
  );
}

/** The sandboxed document: the sanitised body under a CSP that allows no script and no remote load. */
export function mailDocument(html: string): string {
  const clean = DOMPurify.sanitize(html, {
    FORBID_TAGS: ['script', 'form', 'iframe', 'object', 'embed', 'base', 'meta', 'link'],
    WHOLE_DOCUMENT: false,
  });
  const csp = "default-src 'none'; img-src data: cid:; style-src 'unsafe-inline'; font-src data:";
  return (
    `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${csp}">` +
    '<style>body{font:14px/1.6 -apple-system,"Segoe UI",Roboto,"PingFang SC","Microsoft YaHei",sans-serif;' +
    'color:#222;margin:12px;word-wrap:break-word}img{max-width:100%}blockquote{border-left:3px solid #ddd;' +
    'margin:0;padding-left:10px;color:#555}</style></head><body>' +
    clean +
    '</body></html>'
  );
}
