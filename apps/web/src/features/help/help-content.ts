import type { Language } from '../../platform/i18n';

export type HelpPage = { slug: string; title: string; markdown: string; text: string };

const bundles = import.meta.glob<Record<string, string>>('./content/*/pages.ts', { import: 'pages' });

/** `./content/en/ticket-list.md` or `./ticket-list.md` → `ticket-list`. */
export const slugOf = (file: string) => file.replace(/^.*\//, '').replace(/\.md$/, '');

/** The page's title: its first `# ` heading (the slug when it has none). */
export function titleOf(markdown: string, slug: string): string {
  return /^#\s+(.+)$/m.exec(markdown)?.[1]?.trim() ?? slug;
}

/** The words a reader sees, without the Markdown marks: what the search looks through and quotes. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/^#+\s+.*$/m, '') // the title is searched on its own
    .replace(/`([^`]*)`/g, '$1')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#+|[-*+]|\d+\.|>|\|)\s?/gm, '')
    .replace(/\|/g, ' ')
    .replace(/^[\s:-]+$/gm, '')
    .replace(/(\*\*|__|\*|_)(\S[^*_]*?)\1/g, '$2')
    .replace(/\s+/g, ' ')
    .trim();
}

export function toPages(files: Record<string, string>): Map<string, HelpPage> {
  const pages = new Map<string, HelpPage>();
  for (const [file, markdown] of Object.entries(files)) {
    const slug = slugOf(file);
    pages.set(slug, { slug, title: titleOf(markdown, slug), markdown, text: plainText(markdown) });
  }
  return pages;
}

const loaded = new Map<Language, Promise<Map<string, HelpPage>>>();

/** Every help page of a language (one chunk per language, fetched once). */
export function loadHelpPages(language: Language): Promise<Map<string, HelpPage>> {
  let pending = loaded.get(language);
  if (!pending) {
    const load = bundles[`./content/${language}/pages.ts`];
    pending = load ? load().then(toPages) : Promise.resolve(new Map<string, HelpPage>());
    pending.catch(() => loaded.delete(language));
    loaded.set(language, pending);
  }
  return pending;
}
