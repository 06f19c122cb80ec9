import createDOMPurify, { type WindowLike } from 'dompurify';
import { JSDOM } from 'jsdom';

const purify = createDOMPurify(new JSDOM('').window as unknown as WindowLike);

/** Links in user content open safely in a new tab. */
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

const config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
  FORBID_ATTR: ['style'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|\/|#|data:image\/(?:png|jpe?g|gif|webp);base64,)/i,
};

/** Rich text from a client, made safe to render: scripts, handlers and dangerous URLs removed. */
export function sanitizeHtml(html: string): string {
  // Plain text needs no parsing: it has no tags and no entities.
  if (!/[<&]/.test(html)) return html;
  return purify.sanitize(html, config);
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The words of sanitised HTML, for search: tags become spaces, entities their characters. */
export function htmlToText(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : ' ';
    }
    return entities[name.toLowerCase()] ?? whole;
  });
}

/** Text placed in HTML (an e-mail body) as text, never as markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
