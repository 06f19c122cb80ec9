import { z } from 'zod';
import { idSchema } from '../platform/paging.js';
import { ticketPriorities, ticketStatuses } from '../ticket/ticket.schemas.js';
import { workflowTypes, workflowStatuses, nodeTypes } from './workflow-graph.values.js';
export * from './workflow-graph.values.js';

export const workflowTypeSchema = z.enum(workflowTypes);
export type WorkflowType = z.infer<typeof workflowTypeSchema>;

export const workflowStatusSchema = z.enum(workflowStatuses);
export type WorkflowStatus = z.infer<typeof workflowStatusSchema>;

// ---- the graph (flowChart) ----

export type NodeType = (typeof nodeTypes)[number];

export const approverStrategies = [
  'users',
  'role',
  'group',
  'position',
  'deptMembers',
  'deptLeader',
  'leaderLevels',
  'recordField',
  'initiatorPicks',
  'previousPicks',
] as const;
export type ApproverStrategy = (typeof approverStrategies)[number];

export const approverModes = ['any', 'all', 'percent', 'sequence'] as const;
export type ApproverMode = (typeof approverModes)[number];

/**
 * Who a node means. `ids`: user, role, group, position or department ids as the strategy says (`deptLeader`
 * without ids: the initiator's department); `levels`: `leaderLevels` (1 = the initiator's department leader,
 * 2 = the leader of the department above ...); `field`: `recordField` (a user field of the business record).
 */
export const approverRuleSchema = z.object({
  strategy: z.enum(approverStrategies),
  ids: z.array(idSchema).max(200).optional(),
  levels: z.number().int().min(1).max(10).optional(),
  field: z.string().max(64).optional(),
});
export type ApproverRule = z.infer<typeof approverRuleSchema>;

/** `contains`: a multiselect custom field holds this option (the one operator lists need beyond the others). */
export const conditionOps = ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'in', 'contains'] as const;
export type ConditionOp = (typeof conditionOps)[number];
const conditionValueSchema = z.union([
  z.string().max(500),
  z.number(),
  z.boolean(),
  z.array(z.union([z.string().max(500), z.number()])).max(200),
]);
export const conditionSchema = z.object({
  field: z.string().max(64),
  op: z.enum(conditionOps),
  value: conditionValueSchema,
});
export type Condition = z.infer<typeof conditionSchema>;

export const fieldAccesses = ['read', 'write', 'hidden'] as const;
export type FieldAccess = (typeof fieldAccesses)[number];

/** Per node: what happens when the node's rule finds nobody. */
export const noApproverSchema = z.object({
  action: z.enum(['autoApprove', 'reject', 'fallback']).default('autoApprove'),
  userId: idSchema.optional(),
});
/** Per node: the approver found is the initiator. */
export const selfApproverActions = ['approve', 'skip', 'leader'] as const;

/** Per node time limit, counted in working hours on the holiday calendar (Settings → Holiday). */
export const nodeTimeoutSchema = z.object({
  hours: z.number().min(0.25).max(10_000),
  /** Reminders sent before the final action, one each `hours` (at most this many). */
  remindTimes: z.number().int().min(0).max(10).default(1),
  action: z.enum(['none', 'approve', 'reject', 'escalate']).default('none'),
});
export type NodeTimeout = z.infer<typeof nodeTimeoutSchema>;

const nodeBase = {
  id: z.string().trim().min(1).max(64),
  name: z.string().trim().min(1).max(100),
};

/** Who may start the workflow: everyone, or any of these users / roles / departments. */
export const initiatorRuleSchema = z.object({
  everyone: z.boolean().default(true),
  userIds: z.array(idSchema).max(500).default([]),
  roleIds: z.array(idSchema).max(200).default([]),
  deptIds: z.array(idSchema).max(200).default([]),
});

export type FlowNode =
  | {
      id: string;
      name: string;
      type: 'start';
      next?: FlowNode | null;
      initiators?: z.infer<typeof initiatorRuleSchema>;
      allowCancel?: boolean;
      allowRecall?: boolean;
      fieldPermissions?: Record<string, FieldAccess>;
    }
  | {
      id: string;
      name: string;
      type: 'approver';
      next?: FlowNode | null;
      approvers: ApproverRule;
      mode: ApproverMode;
      percent?: number;
      noApprover?: z.infer<typeof noApproverSchema>;
      selfApprover?: (typeof selfApproverActions)[number];
      skipIfApproved?: boolean;
      /** What Reject does here: end the instance, or send it back to the initiator. */
      onReject?: 'end' | 'returnToInitiator';
      reasonRequired?: { approve?: boolean; reject?: boolean };
      fieldPermissions?: Record<string, FieldAccess>;
      timeout?: NodeTimeout;
    }
  | {
      id: string;
      name: string;
      type: 'cc';
      next?: FlowNode | null;
      approvers: ApproverRule;
      fieldPermissions?: Record<string, FieldAccess>;
    }
  | { id: string; name: string; type: 'condition'; next?: FlowNode | null; branches: FlowBranch[] }
  | { id: string; name: string; type: 'parallel'; next?: FlowNode | null; branches: FlowBranch[] }
  | { id: string; name: string; type: 'end'; next?: null };

export type FlowBranch = {
  /** A stable id for the designer (branches are not nodes: they are never a task's node). */
  id?: string;
  name: string;
  condition?: Condition;
  /** All of these must hold (with `condition`, if given). */
  conditions?: Condition[];
  isDefault?: boolean;
  next?: FlowNode | null;
};

const fieldPermissionsSchema = z.record(z.string().max(64), z.enum(fieldAccesses));

export const flowBranchSchema: z.ZodType<FlowBranch> = z.lazy(() =>
  z.object({
    id: z.string().max(64).optional(),
    name: z.string().trim().min(1).max(100),
    condition: conditionSchema.optional(),
    conditions: z.array(conditionSchema).max(20).optional(),
    isDefault: z.boolean().optional(),
    next: flowNodeSchema.nullable().optional(),
  }),
);

/**
 * The node tree. Shape only: the rules that need the whole graph or the record type's fields (one start,
 * no loop, a default branch, known fields ...) are `validateFlowChart` in `workflow-graph.ts`, used by the
 * designer and by `Publish` alike.
 */
export const flowNodeSchema: z.ZodType<FlowNode> = z.lazy(() =>
  z.discriminatedUnion('type', [
    z.object({
      ...nodeBase,
      type: z.literal('start'),
      next: flowNodeSchema.nullable().optional(),
      initiators: initiatorRuleSchema.optional(),
      allowCancel: z.boolean().optional(),
      allowRecall: z.boolean().optional(),
      fieldPermissions: fieldPermissionsSchema.optional(),
    }),
    z.object({
      ...nodeBase,
      type: z.literal('approver'),
      next: flowNodeSchema.nullable().optional(),
      approvers: approverRuleSchema,
      mode: z.enum(approverModes),
      percent: z.number().int().min(1).max(100).optional(),
      noApprover: noApproverSchema.optional(),
      selfApprover: z.enum(selfApproverActions).optional(),
      skipIfApproved: z.boolean().optional(),
      onReject: z.enum(['end', 'returnToInitiator']).optional(),
      reasonRequired: z.object({ approve: z.boolean().optional(), reject: z.boolean().optional() }).optional(),
      fieldPermissions: fieldPermissionsSchema.optional(),
      timeout: nodeTimeoutSchema.optional(),
    }),
    z.object({
      ...nodeBase,
      type: z.literal('cc'),
      next: flowNodeSchema.nullable().optional(),
      approvers: approverRuleSchema,
      fieldPermissions: fieldPermissionsSchema.optional(),
    }),
    z.object({
      ...nodeBase,
      type: z.literal('condition'),
      next: flowNodeSchema.nullable().optional(),
      branches: z.array(flowBranchSchema).max(20),
    }),
    z.object({
      ...nodeBase,
      type: z.literal('parallel'),
      next: flowNodeSchema.nullable().optional(),
      branches: z.array(flowBranchSchema).max(20),
    }),
    z.object({ ...nodeBase, type: z.literal('end'), next: z.null().optional() }),
  ]),
) as z.ZodType<FlowNode>;

// ---- the record types a workflow runs on ----

export const businessFieldKinds = ['text', 'number', 'date', 'user', 'enum', 'id', 'multi', 'boolean'] as const;
export type BusinessFieldKind = (typeof businessFieldKinds)[number];
/**
 * A field of a business record that conditions, the registry and `recordField` approvers may use. A fixed field's
 * label is a message key of the web (`workflow.field.<type>.<name>`); a custom field (`custom.<key>`, kinds `multi`
 * and `boolean` are theirs) carries its own `label` in three languages. `options`: the values of an `enum` or
 * `multi` field.
 */
export type BusinessField = {
  name: string;
  kind: BusinessFieldKind;
  options?: readonly string[];
  label?: { en: string; 'zh-cn': string; 'zh-tw': string };
};

/** The fields each record type offers; the server's business adapters load exactly these. */
export const businessFields: Record<WorkflowType, readonly BusinessField[]> = {
  Ticket: [
    { name: 'priority', kind: 'enum', options: ticketPriorities },
    { name: 'status', kind: 'enum', options: ticketStatuses },
    { name: 'ticketType', kind: 'text' },
    { name: 'categoryId', kind: 'id' },
    { name: 'projectId', kind: 'id' },
    { name: 'companyId', kind: 'id' },
    { name: 'assignTo', kind: 'user' },
    { name: 'createdBy', kind: 'user' },
    { name: 'subject', kind: 'text' },
  ],
  Invoice: [
    { name: 'totalAmount', kind: 'number' },
    { name: 'currency', kind: 'text' },
    { name: 'vendorId', kind: 'id' },
    { name: 'projectId', kind: 'id' },
    { name: 'createdBy', kind: 'user' },
  ],
  Requisition: [
    { name: 'totalAmount', kind: 'number' },
    { name: 'projectId', kind: 'id' },
    { name: 'vendorId', kind: 'id' },
    { name: 'requestedBy', kind: 'user' },
  ],
};
