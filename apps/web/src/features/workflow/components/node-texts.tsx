import { Fragment, type ReactNode } from 'react';
import { useQueries } from '@tanstack/react-query';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  customKeyOf,
  recordFields,
  type ApproverRule,
  type BusinessField,
  type Condition,
  type FlowNode,
  type User,
  type WorkflowStatus,
  type WorkflowType,
} from '@casedesk/shared';
import { resourceKeys } from '../../../platform/crud/resource-api';
import { labelLanguage } from '../../../platform/custom-field-language';
import { useCustomFieldDefinitions } from '../../../platform/custom-fields/custom-field-definitions';
import { http } from '../../../platform/http/client';
import { usePermissions } from '../../../platform/permission';
import { useValueLabel, type ValueKind } from '../../../platform/labels/labels';
import { RecordName, recordOfField } from '../../../platform/pickers/RecordName';
import { UserName } from '../../../platform/pickers/UserName';
import type { UserOption } from '../../../platform/pickers/UserSelect';

/** Strategies whose `ids` must be chosen (`deptLeader` without ids means the initiator's department). */
export const strategiesWithIds = new Set<ApproverRule['strategy']>([
  'users',
  'role',
  'group',
  'position',
  'deptMembers',
]);

/**
 * The fields of a record type that conditions, approver rules and field permissions name: its fixed fields, then
 * its custom fields (`custom.<key>`; archived ones only where `name`s already use them).
 */
export function useRecordFields(type: WorkflowType) {
  const { data: definitions = [] } = useCustomFieldDefinitions(type);
  const all = recordFields(type, definitions);
  const active = new Set(definitions.filter((d) => d.status === 'Active').map((d) => `custom.${d.key}`));
  return {
    definitions,
    /** What a new choice may offer: fixed fields and active custom fields. */
    fields: all.filter((f) => !f.label || active.has(f.name)) as readonly BusinessField[],
    fieldOf: (name: string) => all.find((f) => f.name === name),
    definitionOf: (name: string) => definitions.find((d) => d.key === customKeyOf(name)),
  };
}

/** The shared enum an enum field of a record type holds (its words are `useValueLabel`'s). */
const enumOfField: Record<WorkflowType, Record<string, ValueKind>> = {
  Ticket: { priority: 'ticketPriority', status: 'ticketStatus' },
  Invoice: {},
  Requisition: {},
};

/** The labels of a record type's fields, values and operators in the user's language. */
export function useFieldTexts(type: WorkflowType) {
  const { t, i18n } = useTranslation();
  const valueLabel = useValueLabel();
  const { definitionOf } = useRecordFields(type);
  const language = labelLanguage(i18n.language);
  const fieldLabel = (name: string) =>
    definitionOf(name)?.label[language] ?? t(`workflow.field.${type}.${name}`, { defaultValue: name });
  const optionLabel = (field: string, value: string) => {
    const custom = definitionOf(field);
    if (custom) return custom.options.find((o) => o.value === value)?.label[language] ?? value;
    const kind = enumOfField[type][field];
    return kind ? valueLabel(kind, value) : value;
  };
  const opLabel = (op: Condition['op']) => t(`workflow.op.${op}`);
  return { fieldLabel, optionLabel, opLabel };
}

/**
 * One value of a record's field as a person reads it: an enum's label, a user's or a record's name (`text` when
 * the answer carries it), Yes/No, a list joined.
 */
export function FieldValue({
  type,
  field,
  value,
  text,
}: {
  type: WorkflowType;
  field: string;
  value: unknown;
  text?: string;
}) {
  const { optionLabel } = useFieldTexts(type);
  const { fieldOf } = useRecordFields(type);
  const valueLabel = useValueLabel();
  if (text !== undefined) return <>{text}</>;
  if (value === null || value === undefined || value === '') return <>—</>;
  if (Array.isArray(value))
    return (
      <>
        {value.map((one, i) => (
          <Fragment key={i}>
            {i > 0 && ', '}
            <FieldValue type={type} field={field} value={one} />
          </Fragment>
        ))}
      </>
    );
  if (typeof value === 'boolean') return <>{valueLabel('boolean', value)}</>;
  const kind = fieldOf(field)?.kind;
  const record = recordOfField[field];
  if (kind === 'user' && typeof value === 'number') return <UserName id={value} />;
  if (kind === 'id' && record && typeof value === 'number') return <RecordName record={record} id={value} />;
  return <>{optionLabel(field, String(value))}</>;
}

/** Users already chosen, loaded by id so that the pickers show their names at once. */
export function useKnownUsers(ids: readonly number[] | undefined): UserOption[] {
  const { has } = usePermissions();
  const results = useQueries({
    queries: (ids ?? []).map((id) => ({
      queryKey: resourceKeys('User').of('one', id),
      queryFn: () => http.get<User>(`/api/User/Get/${id}`, undefined, { quiet: true }),
      enabled: has('user:view'),
      retry: false,
      staleTime: 60_000,
    })),
  });
  return results.flatMap((r) => (r.data ? [r.data] : []));
}

function ValueText({ type, condition }: { type: WorkflowType; condition: Condition }) {
  const kind = useRecordFields(type).fieldOf(condition.field)?.kind;
  // An id or a user typed as text in a condition still names its record.
  const value =
    (kind === 'id' || kind === 'user') && typeof condition.value === 'string' && /^\d+$/.test(condition.value)
      ? Number(condition.value)
      : condition.value;
  return <FieldValue type={type} field={condition.field} value={value} />;
}

/** A condition in words: "Priority is Urgent". */
export function ConditionText({ type, conditions }: { type: WorkflowType; conditions: Condition[] }) {
  const { t } = useTranslation();
  const { fieldLabel, opLabel } = useFieldTexts(type);
  return (
    <>
      {conditions.map((condition, i) => (
        <Fragment key={i}>
          {i > 0 && <> {t('workflow.design.and')} </>}
          {fieldLabel(condition.field)} {opLabel(condition.op)} <ValueText type={type} condition={condition} />
        </Fragment>
      ))}
    </>
  );
}

/** Who an approver or CC rule names, in a line. */
export function RuleText({ type, rule }: { type: WorkflowType; rule: ApproverRule }) {
  const { t } = useTranslation();
  const { fieldLabel } = useFieldTexts(type);
  const ids = rule.ids ?? [];
  const strategy = t(`workflow.strategy.${rule.strategy}`);
  if (strategiesWithIds.has(rule.strategy) && ids.length === 0)
    return <span className="wf-placeholder">{t('workflow.node.chooseWho')}</span>;
  if (rule.strategy === 'users')
    return (
      <>
        {ids.slice(0, 3).map((id, i) => (
          <Fragment key={id}>
            {i > 0 && ', '}
            <UserName id={id} />
          </Fragment>
        ))}
        {ids.length > 3 && ` +${ids.length - 3}`}
      </>
    );
  if (rule.strategy === 'leaderLevels') return <>{t('workflow.node.levelsUp', { count: rule.levels ?? 1 })}</>;
  if (rule.strategy === 'recordField')
    return rule.field ? (
      <>
        {strategy}: {fieldLabel(rule.field)}
      </>
    ) : (
      <span className="wf-placeholder">{t('workflow.node.chooseField')}</span>
    );
  if (rule.strategy === 'deptLeader' && ids.length === 0) return <>{t('workflow.node.initiatorDeptLeader')}</>;
  return ids.length > 0 ? <>{t('workflow.node.strategyCount', { strategy, count: ids.length })}</> : <>{strategy}</>;
}

/** The body of a node's card. */
export function NodeSummary({ type, node }: { type: WorkflowType; node: FlowNode }): ReactNode {
  const { t } = useTranslation();
  switch (node.type) {
    case 'start': {
      const rule = node.initiators;
      if (!rule || rule.everyone) return t('workflow.node.everyone');
      const count = rule.userIds.length + rule.roleIds.length + rule.deptIds.length;
      return t('workflow.node.someInitiators', { count });
    }
    case 'approver':
      return (
        <>
          <div>
            <RuleText type={type} rule={node.approvers} />
          </div>
          <div className="wf-placeholder">
            {node.mode === 'percent'
              ? t('workflow.mode.percentOf', { percent: node.percent ?? '?' })
              : t(`workflow.mode.${node.mode}`)}
            {node.timeout ? ` · ${t('workflow.node.timeoutHours', { count: node.timeout.hours })}` : ''}
          </div>
        </>
      );
    case 'cc':
      return <RuleText type={type} rule={node.approvers} />;
    default:
      return null;
  }
}

const statusColors: Record<WorkflowStatus, string> = { Draft: 'default', Published: 'success', Disabled: 'error' };

/** Draft / Published / Disabled as a coloured tag. */
export function WorkflowStatusTag({ status }: { status: WorkflowStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={statusColors[status]} className={`wf-status-${status}`}>
      {t(`workflow.status.${status}`)}
    </Tag>
  );
}
