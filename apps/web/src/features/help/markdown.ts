import createDOMPurify from 'dompurify';
import { Marked, type Tokens } from 'marked';

// An instance of its own: hooks set elsewhere on the shared DOMPurify (rich text) do not apply here.
const purify = createDOMPurify(window);
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName !== 'A') return;
  const href = node.getAttribute('href') ?? '';
  if (/^https?:\/\//i.test(href)) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  } else {
    node.removeAttribute('target');
  }
});

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A help page's link target: a bare slug (`ticket-list`) is another help page, shown in the app. */
export function linkTarget(href: string): string {
  return /^[a-z0-9-]+$/.test(href) ? `/help?page=${href}` : href;
}

const marked = new Marked({
  gfm: true,
  renderer: {
    // Raw HTML in a page is shown as text, never rendered.
    html: ({ text }: Tokens.HTML | Tokens.Tag) => escape(text),
    link({ href, title, tokens }: Tokens.Link) {
      const inner = this.parser.parseInline(tokens);
      const titled = title ? ` title="${escape(title)}"` : '';
      return `<a href="${escape(linkTarget(href))}"${titled}>${inner}</a>`;
    },
  },
});

/** Markdown → HTML safe to put into the page: no raw HTML, no scripts, no event handlers, no `javascript:`. */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false });
  return purify.sanitize(html, { FORBID_TAGS: ['style', 'form', 'iframe', 'img'], FORBID_ATTR: ['style'] });
}
