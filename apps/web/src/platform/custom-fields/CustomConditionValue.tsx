import { Input, InputNumber, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Condition, CustomFieldDefinition } from '@casedesk/shared';
import { labelLanguage } from '../custom-field-language';
import { DatePicker } from '../forms/DatePicker';
import { useUser } from '../pickers/lookups';
import { UserSelect, type UserOption } from '../pickers/UserSelect';

const listOf = (value: Condition['value']) => (Array.isArray(value) ? value : value === '' ? [] : [value]);
const numbers = (value: Condition['value']) => listOf(value).map(Number).filter(Number.isFinite);

/**
 * The value of a condition on a custom field, by its type: its options by label (several for "is one of"), a
 * number, a date, a person, yes/no, or text. Used by the workflow, registry and service level editors.
 */
export function CustomConditionValue({
  def,
  condition,
  onChange,
  knownUsers,
  className,
}: {
  def: CustomFieldDefinition;
  condition: Condition;
  onChange: (value: Condition['value']) => void;
  knownUsers?: UserOption[];
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const language = labelLanguage(i18n.language);
  const many = condition.op === 'in';
  const style = { minWidth: 180 };
  // A chosen person reads by name at once, also where the editor knows no users of its own (service levels).
  const chosen = useUser(def.type === 'user' && !knownUsers ? (numbers(condition.value)[0] ?? null) : null);
  const known = knownUsers ?? (chosen.data ? [chosen.data] : []);
  switch (def.type) {
    case 'select':
    case 'multiselect': {
      const options = def.options.map((o) => ({ value: o.value, label: o.label[language] }));
      return many ? (
        <Select<string[]>
          className={className}
          mode="multiple"
          value={listOf(condition.value).map(String)}
          onChange={onChange}
          options={options}
          style={style}
        />
      ) : (
        <Select<string>
          className={className}
          value={typeof condition.value === 'string' && condition.value ? condition.value : undefined}
          onChange={onChange}
          options={options}
          style={style}
        />
      );
    }
    case 'number':
    case 'decimal':
      return many ? (
        <Select<string[]>
          className={className}
          mode="tags"
          value={listOf(condition.value).map(String)}
          onChange={(values) => onChange(values.map(Number).filter(Number.isFinite))}
          style={style}
          placeholder={t('crud.picker.typeValues')}
        />
      ) : (
        <InputNumber<number>
          className={className}
          value={numbers(condition.value)[0] ?? null}
          precision={def.type === 'number' ? 0 : undefined}
          onChange={(value) => onChange(value ?? 0)}
          style={{ width: 140 }}
        />
      );
    case 'date':
    case 'datetime':
      return (
        <DatePicker
          className={className}
          value={typeof condition.value === 'string' && condition.value ? dayjs(condition.value) : null}
          onChange={(value) => onChange(value ? value.format('YYYY-MM-DD') : '')}
        />
      );
    case 'user':
      return (
        <div className={className} style={{ minWidth: 200 }}>
          {many ? (
            <UserSelect mode="multiple" known={known} value={numbers(condition.value)} onChange={onChange} />
          ) : (
            <UserSelect
              known={known}
              value={numbers(condition.value)[0] ?? null}
              onChange={(value) => onChange(value ?? '')}
            />
          )}
        </div>
      );
    case 'checkbox':
      return (
        <Select<string>
          className={className}
          value={condition.value === false ? 'false' : 'true'}
          onChange={(value) => onChange(value === 'true')}
          options={[
            { value: 'true', label: t('values.boolean.true') },
            { value: 'false', label: t('values.boolean.false') },
          ]}
          style={{ width: 120 }}
        />
      );
    default:
      return many ? (
        <Select<string[]>
          className={className}
          mode="tags"
          value={listOf(condition.value).map(String)}
          onChange={onChange}
          style={style}
          placeholder={t('crud.picker.typeValues')}
        />
      ) : (
        <Input
          className={className}
          value={String(condition.value)}
          onChange={(e) => onChange(e.target.value)}
          style={{ width: 180 }}
          maxLength={500}
        />
      );
  }
}

/** The value a new condition on a custom field starts with (a first option, yes, zero, or nothing yet). */
export function customEmptyValue(def: CustomFieldDefinition, op: Condition['op']): Condition['value'] {
  if (op === 'in') return [];
  if (def.type === 'select' || def.type === 'multiselect') return def.options[0]?.value ?? '';
  if (def.type === 'checkbox') return true;
  if (def.type === 'number' || def.type === 'decimal') return 0;
  return '';
}
