import { beforeAll, describe, expect, it } from 'vitest';
import { industryMessages } from '@casedesk/shared';
import platformCn from '../../web/src/platform/locales/zh-cn.json' with { type: 'json' };
import platformTw from '../../web/src/platform/locales/zh-tw.json' with { type: 'json' };
import type { RouteRecord } from '../src/platform/access.js';
import { fieldLabel, hasFieldLabel, languages, type Language } from '../src/platform/translator.js';
import { createUser, signIn, useTestApp, type Response } from './helpers.js';
import { coreType, isIgnoredField, schemaFields, topFields } from './schema-fields.js';

/**
 * Contract section 18: every refusal is a sentence for a person, in their language. Every Add and Update of the
 * route table (a new resource is covered here) is sent nothing and wrong types, by administrators who read
 * English, Simplified and Traditional Chinese; no text they get back may carry the validation library's words, a
 * message key or a field's code name, and a Chinese reader's text is in Chinese.
 */
const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });
const tokens = {} as Record<Language, string>;

beforeAll(async () => {
  for (const language of languages)
    tokens[language] = (await signIn(ctx, await createUser(ctx, { roles: ['admin'], values: { language } }))).token;
});

const writes = () => ctx.built.routes.filter((r) => r.method === 'POST' && /^\/api\/\w+\/(Add|Update)$/.test(r.url));
const unknownKey = 'zzUnknownField';

/** The library's own phrasing, in any language (zod's English, its default locale's Chinese, JSON's NaN). */
const libraryWords =
  /Invalid input|Invalid option|expected|received|Too small|Too big|Unknown field|NaN|Unrecognized key|无效输入|無效輸入|预期|預期/i;
/** A message key or a template placeholder shown as text. */
const rawKey = /\b(validation|fields|messages|common)\.\w+|\{\{?\w+\}\}?/;
const cjk = /[\u3400-\u9fff]/;
// Characters one script has and the other writes otherwise: a label or message in the wrong variant of Chinese.
const simplifiedOnly = /[为项称类务户码门单级数关开无须个选请发时间录这么]/;
const traditionalOnly = /[為項稱類務戶碼門單級數關開無須個選請發時間錄這麼]/;

/** A value of the wrong type for a field: a number for text, text for a number, and so on. */
function wrongValue(type: string): unknown {
  switch (type) {
    case 'string':
    case 'enum':
    case 'literal':
      return 12345;
    case 'number':
    case 'int':
    case 'bigint':
      return 'twelve';
    case 'boolean':
      return 'maybe';
    case 'array':
      return 'a list';
    default:
      return 42;
  }
}

function wrongTypes(route: RouteRecord): Record<string, unknown> {
  const body: Record<string, unknown> = { [unknownKey]: 1 };
  for (const [name, schema] of Object.entries(topFields(route.body))) {
    if (!isIgnoredField(schema)) body[name] = wrongValue(coreType(schema));
  }
  return body;
}

/** What is wrong with the texts of one answer, for a reader of `language`. */
function problemsOf(response: Response, language: Language, codeNames: string[]): string[] {
  const body = response.body as Response['body'] & {
    data: { errors?: { field: string; message: string; messageKey?: string }[] } | null;
    messageKey?: string;
  };
  if (response.status !== 400) return [`answered ${response.status}: ${response.raw.slice(0, 200)}`];
  const errors = body.data?.errors ?? [];
  const texts = [body.resultMsg, ...errors.map((e) => e.message)];
  const problems: string[] = [];
  if (errors.length === 0) problems.push('no field errors');
  if (!body.messageKey) problems.push('no messageKey');
  for (const error of errors) if (!error.messageKey) problems.push(`${error.field}: no messageKey`);
  for (const text of texts) {
    if (libraryWords.test(text)) problems.push(`library words: ${text}`);
    if (rawKey.test(text)) problems.push(`raw key: ${text}`);
    const named = codeNames.find((name) => new RegExp(`\\b${name}\\b`).test(text));
    if (named) problems.push(`code name ${named}: ${text}`);
    if (language !== 'en' && !cjk.test(text)) problems.push(`not in Chinese: ${text}`);
    if (language === 'zh-tw' && simplifiedOnly.test(text)) problems.push(`simplified in zh-tw: ${text}`);
    if (language === 'zh-cn' && traditionalOnly.test(text)) problems.push(`traditional in zh-cn: ${text}`);
  }
  return problems;
}

/** The fields' code names a text must not show: those written in camelCase (a label never is). */
const codeNamesOf = (route: RouteRecord) => [
  unknownKey,
  ...new Set(
    schemaFields(route.body)
      .map((f) => f.name)
      .filter((name) => /[a-z][A-Z]/.test(name)),
  ),
];

describe('refusals of Add and Update are sentences in the reader language', () => {
  it('finds the writes', () => {
    const urls = writes().map((r) => r.url);
    expect(urls.length).toBeGreaterThan(50);
    for (const url of ['/api/Ticket/Add', '/api/Ticket/Update', '/api/Vendor/Add', '/api/Workflow/Update'])
      expect(urls).toContain(url);
  });

  it('gives every field of every Add and Update body a label in the three languages', () => {
    const missing = new Set<string>();
    for (const route of writes())
      for (const field of schemaFields(route.body)) if (!hasFieldLabel(field.name)) missing.add(field.name);
    // Add the label under `fields.<name>` in apps/web/src/platform/fields/locales/{en,zh-cn,zh-tw}.json.
    expect([...missing].sort()).toEqual([]);
    expect(fieldLabel('zh-cn', 'subject')).toBe('主题');
    expect(fieldLabel('zh-tw', 'lines.0.quantity')).toBe('數量');
    expect(fieldLabel('en', 'noSuchField')).toBe('This field');
  });

  it.each(languages)('%s: nothing sent, and wrong types with an unknown key', async (language) => {
    const failures: string[] = [];
    for (const route of writes()) {
      const codeNames = codeNamesOf(route);
      for (const [what, body] of [
        ['{}', {}],
        ['wrong types', wrongTypes(route)],
      ] as const) {
        const response = await ctx.call('POST', route.url, {
          token: tokens[language],
          body,
          headers: { 'message-keys': '1' },
        });
        for (const problem of problemsOf(response, language, codeNames))
          failures.push(`${route.url} ${what}: ${problem}`);
      }
    }
    expect(failures.join('\n')).toBe('');
  });
});

describe('the language of a refusal', () => {
  const signInBody = { userName: 5 };

  it('follows Accept-Language when nobody is signed in, English otherwise', async () => {
    const cases: [string | undefined, Language][] = [
      ['zh-TW,zh;q=0.9,en;q=0.8', 'zh-tw'],
      ['zh-Hans-CN', 'zh-cn'],
      ['zh-HK', 'zh-tw'],
      ['zh', 'zh-cn'],
      ['fr-FR, zh-CN;q=0.5, en;q=0.4', 'zh-cn'],
      ['fr', 'en'],
      [undefined, 'en'],
    ];
    const wanted = {
      en: 'Please input username',
      'zh-cn': '请输入用户名',
      'zh-tw': '請輸入使用者名稱',
    };
    for (const [header, language] of cases) {
      const response = await ctx.call('POST', '/api/token/Login', {
        body: signInBody,
        headers: { 'message-keys': '1', ...(header ? { 'accept-language': header } : {}) },
      });
      expect(response.status, header).toBe(400);
      expect(response.body.resultMsg, header).toBe(wanted[language]);
      expect(problemsOf(response, language, ['userName']), header).toEqual([]);
    }
  });

  it("prefers the signed-in user's language to Accept-Language", async () => {
    const response = await ctx.call('POST', '/api/Dept/Add', {
      token: tokens['zh-cn'],
      body: {},
      headers: { 'accept-language': 'en-US' },
    });
    expect(response.body.resultMsg).toBe('名称为必填项。');
    const english = await ctx.call('POST', '/api/Dept/Add', {
      token: tokens.en,
      body: {},
      headers: { 'accept-language': 'zh-TW' },
    });
    expect(english.body.resultMsg).toBe('Name is required.');
  });

  it('words other refusals in the language too, keyed texts by their key', async () => {
    const missing = await ctx.call('GET', '/api/Dept/Get/999999', { token: tokens['zh-tw'] });
    expect(missing.status).toBe(404);
    expect(missing.body.resultMsg).toMatch(cjk);
    const english = await ctx.call('GET', '/api/Dept/Get/999999', { token: tokens.en });
    expect(english.body.resultMsg).toBe('Not found');
    const anonymous = await ctx.call('GET', '/api/Dept/Get/1', { headers: { 'accept-language': 'zh-CN' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.resultMsg).toMatch(cjk);
  });

  it('words a counted refusal in the plural form of the language (the web keeps counted texts as _one/_other)', async () => {
    const add = async (code: string, parentId?: number) => {
      const response = await ctx.call('POST', '/api/Industry/Add', {
        token: tokens.en,
        body: { code, name: code, parentId },
      });
      expect(response.status, response.raw).toBe(200);
      return response.body.data as { id: number };
    };
    const parent = await add('WORDS-P');
    await add('WORDS-C1', parent.id);
    await add('WORDS-C2', parent.id);
    const wanted: Record<Language, string> = {
      en: industryMessages.hasChildren(2),
      'zh-cn': platformCn.messages.industry.hasChildren_other.replace('{{count}}', '2'),
      'zh-tw': platformTw.messages.industry.hasChildren_other.replace('{{count}}', '2'),
    };
    for (const language of languages) {
      const refused = await ctx.call('POST', `/api/Industry/Delete/${parent.id}`, { token: tokens[language] });
      expect(refused.status).toBe(409);
      expect(refused.body.resultMsg, language).toBe(wanted[language]);
    }
    expect(wanted['zh-cn']).toMatch(/2 个/);
  });

  it('names the field of a value in the URL', async () => {
    const response = await ctx.call('GET', '/api/Dept/Get/abc', {
      token: tokens['zh-cn'],
      headers: { 'message-keys': '1' },
    });
    expect(response.status).toBe(400);
    expect(response.body.resultMsg).toMatch(/^编号/);
  });
});
