import i18n from 'i18next';
import {
  appliesToCategory,
  checkCustomValues,
  customValueText,
  type CustomFieldDefinition,
  type CustomFieldValue,
  type CustomValues,
} from '@casedesk/shared';
import type { FormRule } from 'antd';
import { labelLanguage } from '../custom-field-language';
import { formatDate, formatDateTime } from '../format';
import { translateServerMessage } from '../server-messages';

export { labelLanguage };

/** The fields a form asks for a record of `categoryId`: active ones of that category (or of all). */
export const fieldsFor = (definitions: readonly CustomFieldDefinition[], categoryId: number | null | undefined) =>
  definitions.filter((d) => d.status === 'Active' && appliesToCategory(d, categoryId));

/** The server's rule for one field, in the form (the same shared check, worded as the server words it). */
export function customFieldRule(def: CustomFieldDefinition, categoryId: number | null | undefined): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const language = labelLanguage(i18n.language);
      const { problems } = checkCustomValues([def], { [def.key]: value ?? null }, { categoryId, language });
      const problem = problems[0];
      if (problem)
        throw new Error(
          translateServerMessage({
            message: problem.message.text,
            messageKey: problem.message.key,
            messageValues: problem.message.values,
          }),
        );
    },
  };
}

/** Only what the chosen category asks for, and values the record already had (unchanged, they are kept). */
export function customFieldsToSend(
  values: CustomValues | undefined,
  definitions: readonly CustomFieldDefinition[],
  categoryId: number | null | undefined,
  stored: CustomValues = {},
): CustomValues {
  const asked = new Set(fieldsFor(definitions, categoryId).map((d) => d.key));
  return Object.fromEntries(
    Object.entries(values ?? {})
      .filter(([key, value]) => asked.has(key) || (key in stored && value === stored[key]))
      .map(([key, value]) => [key, value ?? null]),
  );
}

/** A value as a record's page and list show it: options by label, a user by name, dates as every list writes them. */
export function customValueDisplay(
  def: CustomFieldDefinition,
  value: CustomFieldValue | undefined,
  words: { yes: string; no: string; userName: (id: number) => string | undefined },
): string {
  const language = labelLanguage(i18n.language);
  if (typeof value === 'string' && def.type === 'date') return formatDate(value);
  if (typeof value === 'string' && def.type === 'datetime') return formatDateTime(value);
  return customValueText(def, value, language, words);
}

/** The custom fields the form shows (an emptied one as null); those it does not show are kept as stored. */
export const customFieldsBody = (values: CustomValues | undefined) =>
  values
    ? { customFields: Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value ?? null])) }
    : {};

/** A list's optional column per custom field (archived ones too: their values still read), labelled for the reader. */
export function customValueColumns<Row extends { customFields?: unknown }>(
  definitions: readonly CustomFieldDefinition[],
  words: { yes: string; no: string; userName: (id: number) => string | undefined },
) {
  const language = labelLanguage(i18n.language);
  return definitions.map((def) => ({
    key: `custom.${def.key}`,
    title: def.label[language],
    width: 150,
    ellipsis: true,
    render: (_: unknown, row: Row) =>
      customValueDisplay(def, (row.customFields as CustomValues | undefined)?.[def.key], words),
  }));
}
