import { isValidationMessage } from '@casedesk/shared';
import { colon, fieldLabel, translate } from '../../platform/translator.js';
import type { ImportProblem, ImportReason } from './import.table.js';
import platformEn from '../../../../web/src/platform/locales/en.json' with { type: 'json' };
import platformCn from '../../../../web/src/platform/locales/zh-cn.json' with { type: 'json' };
import platformTw from '../../../../web/src/platform/locales/zh-tw.json' with { type: 'json' };
import ticketEn from '../../../../web/src/features/ticket/locales/en.json' with { type: 'json' };
import ticketCn from '../../../../web/src/features/ticket/locales/zh-cn.json' with { type: 'json' };
import ticketTw from '../../../../web/src/features/ticket/locales/zh-tw.json' with { type: 'json' };
import organizationEn from '../../../../web/src/features/organization/locales/en.json' with { type: 'json' };
import organizationCn from '../../../../web/src/features/organization/locales/zh-cn.json' with { type: 'json' };
import organizationTw from '../../../../web/src/features/organization/locales/zh-tw.json' with { type: 'json' };
import companyEn from '../../../../web/src/features/company/locales/en.json' with { type: 'json' };
import companyCn from '../../../../web/src/features/company/locales/zh-cn.json' with { type: 'json' };
import companyTw from '../../../../web/src/features/company/locales/zh-tw.json' with { type: 'json' };
import vendorEn from '../../../../web/src/features/vendor/locales/en.json' with { type: 'json' };
import vendorCn from '../../../../web/src/features/vendor/locales/zh-cn.json' with { type: 'json' };
import vendorTw from '../../../../web/src/features/vendor/locales/zh-tw.json' with { type: 'json' };
import categoryEn from '../../../../web/src/features/category/locales/en.json' with { type: 'json' };
import categoryCn from '../../../../web/src/features/category/locales/zh-cn.json' with { type: 'json' };
import categoryTw from '../../../../web/src/features/category/locales/zh-tw.json' with { type: 'json' };
import projectEn from '../../../../web/src/features/project/locales/en.json' with { type: 'json' };
import projectCn from '../../../../web/src/features/project/locales/zh-cn.json' with { type: 'json' };
import projectTw from '../../../../web/src/features/project/locales/zh-tw.json' with { type: 'json' };
import systemEn from '../../../../web/src/features/system/locales/en.json' with { type: 'json' };
import systemCn from '../../../../web/src/features/system/locales/zh-cn.json' with { type: 'json' };
import systemTw from '../../../../web/src/features/system/locales/zh-tw.json' with { type: 'json' };
import openItemEn from '../../../../web/src/features/openItem/locales/en.json' with { type: 'json' };
import openItemCn from '../../../../web/src/features/openItem/locales/zh-cn.json' with { type: 'json' };
import openItemTw from '../../../../web/src/features/openItem/locales/zh-tw.json' with { type: 'json' };

/**
 * The web's own texts (its locale files, read as they are): the import's messages (`messages.import.*`) for the
 * error file, written in the starter's language, and the labels of the targets' fields. Each file holds its own
 * top-level keys (`ticket`, `system`, `messages`, ...), so joining them is what the web's merge gives.
 */
type Texts = { [key: string]: string | Texts };
const webTexts: Record<'en' | 'zh-cn' | 'zh-tw', Texts> = {
  en: Object.assign(
    {},
    platformEn,
    ticketEn,
    organizationEn,
    companyEn,
    vendorEn,
    categoryEn,
    projectEn,
    systemEn,
    openItemEn,
  ),
  'zh-cn': Object.assign(
    {},
    platformCn,
    ticketCn,
    organizationCn,
    companyCn,
    vendorCn,
    categoryCn,
    projectCn,
    systemCn,
    openItemCn,
  ),
  'zh-tw': Object.assign(
    {},
    platformTw,
    ticketTw,
    organizationTw,
    companyTw,
    vendorTw,
    categoryTw,
    projectTw,
    systemTw,
    openItemTw,
  ),
};

export type ImportLanguage = keyof typeof webTexts;
export const languageOf = (language: string | null | undefined): ImportLanguage =>
  language === 'zh-cn' || language === 'zh-tw' ? language : 'en';

/** The web's text at a dotted key (`ticket.fields.subject`) in a language, or undefined when it has none. */
export function webText(language: ImportLanguage, key: string): string | undefined {
  let at: string | Texts | undefined = webTexts[language];
  for (const part of key.split('.')) at = typeof at === 'object' && Object.hasOwn(at, part) ? at[part] : undefined;
  return typeof at === 'string' ? at : undefined;
}

/** A text with a count as i18next picks it: `<key>_one` / `<key>_other` by the language's plural rules, else `<key>`. */
function pluralText(language: ImportLanguage, key: string, count: unknown): string | undefined {
  if (typeof count !== 'number') return webText(language, key);
  const form = new Intl.PluralRules(language === 'en' ? 'en' : 'zh').select(count);
  return webText(language, `${key}_${form}`) ?? webText(language, `${key}_other`) ?? webText(language, key);
}

/**
 * A reason in a language: each problem on a line of its own, keys translated as the web has them (the target's
 * refusals too, in their plural form), a field's name written as its label (`labelOf`), texts without a key as
 * they are.
 */
export function reasonText(
  reason: ImportReason,
  language: ImportLanguage,
  labelOf: (field: string) => string = (field) => field,
): string {
  if ('problems' in reason) return reason.problems.map((p) => reasonText(p, language, labelOf)).join('\n');
  if ('at' in reason) return fieldProblemText(reason, language);
  if (!('key' in reason)) return reason.text;
  const key = `messages.${reason.key}`;
  const count = reason.values?.count;
  const template = pluralText(language, key, count) ?? reason.text ?? pluralText('en', key, count) ?? reason.key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = String(reason.values?.[name] ?? '');
    return name === 'field' ? labelOf(value) : value;
  });
}

/**
 * A field the target refused, through the server's translator (as its answer would word it): a validation message
 * names the field itself ("项目为必填项。"), any other is told which field it is about ("项目：该项目已停用").
 */
function fieldProblemText(problem: Extract<ImportProblem, { at: string }>, language: ImportLanguage): string {
  const label = fieldLabel(language, problem.at);
  const validation = problem.key !== undefined && isValidationMessage({ key: problem.key });
  const values = validation ? { ...problem.values, field: label } : problem.values;
  const said = (problem.key && translate(language, { key: problem.key, values })) || problem.text;
  return validation ? said : `${label}${colon(language)}${said}`;
}
