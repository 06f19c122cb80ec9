import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { customValueText, type TriggerCondition } from '@casedesk/shared';
import { labelLanguage } from '../../../platform/custom-field-language';
import { useValueLabel, type ValueKind } from '../../../platform/labels/labels';
import { useDictionaryItems } from '../../../platform/labels/dictionary-labels';
import { usePermissions } from '../../../platform/permission';
import { ticketFormOptionsQuery } from '../../../platform/pickers/ticket-options';
import { valueInputOf } from './trigger-fields';
import { useTicketCustomFields } from './TriggerConditions';

const kinds: Partial<Record<string, ValueKind>> = {
  status: 'ticketStatus',
  priority: 'ticketPriority',
  ticketFrom: 'ticketFrom',
  approvalStatus: 'instanceStatus',
  slaTarget: 'slaTarget',
};

type Named = 'project' | 'category' | 'company' | 'user';

/**
 * The names of the records a condition or a change names by id (projects, categories, companies, users), from the
 * ticket form's options the trigger editor loads anyway; a record they do not list is shown by its number.
 */
function useRecordNames(): Record<Named, Map<number, string>> {
  const { has } = usePermissions();
  const { data } = useQuery({ ...ticketFormOptionsQuery, enabled: has('ticket:view') });
  return useMemo(() => {
    const named = (items: { id: number; name: string }[] = []) => new Map(items.map((item) => [item.id, item.name]));
    return {
      project: named(data?.projects),
      category: named(data?.categories),
      company: named(data?.companies),
      user: named(data?.users),
    };
  }, [data]);
}

/**
 * A trigger's words for people: a field by its label (a custom field by its label in the reader's language), a value
 * by its label (statuses, priorities, dictionary items, yes/no; a record by its name, else its number), a condition
 * as a phrase.
 */
export function useTriggerWords() {
  const { t, i18n } = useTranslation();
  const language = labelLanguage(i18n.language);
  const valueLabel = useValueLabel();
  const ticketTypes = useDictionaryItems('ticketType');
  const businessUnits = useDictionaryItems('businessUnit');
  const customOf = useTicketCustomFields();
  const names = useRecordNames();
  const yesNo = { yes: t('values.boolean.true'), no: t('values.boolean.false') };

  const field = (name: string): string =>
    customOf(name)?.label[language] ??
    t(`automation.trigger.field.${name}`, { defaultValue: t(`fields.${name}`, { defaultValue: name }) });

  const one = (name: string, item: unknown): string => {
    if (item === null || item === undefined || item === '') return '—';
    const custom = customOf(name);
    if (custom && (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean'))
      return customValueText(custom, item, language, yesNo);
    if (typeof item === 'boolean') return valueLabel('boolean', String(item));
    const input = valueInputOf(name);
    const kind = kinds[input];
    if (kind) return valueLabel(kind, String(item));
    if (input === 'ticketType') return ticketTypes.label(String(item));
    if (input === 'businessUnit') return businessUnits.label(String(item));
    if (input === 'hours') return t('automation.trigger.hoursValue', { count: Number(item) });
    if (input in names && typeof item === 'number') return names[input as Named].get(item) ?? `#${item}`;
    return typeof item === 'object' ? JSON.stringify(item) : String(item);
  };

  const value = (name: string, item: unknown): string =>
    Array.isArray(item)
      ? item.length === 0
        ? '—'
        : item.map((each) => one(name, each)).join(t('automation.trigger.listSeparator'))
      : one(name, item);

  const condition = (c: TriggerCondition): string =>
    c.op === 'changed'
      ? t('automation.trigger.conditionChanged', { field: field(c.field) })
      : t('automation.trigger.conditionText', {
          field: field(c.field),
          op: t(`automation.trigger.op.${c.op}`),
          value: value(c.field, c.value),
        });

  return { field, value, condition };
}
