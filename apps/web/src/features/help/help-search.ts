import type { HelpPage } from './help-content';

export type HelpHit = { slug: string; title: string; before: string; match: string; after: string };

const around = 48;

/**
 * Pages whose title or text holds the query (case-insensitive substring: enough for Chinese and for a corpus
 * of a few dozen pages), title hits first, each with the words around the first match.
 */
export function searchHelp(pages: Iterable<HelpPage>, query: string, order: string[] = []): HelpHit[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [];
  const hits: (HelpHit & { rank: number })[] = [];
  for (const page of pages) {
    const inTitle = page.title.toLocaleLowerCase().includes(needle);
    const at = page.text.toLocaleLowerCase().indexOf(needle);
    if (!inTitle && at < 0) continue;
    const position = order.indexOf(page.slug);
    const rank = (inTitle ? 0 : 1000) + (position < 0 ? 999 : position);
    if (at < 0) {
      hits.push({ slug: page.slug, title: page.title, before: '', match: '', after: cut(page.text, 0), rank });
      continue;
    }
    const start = Math.max(0, at - around);
    const end = at + needle.length;
    hits.push({
      slug: page.slug,
      title: page.title,
      before: (start > 0 ? '…' : '') + page.text.slice(start, at),
      match: page.text.slice(at, end),
      after: cut(page.text, end),
      rank,
    });
  }
  return hits.sort((a, b) => a.rank - b.rank).map(({ rank: _rank, ...hit }) => hit);
}

const cut = (text: string, from: number) =>
  text.slice(from, from + around * 2) + (text.length > from + around * 2 ? '…' : '');
