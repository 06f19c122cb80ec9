// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('.', import.meta.url));
const languages = ['en', 'zh-cn', 'zh-tw'];

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') keys.set(path, value);
    else for (const [k, v] of flatten(value, path)) keys.set(k, v);
  }
  return keys;
}

const files = walk(src);
const localeDirs = [
  ...new Set(files.filter((f) => /[/\\]locales[/\\][^/\\]+\.json$/.test(f)).map((f) => join(f, '..'))),
];
const read = (dir: string, language: string) =>
  flatten(JSON.parse(readFileSync(join(dir, `${language}.json`), 'utf8')) as Tree);
/**
 * A key as the languages share it: counted texts are i18next plurals (`x_one`, `x_other` in English; Chinese has
 * only `x_other`), so every plural form stands for the `_other` key each language has.
 */
const shared = (keys: Map<string, string>) =>
  new Set([...keys.keys()].map((key) => key.replace(/_(zero|one|two|few|many)$/, '_other')));

describe('locale files', () => {
  it('exist for the app and the features', () => {
    expect(localeDirs.map((d) => relative(src, d)).sort()).toEqual(expect.arrayContaining(['app/locales']));
  });

  for (const dir of localeDirs) {
    it(`${relative(src, dir)} has the same keys in every language, none empty`, () => {
      const [first, ...others] = languages.map((language) => ({ language, keys: read(dir, language) }));
      for (const other of others) {
        const [firstKeys, otherKeys] = [shared(first!.keys), shared(other.keys)];
        const missing = [...firstKeys].filter((k) => !otherKeys.has(k));
        const extra = [...otherKeys].filter((k) => !firstKeys.has(k));
        expect({ language: other.language, missing, extra }).toEqual({
          language: other.language,
          missing: [],
          extra: [],
        });
      }
      for (const { language, keys } of [first!, ...others])
        for (const [key, value] of keys) expect(value.trim(), `${language} ${key}`).not.toBe('');
    });
  }

  it('do not claim the same top-level key twice (they are merged into one namespace)', () => {
    const owners = new Map<string, string>();
    for (const dir of localeDirs) {
      const tree = JSON.parse(readFileSync(join(dir, 'en.json'), 'utf8')) as Tree;
      for (const key of Object.keys(tree)) {
        expect(owners.get(key), `${key} in ${relative(src, dir)}`).toBeUndefined();
        owners.set(key, dir);
      }
    }
  });

  it('write a bracket after Chinese words full-width in Chinese (“发信（SMTP）”, not “发信 (SMTP)”)', () => {
    const halfWidth = /[\u4e00-\u9fff] ?\(/;
    const found = localeDirs.flatMap((dir) =>
      ['zh-cn', 'zh-tw'].flatMap((language) =>
        [...read(dir, language)]
          .filter(([, text]) => halfWidth.test(text))
          .map(([key, text]) => `${relative(src, dir)} ${language} ${key}: ${text}`),
      ),
    );
    expect(found).toEqual([]);
  });

  it('hold every key the code asks for by name', () => {
    // A counted text is asked for by its key without the plural suffix.
    const english = new Set(
      localeDirs.flatMap((dir) => [...read(dir, 'en').keys()].map((key) => key.replace(/_(one|other)$/, ''))),
    );
    const used = files
      .filter((f) => /\.(ts|tsx)$/.test(f) && !f.endsWith('.test.ts'))
      .flatMap((f) =>
        [...readFileSync(f, 'utf8').matchAll(/\bt\(\s*'([\w.-]+)'/g)].map((m) => ({ key: m[1]!, file: f })),
      );
    expect(used.length).toBeGreaterThan(50);
    const missing = used
      .filter(({ key }) => !english.has(key))
      .map(({ key, file }) => `${key} (${relative(src, file)})`);
    expect(missing).toEqual([]);
  });
});

describe('counted texts', () => {
  it('follow each language’s plural rules through i18next (one and other in English, one form in Chinese)', async () => {
    const texts = (language: string) =>
      JSON.parse(readFileSync(join(src, 'features/ticket/locales', `${language}.json`), 'utf8')) as Tree;
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'en',
      lowerCaseLng: true,
      resources: Object.fromEntries(languages.map((l) => [l, { translation: texts(l) }])),
    });
    expect(i18n.t('ticket.list.assignTitle', { count: 1 })).toBe('Assign 1 ticket');
    expect(i18n.t('ticket.list.assignTitle', { count: 3 })).toBe('Assign 3 tickets');
    expect(i18n.t('ticket.list.updated', { count: 1 })).toBe('1 ticket updated');
    expect(i18n.t('ticket.list.updated', { count: 0 })).toBe('0 tickets updated');
    await i18n.changeLanguage('zh-cn');
    expect(i18n.t('ticket.list.updated', { count: 1 })).toBe(
      i18n.t('ticket.list.updated', { count: 5 }).replace('5', '1'),
    );
    expect(i18n.t('ticket.list.updated', { count: 1 })).not.toContain('ticket');
  });
});
