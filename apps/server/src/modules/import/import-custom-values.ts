import type { CustomFieldDefinition, CustomFieldValue, FieldError } from '@casedesk/shared';
import { textAt } from '../../platform/translator.js';
import type { ImportProblem } from './import.table.js';
import type { TargetField } from './import-target.adapter.js';

/*
 * Custom field cells (contract 21: `Import` maps columns to `custom.<key>`): the sheet's text converted to the
 * value the record's check takes (`checkCustomValues`, in the target's own write). A text that does not convert is
 * passed on as it is, so that the check refuses it naming the field's label, as a form's value would be.
 */

const languages = ['en', 'zh-cn', 'zh-tw'] as const;
const said = (key: string) => languages.map((language) => textAt(language, key)?.toLowerCase());
const yesWords = new Set(['true', 'yes', 'y', '1', '是', '√', '✓', ...said('values.boolean.true')]);
const noWords = new Set(['false', 'no', 'n', '0', '否', '×', '✗', ...said('values.boolean.false')]);

/** Options and several users in one cell: separated by commas, semicolons or the ideographic comma. */
const parts = (text: string) =>
  text
    .split(/[,;、，；]/)
    .map((part) => part.trim())
    .filter(Boolean);

/** An option by its value or by its label in any language (case aside), or the text itself. */
function optionOf(def: CustomFieldDefinition, text: string): string {
  const wanted = text.toLowerCase();
  const found = def.options.find(
    (o) => o.value.toLowerCase() === wanted || languages.some((l) => o.label[l].toLowerCase() === wanted),
  );
  return found?.value ?? text;
}

/** A date cell (`2026-1-5`, `2026/01/05`) as ISO text, or the text itself. */
const isoDate = (text: string) =>
  /^\d{4}[-/]\d{1,2}[-/]\d{1,2}$/.test(text)
    ? text
        .split(/[-/]/)
        .map((p, i) => (i === 0 ? p : p.padStart(2, '0')))
        .join('-')
    : text;

/** A cell's text as the value of a custom field; `userId` finds a user by login name (refusing an unknown one). */
export async function customCellValue(
  def: CustomFieldDefinition,
  text: string,
  userId: (loginName: string) => Promise<number>,
): Promise<CustomFieldValue> {
  switch (def.type) {
    case 'number':
      return /^-?\d+$/.test(text) ? Number(text) : text;
    case 'decimal':
      return text.replace(/,/g, '');
    case 'date':
      return isoDate(text);
    case 'checkbox': {
      const word = text.toLowerCase();
      return yesWords.has(word) ? true : noWords.has(word) ? false : text;
    }
    case 'select':
      return optionOf(def, text);
    case 'multiselect':
      return parts(text).map((part) => optionOf(def, part));
    case 'user':
      return userId(text);
    default:
      return text;
  }
}

/** The field a custom user cell is resolved as: users by login name, refusals naming the custom field. */
export const userField = (field: TargetField): TargetField => ({ ...field, ref: 'user' });

/** Moves the row's `custom.<key>` values into the `customFields` the target's write takes. */
export function foldCustomValues(values: Record<string, unknown>) {
  const custom = Object.keys(values).filter((field) => field.startsWith('custom.'));
  if (custom.length === 0) return;
  values.customFields = Object.fromEntries(custom.map((field) => [field.slice('custom.'.length), values[field]]));
  for (const field of custom) delete values[field];
}

/**
 * A custom value the record's check refused (`customFields.<key>`): its keyed sentence, which names the field; the
 * field is written as its label in the error file's language.
 */
export function customFieldProblem({
  field,
  message,
  messageKey,
  messageValues,
}: FieldError): ImportProblem | undefined {
  if (!field.startsWith('customFields.') || !messageKey) return undefined;
  return {
    key: messageKey,
    values: { ...messageValues, field: `custom.${field.slice('customFields.'.length)}` },
    text: message,
  };
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
