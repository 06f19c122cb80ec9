import { describe, expect, it } from 'vitest';
import { slugOf, titleOf, toPages } from './help-content';
import { helpHome, helpPageFor, helpRoutes, helpSlugs } from './help-routes';
import { searchHelp } from './help-search';
import { linkTarget, renderMarkdown } from './markdown';

const files = import.meta.glob<string>('./content/*/*.md', { query: '?raw', import: 'default', eager: true });
const languages = ['en', 'zh-cn', 'zh-tw'] as const;
const slugsIn = (language: string) =>
  Object.keys(files)
    .filter((file) => file.startsWith(`./content/${language}/`))
    .map(slugOf)
    .sort();

// The menu seed is the server's; its paths are read as text (the web does not import server code).
const [seed = ''] = Object.values(
  import.meta.glob<string>('../../../../server/src/modules/menu/menu.seed.ts', {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
);
const entries = [...seed.matchAll(/(?:path: |page\()'(\/[^']*)'/g)];
const seedPaths = entries.map((m) => m[1]!);
// A group entry has children (it redirects to its first screen); the text up to the next entry says so.
const groupPaths = entries
  .filter((m, i) => seed.slice(m.index, entries[i + 1]?.index).includes('children:'))
  .map((m) => m[1]!);

describe('help pages', () => {
  it('every language has exactly the pages of the contents', () => {
    for (const language of languages)
      expect({ language, slugs: slugsIn(language) }).toEqual({
        language,
        slugs: [...helpSlugs].sort(),
      });
    expect(new Set(helpSlugs).size).toBe(helpSlugs.length);
  });

  it('every page has a title and text, and its help links lead to pages that exist', () => {
    for (const [file, markdown] of Object.entries(files)) {
      expect(markdown.startsWith('# '), `${file} starts with its title`).toBe(true);
      expect(markdown.length, `${file} has text`).toBeGreaterThan(120);
      for (const [, href] of markdown.matchAll(/\]\(([^)\s]+)\)/g))
        if (/^[a-z0-9-]+$/.test(href!)) expect(helpSlugs, `${file} links to ${href}`).toContain(href);
    }
  });

  it('every route of the menu seed has a help page (or the home page on purpose)', () => {
    expect(seedPaths.length).toBeGreaterThan(40);
    const missing = seedPaths.filter((path) => !(path in helpRoutes));
    expect(missing).toEqual([]);
    for (const slug of Object.values(helpRoutes)) expect(helpSlugs).toContain(slug);
    // Screens (not groups) have a page of their own.
    expect(groupPaths).toContain('/ticket');
    const screens = seedPaths.filter((path) => !groupPaths.includes(path));
    const onHome = screens.filter((path) => helpRoutes[path] === helpHome);
    expect(onHome).toEqual(['/help']);
  });

  it('maps a screen, a record page and an unknown path', () => {
    expect(helpPageFor('/ticket/list')).toBe('ticket-list');
    expect(helpPageFor('/ticket/info/42')).toBe('ticket-page');
    expect(helpPageFor('/no/such/screen')).toBe(helpHome);
  });
});

describe('help search', () => {
  const pages = toPages({
    './a.md': '# Ticket list\n\nFind a **ticket** by its case number.',
    './b.md': '# 工单列表\n\n按工单号查找工单。状态“处理中”表示有人在处理。',
  });
  it('finds English case-insensitively and Chinese by substring, with the snippet', () => {
    expect(searchHelp(pages.values(), 'CASE number').map((h) => h.slug)).toEqual(['a']);
    const [hit] = searchHelp(pages.values(), '处理中');
    expect(hit).toMatchObject({ slug: 'b', match: '处理中' });
    expect(hit!.before).toContain('状态');
    expect(searchHelp(pages.values(), '   ')).toEqual([]);
    expect(searchHelp(pages.values(), 'nothing like this')).toEqual([]);
  });
  it('reads the title from the first heading', () => {
    expect(titleOf('# 工单列表\n\ntext', 'x')).toBe('工单列表');
    expect(titleOf('no heading', 'x')).toBe('x');
  });
});

describe('help rendering', () => {
  it('renders no raw HTML, no script and no javascript: link', () => {
    const html = renderMarkdown(
      '# T\n\n<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n[x](javascript:alert(1)) <b>bold</b>',
    );
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelector('script, img, b, [onerror]')).toBeNull();
    expect([...doc.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '')).not.toContain(
      'javascript:alert(1)',
    );
    expect(doc.body.textContent).toContain('<script>alert(1)</script>');
  });
  it('links help pages in the app and opens external links in a new tab without the opener', () => {
    const html = renderMarkdown('[Tickets](ticket-list) and [site](https://example.com)');
    expect(html).toContain('href="/help?page=ticket-list"');
    expect(html).toMatch(/<a href="https:\/\/example.com" target="_blank" rel="noopener noreferrer">/);
    expect(linkTarget('/ticket/list')).toBe('/ticket/list');
  });
});
