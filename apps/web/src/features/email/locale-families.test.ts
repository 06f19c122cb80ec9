// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { emailDirections, emailEvents, emailStatuses, templateLanguages, threadReasons } from '@casedesk/shared';
import emailEn from './locales/en.json';
import emailCn from './locales/zh-cn.json';
import emailTw from './locales/zh-tw.json';
import mailEn from '../../platform/locales/en.json';
import mailCn from '../../platform/locales/zh-cn.json';
import mailTw from '../../platform/locales/zh-tw.json';
import labelsEn from '../../platform/labels/locales/en.json';
import labelsCn from '../../platform/labels/locales/zh-cn.json';
import labelsTw from '../../platform/labels/locales/zh-tw.json';

type Tree = { [key: string]: string | Tree };
const at = (tree: Tree, path: string) =>
  path
    .split('.')
    .reduce<string | Tree | undefined>((node, key) => (typeof node === 'object' ? node[key] : undefined), tree);

// Keys built from values (`email.status.${status}`) escape the by-name check of locales.test.ts: each family here.
const families: [string, readonly string[]][] = [
  ['mail.status', emailStatuses],
  ['mail.direction', emailDirections],
  ['email.event', emailEvents],
  // A template's language is worded as every language is (the platform's fixed values).
  ['values.language', templateLanguages],
  ['email.threadReason', threadReasons],
];

describe('e-mail texts built from values', () => {
  for (const [language, trees] of Object.entries({
    en: [emailEn, mailEn, labelsEn],
    'zh-cn': [emailCn, mailCn, labelsCn],
    'zh-tw': [emailTw, mailTw, labelsTw],
  }))
    it(`exist for every value in ${language}`, () => {
      const missing = families.flatMap(([prefix, values]) =>
        values
          .map((value) => `${prefix}.${value}`)
          .filter((key) => !trees.some((tree) => typeof at(tree as Tree, key) === 'string')),
      );
      expect(missing).toEqual([]);
    });
});

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : /\.tsx?$/.test(name) ? [path] : [];
  });

describe('e-mail code asking for texts built from values', () => {
  it('asks only for the families above', () => {
    const dirs = ['.', '../../platform/mail'].map((d) => fileURLToPath(new URL(d, import.meta.url)));
    const asked = dirs
      .flatMap(walk)
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/\bt\(`([\w.-]+)\.\$\{/g)].map((m) => m[1]!));
    expect(asked.length).toBeGreaterThan(4);
    const known = new Set(families.map(([prefix]) => prefix));
    expect([...new Set(asked)].filter((prefix) => !known.has(prefix))).toEqual([]);
  });
});
