// @vitest-environment node
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// docs/glossary.md: one term per thing per language, and the synonyms no text may use any more.
const src = fileURLToPath(new URL('.', import.meta.url));
const glossary = readFileSync(join(src, '../../../docs/glossary.md'), 'utf8');
const languages = ['en', 'zh-cn', 'zh-tw'] as const;
type Language = (typeof languages)[number];
type Term = { thing: string; names: Record<Language, string>; banned: Record<Language, string[]> };

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim());
const list = (cell: string) => (cell === '—' ? [] : cell.split(', ').map((word) => word.trim()));

const rows = glossary.split('\n').filter((line) => line.startsWith('|'));
const header = cells(rows[0] ?? '');
const terms: Term[] = rows.slice(2).map((line) => {
  const [thing = '', en = '', cn = '', tw = '', notEn = '', notCn = '', notTw = ''] = cells(line);
  return {
    thing,
    names: { en, 'zh-cn': cn, 'zh-tw': tw },
    banned: { en: list(notEn), 'zh-cn': list(notCn), 'zh-tw': list(notTw) },
  };
});

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}
type Tree = { [key: string]: string | Tree };
function texts(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [[path, value] as [string, string]] : texts(value, path);
  });
}
const localeFiles = (language: Language) =>
  walk(src).filter((f) => new RegExp(`[/\\\\]locales[/\\\\]${language}\\.json$`).test(f));
/** The help pages of a language (features/help/content/<language>/*.md). */
const helpPages = (language: Language) =>
  walk(src).filter((f) => new RegExp(`[/\\\\]help[/\\\\]content[/\\\\]${language}[/\\\\][^/\\\\]+\\.md$`).test(f));
/** A file's texts by where they are: a locale file's by key, a help page's by line. */
const textsOf = (file: string): [string, string][] =>
  file.endsWith('.md')
    ? readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => [`line ${i + 1}`, line] as [string, string])
    : texts(JSON.parse(readFileSync(file, 'utf8')) as Tree);

/** Where a language's texts use a banned word: `file key: word`. */
function bannedUses(language: Language, files = [...localeFiles(language), ...helpPages(language)]): string[] {
  return files.flatMap((file) =>
    textsOf(file).flatMap(([key, text]) =>
      terms.flatMap(({ banned }) =>
        banned[language]
          .filter((word) =>
            language === 'en' ? new RegExp(`\\b${word}(s|es)?\\b`, 'i').test(text) : text.includes(word),
          )
          .map((word) => `${relative(src, file)} ${key}: ${word}`),
      ),
    ),
  );
}

describe('glossary', () => {
  it('is one table of things with their term in each language', () => {
    expect(header.slice(0, 4)).toEqual(['Thing', 'en', 'zh-cn', 'zh-tw']);
    expect(terms.length).toBeGreaterThan(10);
    for (const term of terms) for (const language of languages) expect(term.names[language], term.thing).not.toBe('');
  });

  it('names each thing once per language: no term is another thing’s term or a synonym of its own', () => {
    for (const language of languages) {
      const names = terms.map((term) => term.names[language]);
      expect(new Set(names).size, language).toBe(names.length);
      for (const term of terms) expect(term.banned[language], term.thing).not.toContain(term.names[language]);
    }
  });

  for (const language of languages)
    it(`the ${language} texts and help pages use no banned synonym`, () => {
      expect(helpPages(language).length, 'help pages found').toBeGreaterThan(10);
      expect(bannedUses(language)).toEqual([]);
    });

  it('the texts the server and shared seed and send (mail templates, menu titles, job titles ...) use no Chinese banned synonym', () => {
    // Their Chinese words are only ever in texts, each language's beside the others: every Chinese banned word is
    // looked for (none of them is another language's term).
    const chinese = terms.flatMap((term) => [...term.banned['zh-cn'], ...term.banned['zh-tw']]);
    const termsOfAll = terms.flatMap((term) => [term.names['zh-cn'], term.names['zh-tw']]);
    expect(chinese.filter((word) => termsOfAll.some((name) => name.includes(word)))).toEqual([]);
    const sources = ['../../server/src', '../../../packages/shared/src'].flatMap((dir) =>
      walk(join(src, dir)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')),
    );
    expect(sources.length).toBeGreaterThan(100);
    const uses = sources.flatMap((file) =>
      chinese
        .filter((word) => readFileSync(file, 'utf8').includes(word))
        .map((word) => `${relative(src, file)}: ${word}`),
    );
    expect(uses).toEqual([]);
  });

  it('finds a banned synonym in a text', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'glossary-')), 'zh-cn.json');
    writeFileSync(file, JSON.stringify({ a: { title: '新建采购申请', ok: '新建请购单' } }));
    expect(bannedUses('zh-cn', [file]).map((use) => use.split(' ').slice(1).join(' '))).toEqual(['a.title: 采购申请']);
  });
});
