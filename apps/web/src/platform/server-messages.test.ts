import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  dictionaryMessages,
  industryMessages,
  menuMessages,
  messages,
  regionMessages,
  ticketMessages,
} from '@casedesk/shared';
import appZh from '../app/locales/zh-cn.json';
import ticketZh from '../features/ticket/locales/zh-cn.json';
import platformEn from './locales/en.json';
import platformZh from './locales/zh-cn.json';
import { messageRefOf } from './shared-messages';
import * as shared from '@casedesk/shared';
import { i18nKeys, translateServerMessage } from './server-messages';

beforeAll(async () => {
  await i18n.init({
    lng: 'zh-cn',
    lowerCaseLng: true,
    resources: { 'zh-cn': { translation: { ...appZh, ...ticketZh, ...platformZh } } },
    interpolation: { escapeValue: false },
  });
});

describe('server texts by message key', () => {
  it('translates the fixed ticket texts by their key, with or without the key sent', () => {
    expect(translateServerMessage({ message: ticketMessages.noAssignee, messageKey: 'ticket.noAssignee' })).toBe(
      ticketZh.ticket.messages.noAssignee,
    );
    expect(translateServerMessage(ticketMessages.submitted)).toBe(ticketZh.ticket.messages.submitted);
    expect(translateServerMessage(ticketMessages.cancelledIsFinal)).toBe(ticketZh.ticket.messages.cancelledIsFinal);
  });

  it('words the fixed values a refusal names (a ticket status), not the stored ones', () => {
    const thrown = { from: 'InProgress', to: 'New' };
    expect(
      translateServerMessage({
        message: ticketMessages.statusNotAllowed(thrown.from, thrown.to),
        messageKey: 'ticket.statusNotAllowed',
        messageValues: thrown,
      }),
    ).toBe('状态为 处理中 的工单不能改为 新建。');
  });

  it('translates by the key and values the server sent', () => {
    const text = industryMessages.hasChildren(2);
    expect(
      translateServerMessage({ message: text, messageKey: 'industry.hasChildren', messageValues: { count: 2 } }),
    ).toBe('该行业有 2 个下级行业，请先删除或移走。');
  });

  it('translates a record kind given as a value', () => {
    const text = ticketMessages.inUse('project', 3);
    expect(
      translateServerMessage({
        message: text,
        messageKey: 'ticket.inUse',
        messageValues: { label: 'project', count: 3 },
      }),
    ).toContain('项目');
  });

  it('finds the common texts in their older home and a text checked in the browser by its catalog key', () => {
    expect(translateServerMessage({ message: messages.staleRowVersion, messageKey: 'common.staleRowVersion' })).toBe(
      (appZh as { server: Record<string, string> }).server.staleRowVersion,
    );
    expect(translateServerMessage(messages.passwordRule)).toBe(
      (appZh as { server: Record<string, string> }).server.passwordRule,
    );
  });

  it('shows the English text for a key it has no translation for, and for a text of no catalog', () => {
    expect(translateServerMessage({ message: 'Some new refusal.', messageKey: 'user.somethingNew' })).toBe(
      'Some new refusal.',
    );
    expect(translateServerMessage('Plain text')).toBe('Plain text');
  });

  it('has a translation for every keyed refusal of menus, regions, industries and dictionaries', () => {
    const texts = [
      menuMessages.parentUnknown,
      menuMessages.parentCycle,
      menuMessages.linkRequired,
      menuMessages.apiUnknown,
      menuMessages.identificationUnknown,
      menuMessages.hasChildren(1),
      menuMessages.nameTaken('x'),
      menuMessages.pathTaken('/x'),
      regionMessages.parentUnknown,
      regionMessages.parentCycle,
      regionMessages.hasChildren(1),
      regionMessages.usedByCompanies(1),
      industryMessages.parentUnknown,
      industryMessages.parentCycle,
      industryMessages.hasChildren(1),
      industryMessages.usedByCompanies(1),
      dictionaryMessages.usedByConfiguration(1),
      dictionaryMessages.itemUsedByConfiguration('x', 1),
      ticketMessages.inUse('company', 1),
    ];
    const translated = platformEn.messages as Record<string, Record<string, string>>;
    for (const text of texts) {
      const ref = messageRefOf(text);
      expect(ref, text).toBeDefined();
      const [catalog, name] = ref!.key.split('.');
      expect(translated[catalog!]?.[name!] ?? translated[catalog!]?.[`${name!}_other`], ref!.key).toBeTruthy();
      expect(translateServerMessage({ message: text, messageKey: ref!.key, messageValues: ref!.values })).not.toBe(
        text,
      );
    }
  });
});

/** Every locale file of the app, merged per language (as the app loads them). */
const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>('../**/locales/*.json', { eager: true });
const textsOf = (language: string) =>
  Object.entries(localeFiles)
    .filter(([path]) => path.endsWith(`/locales/${language}.json`))
    .map(([, file]) => file.default);
// A counted text is an i18next plural: `<key>_other` (and `_one` in English) stands for `<key>`.
const lookUp = (texts: Record<string, unknown>[], key: string) =>
  [key, `${key}_other`].some((name) =>
    texts.some((file) =>
      name.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], file),
    ),
  );

/** `<catalog>.<name>` of every text of every shared catalog (the keys the server can send). */
function catalogKeys(): string[] {
  return Object.values(shared).flatMap((value) => {
    if (typeof value !== 'object' || value === null) return [];
    return Object.keys(value).flatMap((name) => {
      try {
        return [shared.msg(value, name as never).key];
      } catch {
        return []; // not a catalog, or not a text of it
      }
    });
  });
}

describe('translations of the server texts', () => {
  it('has every catalog text in every language, where translateServerMessage looks for it', () => {
    const keys = catalogKeys();
    expect(keys.length).toBeGreaterThan(300);
    for (const language of ['en', 'zh-cn', 'zh-tw']) {
      const texts = textsOf(language);
      const missing = keys.filter((key) => !i18nKeys({ key }).some((home) => lookUp(texts, home)));
      expect(missing, language).toEqual([]);
    }
  });
});
