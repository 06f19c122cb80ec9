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

/** The fields the form asks for a ticket of `categoryId`: active ones of that category (or of all). */
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

/** Only what the chosen category asks for, and values the ticket already had (unchanged, they are kept). */
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

/** A value as the ticket page and list show it: options by label, a user by name, dates as every list writes them. */
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
