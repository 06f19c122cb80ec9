import { Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  slaTargets,
  ticketFroms,
  ticketPriorities,
  ticketStatuses,
  type Category,
  type Company,
  type Project,
  type TriggerCondition,
} from '@casedesk/shared';
import { resourceKeys } from '../../../platform/crud/resource-api';
import { useValueLabel, type ValueKind } from '../../../platform/labels/labels';
import { useDictionaryItems } from '../../../platform/labels/dictionary-labels';
import { DictionarySelect } from '../../../platform/pickers/DictionarySelect';
import { searchCategories, searchCompanies, searchProjects, useRecord } from '../../../platform/pickers/lookups';
import { RemoteSelect, type Option } from '../../../platform/pickers/RemoteSelect';
import { UserSelect } from '../../../platform/pickers/UserSelect';
import { valueInputOf } from './trigger-fields';

type Value = TriggerCondition['value'];

const listOf = (value: Value): (string | number)[] =>
  Array.isArray(value) ? value : value === undefined || value === '' || typeof value === 'boolean' ? [] : [value];
const idsOf = (value: Value) =>
  listOf(value)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);

const enums: Partial<Record<string, { kind: ValueKind; values: readonly string[] }>> = {
  status: { kind: 'ticketStatus', values: ticketStatuses },
  priority: { kind: 'ticketPriority', values: ticketPriorities },
  ticketFrom: { kind: 'ticketFrom', values: ticketFroms },
  approvalStatus: { kind: 'instanceStatus', values: ['Approved', 'Rejected', 'Cancelled'] },
  slaTarget: { kind: 'slaTarget', values: slaTargets },
};

const records = {
  project: {
    resource: 'Project',
    search: searchProjects,
    label: (p: Project) => `${p.projectCode} · ${p.projectName}`,
  },
  category: {
    resource: 'Category',
    search: (keyword: string) => searchCategories(keyword),
    label: (c: Category) => `${c.categoryCode} · ${c.categoryDescription}`,
  },
  company: { resource: 'Company', search: searchCompanies, label: (c: Company) => `${c.code} · ${c.name}` },
} as const;

/** A record picker that names a stored single choice before any search. */
function RecordValue({
  kind,
  value,
  many,
  onChange,
}: {
  kind: keyof typeof records;
  value: Value;
  many: boolean;
  onChange: (value: Value) => void;
}) {
  const record = records[kind];
  const first = idsOf(value)[0];
  const stored = useRecord<Project & Category & Company>(record.resource, `${kind}:view`, many ? null : first);
  const known: Option[] = stored.data && first ? [{ value: first, label: record.label(stored.data) }] : [];
  return (
    <RemoteSelect
      queryKey={resourceKeys(record.resource).of('options')}
      search={record.search}
      known={known}
      mode={many ? 'multiple' : undefined}
      value={many ? idsOf(value) : (first ?? null)}
      onChange={(next) => onChange(next ?? undefined)}
    />
  );
}

/** The value of one trigger condition, by its field: labelled choices, pickers, yes/no, hours or text. */
export function ConditionValueInput({
  condition,
  onChange,
}: {
  condition: TriggerCondition;
  onChange: (value: Value) => void;
}) {
  const { t } = useTranslation();
  const valueLabel = useValueLabel();
  const ticketTypes = useDictionaryItems('ticketType');
  const businessUnits = useDictionaryItems('businessUnit');
  const input = valueInputOf(condition.field);
  const many = condition.op === 'in';
  const label = t('automation.trigger.value');
  if (condition.op === 'changed') return null;
  const choice = enums[input];
  if (choice) {
    const options = choice.values.map((value) => ({ value, label: valueLabel(choice.kind, value) }));
    return many ? (
      <Select<string[]>
        mode="multiple"
        aria-label={label}
        value={listOf(condition.value).map(String)}
        onChange={onChange}
        options={options}
      />
    ) : (
      <Select<string>
        aria-label={label}
        value={typeof condition.value === 'string' ? condition.value : undefined}
        onChange={onChange}
        options={options}
      />
    );
  }
  switch (input) {
    case 'project':
    case 'category':
    case 'company':
      return <RecordValue kind={input} value={condition.value} many={many} onChange={onChange} />;
    case 'user':
      return many ? (
        <UserSelect mode="multiple" value={idsOf(condition.value)} onChange={onChange} />
      ) : (
        <UserSelect value={idsOf(condition.value)[0] ?? null} onChange={(next) => onChange(next ?? undefined)} />
      );
    case 'ticketType':
    case 'businessUnit': {
      const code = input;
      const items = code === 'ticketType' ? ticketTypes : businessUnits;
      return many ? (
        <Select<string[]>
          mode="tags"
          aria-label={label}
          value={listOf(condition.value).map(String)}
          onChange={onChange}
          options={items.options}
        />
      ) : (
        <DictionarySelect
          code={code}
          value={typeof condition.value === 'string' ? condition.value : ''}
          onChange={(next) => onChange(next ?? '')}
        />
      );
    }
    case 'yesNo':
      return (
        <Select<string>
          aria-label={label}
          value={String(condition.value === true)}
          onChange={(next) => onChange(next === 'true')}
          options={['true', 'false'].map((value) => ({ value, label: valueLabel('boolean', value) }))}
        />
      );
    case 'hours':
      return (
        <InputNumber<number>
          aria-label={label}
          min={0}
          max={1_000_000}
          precision={0}
          suffix={t('automation.trigger.hours')}
          value={typeof condition.value === 'number' ? condition.value : null}
          onChange={(next) => onChange(next ?? undefined)}
        />
      );
    default:
      return many ? (
        <Select<string[]>
          mode="tags"
          aria-label={label}
          value={listOf(condition.value).map(String)}
          onChange={onChange}
          open={false}
        />
      ) : (
        <Input
          aria-label={label}
          maxLength={200}
          value={typeof condition.value === 'string' ? condition.value : ''}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
}
