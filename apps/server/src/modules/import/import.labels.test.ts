import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importMessages, importTargets, type KeyedText } from '@casedesk/shared';
import { labelKeyOf } from './import.labels.js';
import { importTargetAdapters } from './import.targets.js';
import { reasonText, type ImportLanguage } from './import.texts.js';

// The web's texts as its i18n setup merges them: every `locales/<language>.json` under apps/web/src.
const webSrc = fileURLToPath(new URL('../../../../web/src', import.meta.url));
const languages: ImportLanguage[] = ['en', 'zh-cn', 'zh-tw'];
type Tree = { [key: string]: string | Tree };

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}
function flatten(tree: Tree, prefix: string, into: Map<string, string>) {
  for (const [key, value] of Object.entries(tree)) {
    const path = `${prefix}${key}`;
    if (typeof value === 'string') into.set(path, value);
    else flatten(value, `${path}.`, into);
  }
}
const localeFiles = walk(webSrc).filter((f) => /[/\\]locales[/\\][^/\\]+\.json$/.test(f));
const web = Object.fromEntries(
  languages.map((language) => {
    const texts = new Map<string, string>();
    for (const file of localeFiles.filter((f) => f.endsWith(`${language}.json`)))
      flatten(JSON.parse(readFileSync(file, 'utf8')) as Tree, '', texts);
    return [language, texts];
  }),
) as Record<ImportLanguage, Map<string, string>>;

describe("the import's texts are the web's", () => {
  it('reads the locale files it compares with', () => {
    expect(localeFiles.length).toBeGreaterThanOrEqual(3 * 20);
  });

  for (const target of importTargets)
    it(`labels every field of ${target} in the three languages as the web does`, () => {
      // The target's own fields (custom fields carry their labels with them).
      const fields = importTargetAdapters.get(target)?.fields ?? [];
      expect(fields.length).toBeGreaterThan(0);
      for (const field of fields) {
        const key = labelKeyOf(target, field.field);
        const expected = Object.fromEntries(languages.map((language) => [language, web[language].get(key)]));
        for (const language of languages) expect(expected[language], `${language} ${key}`).toBeTruthy();
        expect(field.labels, `${target}.${field.field}`).toEqual(expected);
      }
    });

  it("has every import message in the three languages, the English one the catalog's", () => {
    for (const [name, entry] of Object.entries(importMessages)) {
      const key = `messages.import.${name}`;
      for (const language of languages) expect(web[language].get(key), `${language} ${key}`).toBeTruthy();
      // The catalog's placeholders are `{name}` (plain texts) or a built text's values; the web's are `{{name}}`.
      const english =
        typeof entry === 'string'
          ? entry.replace(/\{(\w+)\}/g, '{{$1}}')
          : (entry as KeyedText)(...(entry as KeyedText).names.map((n) => `{{${n}}}`));
      expect(web.en.get(key), key).toBe(english);
    }
  });

  it('writes a reason in the run language, its values filled in', () => {
    const reason = { key: 'import.duplicateRow', values: { row: 7 } };
    expect(reasonText(reason, 'en')).toBe(importMessages.duplicateRow(7));
    expect(reasonText(reason, 'zh-cn')).toBe(web['zh-cn'].get('messages.import.duplicateRow')!.replace('{{row}}', '7'));
    expect(reasonText(reason, 'zh-tw')).toBe('與第 7 列重複。');
    expect(reasonText({ text: 'As the target said it.' }, 'zh-tw')).toBe('As the target said it.');
  });

  it('picks a counted reason’s plural form as the web does', () => {
    const reason = (count: number) => ({ key: 'user.deptHasUsers', values: { count } });
    expect(reasonText(reason(1), 'en')).toBe(
      'The department is assigned to 1 user; move them to another department first.',
    );
    expect(reasonText(reason(3), 'en')).toMatch(/^The department is assigned to 3 users;/);
    expect(reasonText(reason(3), 'zh-cn')).toBe(
      web['zh-cn'].get('messages.user.deptHasUsers_other')!.replace('{{count}}', '3'),
    );
  });
});
