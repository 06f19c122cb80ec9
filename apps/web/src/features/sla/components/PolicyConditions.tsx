import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  conditionOps,
  conditionOpsFor,
  customBusinessField,
  customKeyOf,
  slaConditionFields,
  ticketPriorities,
  type Condition,
  type CustomFieldDefinition,
  type SlaConditionField,
} from '@casedesk/shared';
import { labelLanguage } from '../../../platform/custom-field-language';
import { useCustomFieldDefinitions } from '../../../platform/custom-fields/custom-field-definitions';
import { CustomConditionValue, customEmptyValue } from '../../../platform/custom-fields/CustomConditionValue';
import { resourceKeys } from '../../../platform/crud/resource-api';
import { useValueLabel } from '../../../platform/labels/labels';
import { useDictionaryItems } from '../../../platform/labels/dictionary-labels';
import { DictionarySelect } from '../../../platform/pickers/DictionarySelect';
import { searchCategories, searchCompanies, searchProjects } from '../../../platform/pickers/lookups';
import { RemoteSelect, type Option } from '../../../platform/pickers/RemoteSelect';

/**
 * Order makes sense for the ticket priority (Low < Medium < High < Urgent), records and types are (not) equal; a
 * custom field's operators are its type's (amounts and dates ordered, a multiselect "includes").
 */
export const opsOf = (field: string, custom?: CustomFieldDefinition): Condition['op'][] =>
  custom
    ? conditionOpsFor(customBusinessField(custom).kind)
    : field === 'priority'
      ? conditionOps.filter((op) => op !== 'contains')
      : ['eq', 'ne', 'in'];

const emptyValue = (field: string, op: Condition['op'], custom?: CustomFieldDefinition): Condition['value'] =>
  custom
    ? customEmptyValue(custom, op)
    : op === 'in'
      ? []
      : field === 'priority'
        ? 'High'
        : field === 'ticketType'
          ? ''
          : 0;

const records: Record<string, { resource: string; search: (keyword: string) => Promise<Option[]> }> = {
  projectId: { resource: 'Project', search: searchProjects },
  categoryId: { resource: 'Category', search: (keyword) => searchCategories(keyword) },
  companyId: { resource: 'Company', search: searchCompanies },
};

const ids = (value: Condition['value']) =>
  (Array.isArray(value) ? value : [value]).map(Number).filter((n) => Number.isInteger(n) && n > 0);
const texts = (value: Condition['value']) => (Array.isArray(value) ? value : [value]).map(String).filter(Boolean);

/** The value of one condition, by its field: a record picker, a priority or a ticket type, one or several. */
function ConditionValue({
  condition,
  known,
  onChange,
}: {
  condition: Condition;
  known: Option[];
  onChange: (value: Condition['value']) => void;
}) {
  const valueLabel = useValueLabel();
  const ticketTypes = useDictionaryItems('ticketType');
  const many = condition.op === 'in';
  const record = records[condition.field];
  if (record)
    return (
      <div className="sla-condition-value">
        <RemoteSelect
          queryKey={resourceKeys(record.resource).of('options')}
          search={record.search}
          known={known}
          mode={many ? 'multiple' : undefined}
          value={many ? ids(condition.value) : (ids(condition.value)[0] ?? null)}
          onChange={(value) => onChange(value ?? 0)}
        />
      </div>
    );
  if (condition.field === 'priority') {
    const options = ticketPriorities.map((value) => ({ value, label: valueLabel('ticketPriority', value) }));
    return (
      <div className="sla-condition-value">
        {many ? (
          <Select<string[]> mode="multiple" value={texts(condition.value)} onChange={onChange} options={options} />
        ) : (
          <Select<string> value={String(condition.value)} onChange={onChange} options={options} />
        )}
      </div>
    );
  }
  return (
    <div className="sla-condition-value">
      {many ? (
        <Select<string[]>
          mode="tags"
          value={texts(condition.value)}
          onChange={onChange}
          options={ticketTypes.options}
        />
      ) : (
        <DictionarySelect
          code="ticketType"
          maxLength={50}
          value={typeof condition.value === 'string' ? condition.value : ''}
          onChange={(value) => onChange(value ?? '')}
        />
      )}
    </div>
  );
}

/** The tickets a policy takes: rows of field, operator and value, all of which must hold (none: every ticket). */
export function PolicyConditions({
  value = [],
  onChange,
  known,
}: {
  value?: Condition[];
  onChange?: (value: Condition[]) => void;
  /** Names of the records the stored conditions hold, so the pickers show names before any search. */
  known: { field: string; id: number; name: string }[];
}) {
  const { t, i18n } = useTranslation();
  const language = labelLanguage(i18n.language);
  // Ticket custom fields join the fixed ones as `custom.<key>` (an archived one only where a condition names it).
  const { data: definitions = [] } = useCustomFieldDefinitions('Ticket');
  const customOf = (field: string) => definitions.find((d) => d.key === customKeyOf(field));
  const fieldOptions = (current: string) => [
    ...slaConditionFields.map((field: SlaConditionField) => ({
      value: field as string,
      label: t(`sla.policy.conditionField.${field}`),
    })),
    ...definitions
      .filter((d) => d.status === 'Active' || `custom.${d.key}` === current)
      .map((d) => ({ value: `custom.${d.key}`, label: d.label[language] })),
  ];
  const set = (index: number, condition: Condition) =>
    onChange?.(value.map((item, i) => (i === index ? condition : item)));
  return (
    <div className="sla-conditions">
      {value.length === 0 && <div className="sla-conditions-none">{t('sla.policy.everyTicket')}</div>}
      {value.map((condition, index) => (
        <Space key={index} wrap align="start" className="sla-condition">
          <Select<string>
            className="sla-condition-field"
            style={{ width: 160 }}
            value={condition.field}
            onChange={(field) => {
              const ops = opsOf(field, customOf(field));
              const op = ops.includes(condition.op) ? condition.op : ops[0]!;
              set(index, { field, op, value: emptyValue(field, op, customOf(field)) });
            }}
            options={fieldOptions(condition.field)}
          />
          <Select<Condition['op']>
            className="sla-condition-op"
            style={{ width: 140 }}
            value={condition.op}
            onChange={(op) =>
              set(index, {
                ...condition,
                op,
                value:
                  (op === 'in') === Array.isArray(condition.value)
                    ? condition.value
                    : emptyValue(condition.field, op, customOf(condition.field)),
              })
            }
            options={opsOf(condition.field, customOf(condition.field)).map((op) => ({
              value: op,
              label: t(`sla.policy.op.${op}`),
            }))}
          />
          {customOf(condition.field) ? (
            <CustomConditionValue
              def={customOf(condition.field)!}
              condition={condition}
              className="sla-condition-value"
              onChange={(v) => set(index, { ...condition, value: v })}
            />
          ) : (
            <ConditionValue
              condition={condition}
              known={known.filter((k) => k.field === condition.field).map((k) => ({ value: k.id, label: k.name }))}
              onChange={(v) => set(index, { ...condition, value: v })}
            />
          )}
          <Button
            type="text"
            danger
            aria-label={t('sla.policy.removeCondition')}
            icon={<DeleteOutlined />}
            onClick={() => onChange?.(value.filter((_, i) => i !== index))}
          />
        </Space>
      ))}
      <Button
        type="dashed"
        icon={<PlusOutlined />}
        onClick={() => onChange?.([...value, { field: 'priority', op: 'eq', value: 'High' }])}
      >
        {t('sla.policy.addCondition')}
      </Button>
    </div>
  );
}
