// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  loginReasons,
  messageRefOf,
  seededNameKey,
  seededNames,
  seededNodeCode,
  type SeededKind,
} from '@casedesk/shared';
import { valueLabels } from './labels';

const src = fileURLToPath(new URL('../..', import.meta.url));
const languages = ['en', 'zh-cn', 'zh-tw'] as const;

type Tree = { [key: string]: string | Tree };
function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}
function flatten(tree: Tree, prefix = '', into = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into.set(path, value);
    else flatten(value, path, into);
  }
  return into;
}
const localeFiles = walk(src).filter((f) => /[/\\]locales[/\\][^/\\]+\.json$/.test(f));
const texts = Object.fromEntries(
  languages.map((language) => {
    const all = new Map<string, string>();
    for (const file of localeFiles.filter((f) => f.endsWith(`${language}.json`)))
      flatten(JSON.parse(readFileSync(file, 'utf8')) as Tree, '', all);
    return [language, all];
  }),
) as Record<(typeof languages)[number], Map<string, string>>;

describe('values have labels', () => {
  for (const [kind, { key, values }] of Object.entries(valueLabels))
    it(`every ${kind} has a label in every language`, () => {
      for (const language of languages) {
        const missing = values.filter((value) => !texts[language].get(`${key}.${value}`)?.trim());
        expect({ language, missing }).toEqual({ language, missing: [] });
      }
    });

  it('Chinese labels are not the English ones', () => {
    expect(texts['zh-cn'].get('ticket.priority.High')).not.toBe('High');
    expect(texts['zh-tw'].get('ticket.status.Assigned')).not.toBe('Assigned');
  });
});

describe('seeded records in three languages', () => {
  for (const kind of Object.keys(seededNames) as SeededKind[])
    it(`every seeded ${kind} has its name in every language, the English one as seeded`, () => {
      for (const [code, name] of Object.entries(seededNames[kind])) {
        const key = seededNameKey(kind, code, name);
        expect(key, code).toBe(`seed.${kind}.${code}`);
        expect(texts.en.get(key!), key!).toBe(name);
        for (const language of ['zh-cn', 'zh-tw'] as const) {
          const text = texts[language].get(key!);
          expect(text?.trim(), `${language} ${key}`).toBeTruthy();
          expect(/[\u4e00-\u9fff]/.test(text!), `${language} ${key}: ${text}`).toBe(true);
        }
      }
    });

  it('a name a user changed is not translated', () => {
    expect(seededNameKey('role', 'admin', 'Administrator')).toBe('seed.role.admin');
    expect(seededNameKey('role', 'admin', 'Head office')).toBeNull();
    expect(seededNameKey('role', 'toString', 'x')).toBeNull();
    expect(seededNameKey('workflowNode', null, 'End')).toBeNull();
  });
});

// A copy or new version of a demo workflow keeps the demo's node ids and names under another code: its nodes are
// worded by id and name alone (seededNodeCode), so demo nodes alike must read alike in every language.
describe('seeded workflow nodes wherever they live', () => {
  it('a demo node id with its seeded name finds its words, whichever demo it came from', () => {
    expect(seededNodeCode('team-lead', 'Team lead')).toMatch(/\.team-lead$/);
    expect(seededNodeCode('start', 'Requester')).toBe('requisition-approval.start');
    expect(seededNodeCode('other', 'Other tickets')).toBe('ticket-approval.other');
    expect(seededNodeCode('team-lead', 'Lead on duty')).toBeNull();
    expect(seededNodeCode('approver_ab12cd', 'Team lead')).toBeNull();
    expect(seededNodeCode('start', 'Initiator')).toBeNull();
    expect(seededNodeCode(null, 'End')).toBeNull();
  });

  it('demo nodes with the same id and name have the same words in every language', () => {
    const workflowNode: Record<string, string> = seededNames.workflowNode;
    for (const [code, name] of Object.entries(workflowNode)) {
      const found = seededNodeCode(code.slice(code.indexOf('.') + 1), name)!;
      for (const language of languages)
        expect(texts[language].get(`seed.workflowNode.${found}`), `${language} ${code}`).toBe(
          texts[language].get(`seed.workflowNode.${code}`),
        );
    }
  });
});

describe('the sign-in log’s reasons', () => {
  it('each reason the server writes has its words in every language, the English one as written', () => {
    for (const [name, text] of Object.entries(loginReasons)) {
      expect(messageRefOf(text)?.key).toBe(`loginReason.${name}`);
      expect(texts.en.get(`values.loginReason.${name}`)).toBe(text);
      for (const language of ['zh-cn', 'zh-tw'] as const)
        expect(/[\u4e00-\u9fff]/.test(texts[language].get(`values.loginReason.${name}`) ?? ''), name).toBe(true);
    }
  });
});
