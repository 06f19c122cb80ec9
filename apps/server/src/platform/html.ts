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

/** DOMPurify on jsdom, the sanitiser itself (`sanitizeHtml` skips it only where its answer is the input). */
export function purifyHtml(html: string): string {
  return purify.sanitize(html, config);
}

/** Rich text from a client, made safe to render: scripts, handlers and dangerous URLs removed. */
export function sanitizeHtml(html: string): string {
  // Plain text needs no parsing: it has no tags and no entities. Nor does plain markup (what the editor writes
  // without links): DOMPurify would parse it on jsdom (~0.5 ms) only to give back the same text.
  if (!/[<&]/.test(html) || isPlainMarkup(html)) return html;
  return purifyHtml(html);
}

/** Tags plain markup may have, by what they may hold: `block` (p, lists, text), `list` (li only), `inline`. */
const plainTags = new Map<string, { in: 'block' | 'list'; holds: 'block' | 'list' | 'inline' | 'nothing' }>([
  ['p', { in: 'block', holds: 'inline' }],
  ['ul', { in: 'block', holds: 'list' }],
  ['ol', { in: 'block', holds: 'list' }],
  ['li', { in: 'list', holds: 'block' }],
  ['br', { in: 'block', holds: 'nothing' }],
  ...['strong', 'em', 'b', 'i', 'u', 's', 'code'].map((name) => [name, { in: 'block', holds: 'inline' }] as const),
]);
const inlineTags = new Set(['br', 'strong', 'em', 'b', 'i', 'u', 's', 'code']);
const plainToken = /<(\/?)([a-z]+)>|[^<>&]+/y;
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Text the HTML parser or serialiser rewrites: controls but tab and newline, CR, no-break space, BOM, non-characters. */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const unplainText = /[\0-\x08\x0b-\x1f\x7f-\x9f\u00a0\ufeff\ufdd0-\ufdef\ufffe\uffff]/;

/**
 * Whether `html` is markup DOMPurify (this config) answers unchanged: lower-case tags of `plainTags` without
 * attributes, each closed in order and only where the HTML parser leaves it in place (a paragraph or list never
 * inside a paragraph or inline tag, an inline tag never inside itself, list items only in lists), and text
 * without entities or characters the parser rewrites (nor lone surrogates). Anything else goes to DOMPurify. html.test.ts compares
 * the two on generated markup.
 */
export function isPlainMarkup(html: string): boolean {
  if (loneSurrogate.test(html)) return false;
  const open: string[] = [];
  const holds = () => (open.length === 0 ? 'block' : plainTags.get(open.at(-1)!)!.holds);
  plainToken.lastIndex = 0;
  while (plainToken.lastIndex < html.length) {
    const match = plainToken.exec(html);
    if (!match) return false;
    const [text, closing, name] = match;
    if (name === undefined) {
      if (holds() === 'list' || unplainText.test(text)) return false;
    } else if (closing) {
      if (open.pop() !== name) return false;
    } else {
      const tag = plainTags.get(name);
      if (!tag || (inlineTags.has(name) && open.includes(name))) return false;
      const where = holds();
      if (tag.in === 'list' ? where !== 'list' : where === 'list' || (where === 'inline' && !inlineTags.has(name)))
        return false;
      if (tag.holds !== 'nothing') open.push(name);
    }
  }
  return open.length === 0;
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
