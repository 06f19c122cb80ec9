import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, InputNumber, Select, Space } from 'antd';
import { DatePicker } from '../../../platform/forms/DatePicker';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { conditionOpsFor, type BusinessField, type Condition, type WorkflowType } from '@casedesk/shared';
import { CustomConditionValue, customEmptyValue } from '../../../platform/custom-fields/CustomConditionValue';
import { RemoteSelect } from '../../../platform/pickers/RemoteSelect';
import { UserSelect } from '../../../platform/pickers/UserSelect';
import { searchCategories, searchCompanies, searchProjects } from '../../../platform/pickers/lookups';
import { resourceKeys } from '../../../platform/crud/resource-api';
import { useFieldTexts, useKnownUsers, useRecordFields } from './node-texts';

/** The operators that mean something for a kind of field (order makes no sense for an enum or a person). */
export const opsFor = (kind: BusinessField['kind'] | undefined): Condition['op'][] => conditionOpsFor(kind);

/** The value a new condition on this field starts with. */
export function emptyValue(field: BusinessField | undefined, op: Condition['op']): Condition['value'] {
  if (op === 'in') return [];
  if (field?.kind === 'enum') return field.options?.[0] ?? '';
  if (field?.kind === 'number') return 0;
  return '';
}

// Id fields with a picker of their own: the label shows what the id is.
const idSearches: Record<string, (keyword: string) => Promise<{ value: number; label: string }[]>> = {
  projectId: searchProjects,
  companyId: searchCompanies,
  categoryId: (keyword) => searchCategories(keyword),
};
const idResources: Record<string, string> = { projectId: 'Project', companyId: 'Company', categoryId: 'Category' };

const toNumbers = (value: Condition['value']): number[] =>
  (Array.isArray(value) ? value : [value]).map(Number).filter((n) => Number.isFinite(n) && n > 0);

/** The value input of one condition, by the field's kind: a select of options, a user picker, a number ... */
function ValueInput({
  type,
  condition,
  onChange,
}: {
  type: WorkflowType;
  condition: Condition;
  onChange: (value: Condition['value']) => void;
}) {
  const { t } = useTranslation();
  const { optionLabel } = useFieldTexts(type);
  const { fieldOf, definitionOf } = useRecordFields(type);
  const field = fieldOf(condition.field);
  const many = condition.op === 'in';
  const known = useKnownUsers(field?.kind === 'user' ? toNumbers(condition.value) : []);
  const className = 'wf-condition-value';
  const custom = definitionOf(condition.field);
  if (custom)
    return (
      <CustomConditionValue
        def={custom}
        condition={condition}
        onChange={onChange}
        knownUsers={known}
        className={className}
      />
    );
  switch (field?.kind) {
    case 'enum': {
      const options = (field.options ?? []).map((value) => ({ value, label: optionLabel(field.name, value) }));
      return many ? (
        <Select<string[]>
          className={className}
          mode="multiple"
          value={(Array.isArray(condition.value) ? condition.value : []).map(String)}
          onChange={onChange}
          options={options}
          style={{ minWidth: 180 }}
        />
      ) : (
        <Select<string>
          className={className}
          value={String(condition.value)}
          onChange={onChange}
          options={options}
          style={{ minWidth: 140 }}
        />
      );
    }
    case 'user':
      return (
        <div className={className} style={{ minWidth: 200 }}>
          {many ? (
            <UserSelect mode="multiple" known={known} value={toNumbers(condition.value)} onChange={onChange} />
          ) : (
            <UserSelect
              known={known}
              value={toNumbers(condition.value)[0] ?? null}
              onChange={(value) => onChange(value ?? '')}
            />
          )}
        </div>
      );
    case 'number':
      return many ? (
        <Select<string[]>
          className={className}
          mode="tags"
          value={(Array.isArray(condition.value) ? condition.value : []).map(String)}
          onChange={(values) => onChange(values.map(Number).filter(Number.isFinite))}
          style={{ minWidth: 180 }}
          placeholder={t('workflow.design.typeValues')}
        />
      ) : (
        <InputNumber<number>
          className={className}
          value={typeof condition.value === 'number' ? condition.value : Number(condition.value) || 0}
          onChange={(value) => onChange(value ?? 0)}
          style={{ width: 140 }}
        />
      );
    case 'date':
      return (
        <DatePicker
          className={className}
          value={typeof condition.value === 'string' && condition.value ? dayjs(condition.value) : null}
          onChange={(value) => onChange(value ? value.format('YYYY-MM-DD') : '')}
        />
      );
    case 'id': {
      const search = idSearches[field.name];
      if (search)
        return (
          <div className={className} style={{ minWidth: 220 }}>
            <RemoteSelect
              queryKey={resourceKeys(idResources[field.name] ?? field.name).of('options')}
              search={search}
              mode={many ? 'multiple' : undefined}
              value={many ? toNumbers(condition.value) : (toNumbers(condition.value)[0] ?? null)}
              onChange={(value) => onChange(value ?? '')}
            />
          </div>
        );
      return many ? (
        <Select<string[]>
          className={className}
          mode="tags"
          value={(Array.isArray(condition.value) ? condition.value : []).map(String)}
          onChange={(values) => onChange(values.map(Number).filter((n) => Number.isInteger(n) && n > 0))}
          style={{ minWidth: 180 }}
          placeholder={t('workflow.design.typeValues')}
        />
      ) : (
        <InputNumber<number>
          className={className}
          min={1}
          precision={0}
          value={toNumbers(condition.value)[0] ?? null}
          onChange={(value) => onChange(value ?? '')}
          style={{ width: 140 }}
        />
      );
    }
    default:
      return many ? (
        <Select<string[]>
          className={className}
          mode="tags"
          value={(Array.isArray(condition.value) ? condition.value : []).map(String)}
          onChange={onChange}
          style={{ minWidth: 180 }}
          placeholder={t('workflow.design.typeValues')}
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

/**
 * Conditions over a record type's fields, all of which must hold: field (with its label), operator, and a value
 * input that fits the field. Used by condition branches and by the registry.
 */
export function ConditionsBuilder({
  type,
  value = [],
  onChange,
}: {
  type: WorkflowType;
  value?: Condition[];
  onChange?: (value: Condition[]) => void;
}) {
  const { t } = useTranslation();
  const { fieldLabel, opLabel } = useFieldTexts(type);
  const { fields, fieldOf, definitionOf } = useRecordFields(type);
  /** A new condition's value: a custom field's by its type, a fixed field's by its kind. */
  const startValue = (name: string, op: Condition['op']) => {
    const custom = definitionOf(name);
    return custom ? customEmptyValue(custom, op) : emptyValue(fieldOf(name), op);
  };
  const set = (index: number, condition: Condition) =>
    onChange?.(value.map((item, i) => (i === index ? condition : item)));
  return (
    <div className="wf-conditions">
      {value.map((condition, index) => {
        const field = fieldOf(condition.field);
        return (
          <Space key={index} wrap align="start" className="wf-condition" style={{ marginBottom: 8 }}>
            <Select<string>
              className="wf-condition-field"
              value={condition.field || undefined}
              placeholder={t('workflow.design.field')}
              onChange={(name) => {
                const ops = opsFor(fieldOf(name)?.kind);
                const op = ops.includes(condition.op) ? condition.op : ops[0]!;
                set(index, { field: name, op, value: startValue(name, op) });
              }}
              // An archived custom field a stored condition names stays on offer there, by its label.
              options={[...fields.map((f) => f.name), ...(field && !fields.includes(field) ? [field.name] : [])].map(
                (name) => ({ value: name, label: fieldLabel(name) }),
              )}
              style={{ width: 170 }}
            />
            <Select<Condition['op']>
              className="wf-condition-op"
              value={condition.op}
              onChange={(op) =>
                set(index, {
                  ...condition,
                  op,
                  value:
                    (op === 'in') === Array.isArray(condition.value)
                      ? condition.value
                      : startValue(condition.field, op),
                })
              }
              options={opsFor(field?.kind).map((op) => ({ value: op, label: opLabel(op) }))}
              style={{ width: 120 }}
            />
            <ValueInput type={type} condition={condition} onChange={(v) => set(index, { ...condition, value: v })} />
            <Button
              type="text"
              danger
              className="wf-condition-remove"
              aria-label={t('workflow.design.removeCondition')}
              icon={<DeleteOutlined />}
              onClick={() => onChange?.(value.filter((_, i) => i !== index))}
            />
          </Space>
        );
      })}
      <Button
        type="dashed"
        className="wf-condition-add"
        icon={<PlusOutlined />}
        onClick={() => {
          const first = fields[0];
          onChange?.([...value, { field: first?.name ?? '', op: 'eq', value: emptyValue(first, 'eq') }]);
        }}
      >
        {t('workflow.design.addConditionRow')}
      </Button>
    </div>
  );
}
