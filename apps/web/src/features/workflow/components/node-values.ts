import {
  businessFields,
  type ApproverRule,
  type FieldAccess,
  type FlowBranch,
  type FlowNode,
  type NodeTimeout,
  type WorkflowType,
} from '@casedesk/shared';
import { strategiesWithIds } from './node-texts';

/** A node type's own settings (what the drawer edits), from the shared schema's node type. */
type SettingsOf<T extends FlowNode['type']> = Omit<Extract<FlowNode, { type: T }>, 'id' | 'type' | 'next'>;

/**
 * The property drawers' form values: the settings of a start, approver or cc node (a rule half filled while it is
 * edited), a branch's conditions, and `timeoutOn` for the time limit switch.
 */
export type NodeValues = Partial<
  Omit<
    SettingsOf<'start'> & SettingsOf<'approver'> & SettingsOf<'cc'>,
    'approvers' | 'timeout' | 'initiators' | 'noApprover'
  >
> &
  Partial<Pick<FlowBranch, 'conditions'>> & {
    approvers?: Partial<ApproverRule>;
    initiators?: Partial<NonNullable<SettingsOf<'start'>['initiators']>>;
    noApprover?: Partial<NonNullable<SettingsOf<'approver'>['noApprover']>>;
    timeout?: Partial<NodeTimeout>;
    timeoutOn?: boolean;
  };

/** The rule as the strategy needs it: only the settings it reads are kept. */
export function cleanRule(rule: Partial<ApproverRule> | undefined): ApproverRule {
  const strategy = rule?.strategy ?? 'users';
  const clean: ApproverRule = { strategy };
  const ids = rule?.ids ?? [];
  if (strategiesWithIds.has(strategy) || (strategy === 'deptLeader' && ids.length > 0)) clean.ids = ids;
  if (strategy === 'leaderLevels') clean.levels = rule?.levels ?? 1;
  if (strategy === 'recordField' && rule?.field) clean.field = rule.field;
  return clean;
}

/** Only the fields whose access differs from the default (read) are stored. */
function cleanPermissions(permissions: Record<string, FieldAccess> | undefined) {
  const changed = Object.entries(permissions ?? {}).filter(([, access]) => access && access !== 'read');
  return changed.length > 0 ? { fieldPermissions: Object.fromEntries(changed) } : {};
}

/** The node with the drawer's values, keeping only what its settings mean (the tree's shape is kept by the caller). */
export function nodeFromValues(node: FlowNode, v: NodeValues): FlowNode {
  const name = typeof v.name === 'string' ? v.name : node.name;
  switch (node.type) {
    case 'start': {
      const initiators = v.initiators;
      const { fieldPermissions: _old, ...rest } = node;
      return {
        ...rest,
        name,
        initiators: {
          everyone: initiators?.everyone ?? true,
          userIds: initiators?.everyone === false ? (initiators.userIds ?? []) : [],
          roleIds: initiators?.everyone === false ? (initiators.roleIds ?? []) : [],
          deptIds: initiators?.everyone === false ? (initiators.deptIds ?? []) : [],
        },
        allowCancel: Boolean(v.allowCancel),
        allowRecall: Boolean(v.allowRecall),
        ...cleanPermissions(v.fieldPermissions),
      };
    }
    case 'approver': {
      const { noApprover, reasonRequired: reason, timeout } = v;
      const mode = v.mode ?? 'any';
      return {
        id: node.id,
        type: 'approver',
        name,
        next: node.next ?? null,
        approvers: cleanRule(v.approvers),
        mode,
        ...(mode === 'percent' ? { percent: v.percent ?? 50 } : {}),
        noApprover: {
          action: noApprover?.action ?? 'autoApprove',
          ...(noApprover?.action === 'fallback' && noApprover.userId ? { userId: noApprover.userId } : {}),
        },
        selfApprover: v.selfApprover ?? 'approve',
        skipIfApproved: Boolean(v.skipIfApproved),
        onReject: v.onReject === 'returnToInitiator' ? 'returnToInitiator' : 'end',
        reasonRequired: { approve: Boolean(reason?.approve), reject: Boolean(reason?.reject) },
        ...(v.timeoutOn
          ? {
              timeout: {
                hours: timeout?.hours ?? 24,
                remindTimes: timeout?.remindTimes ?? 1,
                action: timeout?.action ?? 'none',
              },
            }
          : {}),
        ...cleanPermissions(v.fieldPermissions),
      };
    }
    case 'cc':
      return {
        id: node.id,
        type: 'cc',
        name,
        next: node.next ?? null,
        approvers: cleanRule(v.approvers),
        ...cleanPermissions(v.fieldPermissions),
      };
    default:
      return { ...node, name } as FlowNode;
  }
}

export function valuesOf(node: FlowNode, type: WorkflowType): NodeValues {
  // Fixed fields start as read; custom fields (`custom.<key>`) keep what the node says of them.
  const permissions = {
    ...Object.fromEntries(
      businessFields[type].map((f) => [
        f.name,
        ('fieldPermissions' in node && node.fieldPermissions?.[f.name]) || 'read',
      ]),
    ),
    ...('fieldPermissions' in node ? node.fieldPermissions : {}),
  };
  switch (node.type) {
    case 'start':
      return {
        name: node.name,
        initiators: node.initiators ?? { everyone: true, userIds: [], roleIds: [], deptIds: [] },
        allowCancel: node.allowCancel ?? false,
        allowRecall: node.allowRecall ?? false,
        fieldPermissions: permissions,
      };
    case 'approver':
      return {
        ...node,
        noApprover: node.noApprover ?? { action: 'autoApprove' },
        selfApprover: node.selfApprover ?? 'approve',
        onReject: node.onReject ?? 'end',
        timeoutOn: Boolean(node.timeout),
        timeout: node.timeout ?? { hours: 24, remindTimes: 1, action: 'none' },
        fieldPermissions: permissions,
      };
    case 'cc':
      return { ...node, fieldPermissions: permissions };
    default:
      return { name: node.name };
  }
}
