import { isValidationMessage } from '@casedesk/shared';
import { colon, countedTextAt, fieldLabel, textAt, translate, type Language } from '../../platform/translator.js';
import type { ImportProblem, ImportReason } from './import.table.js';

/** The import's messages (`messages.import.*`) for the error file are written in the starter's language. */
export type ImportLanguage = Language;
export const languageOf = (language: string | null | undefined): ImportLanguage =>
  language === 'zh-cn' || language === 'zh-tw' ? language : 'en';

/** The web's text at a dotted key (`ticket.fields.subject`) in a language, or undefined when it has none. */
export const webText = (language: ImportLanguage, key: string): string | undefined => textAt(language, key);

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
  const template = countedTextAt(language, key, count) ?? reason.text ?? countedTextAt('en', key, count) ?? reason.key;
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
