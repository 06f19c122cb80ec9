import type { FastifyRequest } from 'fastify';
import {
  hasWordedValues,
  seededNameKey,
  seededNodeCode,
  textHomes,
  wordedValues,
  type MessageRef,
  type MessageValues,
} from '@casedesk/shared';
import { localeTexts, type Texts } from './locale-texts.js';

/**
 * The server's words in the caller's language (contract section 18), from the web's own locale files (bundled
 * by esbuild as static JSON): the shared catalogs' texts where `textHomes` says the web keeps them, and the
 * labels of fields (`fields.<name>`).
 */
export const languages = ['en', 'zh-cn', 'zh-tw'] as const;
export type Language = (typeof languages)[number];

const texts: Record<Language, Texts> = localeTexts;

/** A language code as clients write it (`zh-CN`, `zh-Hans-CN`, `zh-HK`, `en-GB`), as one of ours. */
export function languageFrom(value: string | null | undefined): Language | undefined {
  const code = value?.trim().toLowerCase().replace(/_/g, '-');
  if (!code) return undefined;
  if (code === 'en' || code.startsWith('en-')) return 'en';
  if (code === 'zh-tw' || code === 'zh-hk' || code === 'zh-mo' || code.startsWith('zh-hant')) return 'zh-tw';
  if (code === 'zh' || code.startsWith('zh-')) return 'zh-cn';
  return undefined;
}

/** The first language of an `Accept-Language` header we speak, by its weights (`zh-TW,zh;q=0.9,en;q=0.8`). */
export function acceptedLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const ranges = header
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [range, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { range: range ?? '', weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { range } of ranges) {
    const language = languageFrom(range);
    if (language) return language;
  }
  return undefined;
}

/** Whom a refusal is worded for: the signed-in user's language, else `Accept-Language`, else English. */
export function callerLanguage(request: FastifyRequest | undefined): Language {
  try {
    const header = request?.headers['accept-language'];
    return (
      languageFrom(request?.actor?.language) ?? acceptedLanguage(Array.isArray(header) ? header[0] : header) ?? 'en'
    );
  } catch {
    return 'en'; // an answer sent before the request was fully set up
  }
}

/** The text at a dotted key (`messages.validation.required`) in a language, or undefined. */
export function textAt(language: Language, key: string): string | undefined {
  let at: string | Texts | undefined = texts[language];
  for (const part of key.split('.')) at = typeof at === 'object' && Object.hasOwn(at, part) ? at[part] : undefined;
  return typeof at === 'string' ? at : undefined;
}

/**
 * A workflow node's or branch's name in a language while it is a demo node's seeded name, in whichever definition,
 * copy, version or instance it lives (`seededNodeCode`); a name an admin typed as typed. What the server words of a
 * node (mails, the bell) goes through here.
 */
export function workflowNodeNameIn(language: Language, nodeId: string | null | undefined, name: string): string {
  const key = seededNameKey('workflowNode', seededNodeCode(nodeId, name), name);
  return (key && textAt(language, key)) ?? name;
}

/**
 * A text with a count as i18next picks it (the web's plurals): `<key>_one` / `<key>_other` by the language's plural
 * rules, else `<key>`.
 */
export function countedTextAt(language: Language, key: string, count: unknown): string | undefined {
  if (typeof count !== 'number') return textAt(language, key);
  const form = new Intl.PluralRules(language === 'en' ? 'en' : 'zh').select(count);
  return textAt(language, `${key}_${form}`) ?? textAt(language, `${key}_other`) ?? textAt(language, key);
}

const fill = (template: string, values: MessageValues) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );

/**
 * A keyed text in a language, or undefined when the web has no translation of the key. A value naming a record
 * kind (`label: 'project'`) is worded in the language too, as the web does.
 */
export function translate(language: Language, ref: MessageRef, { worded = true } = {}): string | undefined {
  const count = ref.values?.count;
  const template = textHomes(ref.key)
    .map((home) => countedTextAt(language, home, count))
    .find((text) => text !== undefined);
  if (template === undefined) return undefined;
  const values = worded ? wordedValues(ref, (key) => textAt(language, key)) : { ...ref.values };
  return fill(template, values);
}

/**
 * A keyed refusal's text in a language. `english` is the text as thrown: a prefix it carries before the catalog
 * text (`projectId: `, a batch's row) is kept, its field name worded as a label.
 */
export function translateText(language: Language, english: string, ref: MessageRef | undefined): string {
  // English is thrown in English, but its fixed values (a status) still read as their labels.
  if (!ref || (language === 'en' && !hasWordedValues(ref))) return english;
  const translated = translate(language, ref);
  if (translated === undefined) return english;
  const plain = translate('en', ref, { worded: false });
  if (plain === undefined || english === plain || !english.endsWith(plain)) return translated;
  const prefix = english.slice(0, english.length - plain.length);
  const named = /^([A-Za-z][\w.]*): $/.exec(prefix);
  return named ? `${fieldLabel(language, named[1]!)}${colon(language)}${translated}` : `${prefix}${translated}`;
}

/** "Subject: ...", "主题：..." */
export const colon = (language: Language) => (language === 'en' ? ': ' : '：');

const fieldKey = (name: string) => `fields.${name}`;

/** Whether the web's locale files give a field name a label in every language. */
export const hasFieldLabel = (name: string) => languages.every((language) => textAt(language, fieldKey(name)));

/**
 * A field's label in a language, from its path (`subject`, `lines.0.quantity`, `to.1`): the label of the last
 * name in it (a list's entry is labelled as its list), else of the nearest one above it that has a label
 * (`jobParams.days`: "Parameters"); "This field" when none has.
 */
export function fieldLabel(language: Language, path: string | readonly PropertyKey[]): string {
  const parts = (typeof path === 'string' ? path.split('.') : path.map(String)).filter(
    (part) => part !== '' && !/^\d+$/.test(part),
  );
  if (parts.length === 0) return textAt(language, 'messages.validation.requestBody') ?? 'The request';
  const labelled = parts
    .reverse()
    .map((name) => textAt(language, fieldKey(name)))
    .find((label) => label !== undefined);
  return labelled ?? textAt(language, 'messages.validation.thisField') ?? 'This field';
}
