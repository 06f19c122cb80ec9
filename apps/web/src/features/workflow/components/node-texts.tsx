import { Fragment, type ReactNode } from 'react';
import { useQueries } from '@tanstack/react-query';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  businessFields,
  type ApproverRule,
  type BusinessField,
  type Condition,
  type FlowNode,
  type User,
  type WorkflowStatus,
  type WorkflowType,
} from '@casedesk/shared';
import { resourceKeys } from '../../../platform/crud/resource-api';
import { http } from '../../../platform/http/client';
import { usePermissions } from '../../../platform/permission';
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

export const fieldsOf = (type: WorkflowType): readonly BusinessField[] => businessFields[type];
export const fieldOf = (type: WorkflowType, name: string) => businessFields[type].find((f) => f.name === name);

/** The labels of a record type's fields, values and operators in the user's language. */
export function useFieldTexts(type: WorkflowType) {
  const { t } = useTranslation();
  const fieldLabel = (name: string) => t(`workflow.field.${type}.${name}`, { defaultValue: name });
  // Ticket priorities and statuses have their words already (the ticket screens' texts).
  const optionLabel = (field: string, value: string) =>
    type === 'Ticket' && (field === 'priority' || field === 'status')
      ? t(`ticket.${field}.${value}`, { defaultValue: value })
      : value;
  const opLabel = (op: Condition['op']) => t(`workflow.op.${op}`);
  return { fieldLabel, optionLabel, opLabel };
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
  const { optionLabel } = useFieldTexts(type);
  const kind = fieldOf(type, condition.field)?.kind;
  const values = Array.isArray(condition.value) ? condition.value : [condition.value];
  return (
    <>
      {values.map((value, i) => (
        <Fragment key={i}>
          {i > 0 && ', '}
          {kind === 'user' && typeof value === 'number' ? (
            <UserName id={value} />
          ) : (
            optionLabel(condition.field, String(value))
          )}
        </Fragment>
      ))}
    </>
  );
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
