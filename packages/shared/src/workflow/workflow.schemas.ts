import { z } from 'zod';
import { defineMessages } from '../platform/message-keys.js';
import { auditFieldsSchema, idSchema, queryBaseSchema, updateKeySchema } from '../platform/paging.js';
import { ticketPriorities, ticketStatuses } from '../ticket/ticket.schemas.js';

/**
 * Contract section 14: approval workflows. A definition (`Workflow`) holds the graph the designer draws
 * (`flowChart`, a block-structured node tree); `Publish` freezes it as a new immutable version; an instance
 * runs on the version it started with. Tasks are the work of one person on one node; every action appends to
 * the instance's action log.
 */
export const workflowMessages = defineMessages('workflow', {
  missingStart: 'Missing start node.',
  // Graph validation: `{node}` is the node's name (and id), so the designer can mark it.
  startNotFirst: 'The start node must be the first node and appear once.',
  duplicateNodeId: 'Node "{node}": its id is used twice.',
  cyclic: 'Node "{node}" appears twice on one path: a workflow cannot loop.',
  noApprovers: 'Node "{node}": choose who approves.',
  noCcUsers: 'Node "{node}": choose who receives the copy.',
  approverIdsMissing: 'Node "{node}": choose the users, roles, groups, positions or departments.',
  approverFieldMissing: 'Node "{node}": choose the record field that names the approver.',
  levelsMissing: 'Node "{node}": give how many levels up the leader is (1-10).',
  unknownField: 'Node "{node}": the field "{field}" does not exist on this record type.',
  badFieldValue: 'Node "{node}": the value for "{field}" does not fit the field.',
  noDefaultBranch: 'Node "{node}": a condition needs exactly one default branch.',
  branchNoCondition: 'Node "{node}": the branch "{branch}" needs a condition (only the default branch has none).',
  tooFewBranches: 'Node "{node}": add at least two branches.',
  percentMissing: 'Node "{node}": give the percentage of approvers needed (1-100).',
  fallbackMissing: 'Node "{node}": choose the fallback user for when no approver is found.',
  noApproverNode: 'The workflow has no approver node.',
  orphanNode: 'Node "{node}" is not reachable from the start.',
  endNotLast: 'Node "{node}": nothing can follow the end node.',
  // Definitions and registry.
  codeTaken: 'A workflow with this code already exists.',
  hasInstances: 'The workflow "{code}" has approval instances and cannot be deleted; disable it instead.',
  unknownWorkflow: 'No workflow has the code "{code}".',
  inRegistry: 'The workflow "{code}" is bound in the registry; remove or rebind the registry entry first.',
  registryUnknownField: 'The field "{field}" does not exist on {type} records.',
  registryBadValue: 'The value for "{field}" does not fit the field.',
  notDraftEditable: 'A disabled workflow cannot be edited; enable it first.',
  notPublished: 'The workflow "{code}" has no published version.',
  workflowDisabled: 'The workflow "{code}" is disabled.',
  typeMismatch: 'The workflow "{code}" is for {type} records.',
  noWorkflowFor: 'No workflow is registered for this record. Ask an administrator to bind one in the registry.',
  // Instances and actions.
  alreadyRunning: 'This record is already under approval.',
  notInitiator: 'Only the initiator may do this.',
  mayNotInitiate: 'You may not start this workflow.',
  taskNotYours: 'This task is not yours.',
  taskNotPending: 'This task has already been handled.',
  instanceFinished: 'This approval has already finished.',
  cancelNotAllowed: 'This workflow does not allow the initiator to cancel.',
  reasonRequired: 'Give a reason.',
  badReturnTarget: 'The approval can only be returned to the initiator or to a step it has already passed.',
  pickRequired: 'Node "{node}": choose the approver.',
  recallTooLate: 'The next step has already acted; your approval can no longer be recalled.',
  nothingToRecall: 'You have no approval here that can be recalled.',
  signerActed: 'This signer has already acted and cannot be removed.',
  signerAlreadyOnNode: 'The user already has a task on this step.',
  inactiveUser: 'The user "{name}" is inactive.',
  recordNotFound: 'The record under approval no longer exists.',
  fieldNotWritable: 'The field "{field}" cannot be changed at this step.',
  // What the engine writes in the log in words (system actions).
  autoApprovedNoApprover: 'No approver was found: approved automatically.',
  autoRejectedNoApprover: 'No approver was found: rejected.',
  autoApprovedSelf: 'The approver is the initiator: approved automatically.',
  skippedSelf: 'The approver is the initiator: skipped.',
  skippedAlreadyApproved: 'The approver has already approved this request.',
  timeoutReminded: 'Reminder {n} sent: the task is overdue.',
  timeoutApproved: 'The time limit passed: approved automatically.',
  timeoutRejected: 'The time limit passed: rejected automatically.',
  timeoutEscalated: 'The time limit passed: handed to the escalation contact.',
} as const);

export const workflowTypes = ['Ticket', 'Invoice', 'Requisition'] as const;
export const workflowTypeSchema = z.enum(workflowTypes);
export type WorkflowType = z.infer<typeof workflowTypeSchema>;

export const workflowStatuses = ['Draft', 'Published', 'Disabled'] as const;
export const workflowStatusSchema = z.enum(workflowStatuses);
export type WorkflowStatus = z.infer<typeof workflowStatusSchema>;

// ---- the graph (flowChart) ----

export const nodeTypes = ['start', 'approver', 'cc', 'condition', 'parallel', 'end'] as const;
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

export const conditionOps = ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'in'] as const;
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

export const businessFieldKinds = ['text', 'number', 'date', 'user', 'enum', 'id'] as const;
export type BusinessFieldKind = (typeof businessFieldKinds)[number];
/**
 * A field of a business record that conditions, the registry and `recordField` approvers may use. `label` is a
 * message key of the web (`workflow.field.<type>.<name>`); `options`: the values of an `enum` field.
 */
export type BusinessField = { name: string; kind: BusinessFieldKind; options?: readonly string[] };

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

// ---- definitions ----

const workflowFields = z.object({
  name: z.string().trim().min(1).max(100),
  code: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .regex(/^[A-Za-z0-9_.-]+$/),
  type: workflowTypeSchema,
  businessTable: z.string().trim().max(64).nullable().default(null),
  sort: z.number().int().min(0).max(1_000_000).default(0),
  description: z.string().trim().max(2000).nullable().default(null),
  /** The draft graph; null until the designer saves one. */
  flowChart: flowNodeSchema.nullable().default(null),
});

export const workflowCreateSchema = workflowFields.strict();
/** The code and type are fixed once created (instances and the registry name the code). */
export const workflowUpdateSchema = workflowFields
  .omit({ code: true, type: true })
  .partial()
  .extend(updateKeySchema.shape)
  .strict();
export const workflowSchema = workflowFields
  .extend({
    status: workflowStatusSchema,
    /** The latest published version (0: never published). */
    version: z.number().int(),
    /** The draft differs from the latest published version. */
    hasDraftChanges: z.boolean(),
    publishedAt: z.string().nullable(),
    createdByName: z.string().nullable(),
  })
  .extend(auditFieldsSchema.shape);
export const workflowQuerySchema = queryBaseSchema
  .extend({ type: workflowTypeSchema.optional(), status: workflowStatusSchema.optional() })
  .strict();
/** `POST Publish/{id}`: the draft becomes version n+1; `summary` is written by the server when left out. */
export const workflowPublishSchema = z
  .object({ rowVersion: z.number().int().min(0), note: z.string().trim().max(500).optional() })
  .strict();
/** `POST Copy/{id}`: a new draft definition with the given code and name. */
export const workflowCopySchema = workflowFields.pick({ code: true, name: true }).strict();

export const workflowVersionSchema = z.object({
  id: z.number().int(),
  workflowId: z.number().int(),
  code: z.string(),
  version: z.number().int(),
  name: z.string(),
  flowChart: flowNodeSchema,
  /** What changed against the version before, in words (nodes added, removed, changed), or the publisher's note. */
  summary: z.array(z.string()),
  note: z.string().nullable(),
  publishedAt: z.string(),
  publishedBy: z.number().int().nullable(),
  publishedByName: z.string().nullable(),
  instanceCount: z.number().int(),
});

export type Workflow = z.infer<typeof workflowSchema>;
export type WorkflowCreate = z.infer<typeof workflowCreateSchema>;
export type WorkflowUpdate = z.infer<typeof workflowUpdateSchema>;
export type WorkflowVersion = z.infer<typeof workflowVersionSchema>;

// ---- registry ----

const registryFields = z.object({
  businessType: workflowTypeSchema,
  workflowCode: z.string().trim().min(1).max(50),
  /** Over the business record's fields; none: matches every record. All must hold. */
  conditions: z.array(conditionSchema).max(20).default([]),
  /** Lower first; the first matching active entry wins. */
  priority: z.number().int().min(0).max(1_000_000).default(100),
  status: z.enum(['Active', 'Inactive']).default('Active'),
  description: z.string().trim().max(500).nullable().default(null),
});
export const workflowRegistryCreateSchema = registryFields.strict();
export const workflowRegistryUpdateSchema = registryFields.partial().extend(updateKeySchema.shape).strict();
export const workflowRegistrySchema = registryFields
  .extend({ workflowName: z.string().nullable() })
  .extend(auditFieldsSchema.shape);
export const workflowRegistryQuerySchema = queryBaseSchema
  .extend({ businessType: workflowTypeSchema.optional(), status: z.enum(['Active', 'Inactive']).optional() })
  .strict();
export type WorkflowRegistry = z.infer<typeof workflowRegistrySchema>;

// ---- instances, tasks, actions ----

export const instanceStatuses = ['Running', 'Approved', 'Rejected', 'Cancelled'] as const;
export const instanceStatusSchema = z.enum(instanceStatuses);
export type InstanceStatus = z.infer<typeof instanceStatusSchema>;

export const taskStatuses = [
  'Pending',
  'Approved',
  'Rejected',
  'Returned',
  'Transferred',
  'Cancelled',
  'Skipped',
] as const;
export const taskStatusSchema = z.enum(taskStatuses);
export type TaskStatus = z.infer<typeof taskStatusSchema>;

/**
 * What a task asks of its holder: `approve` (an approver node), `cc` (read only; done when read), `resubmit`
 * (the initiator after a return to them), `review` (a hand-off for review: done when the reviewer answers;
 * the task it came from then waits again), `waiting` (sequence mode: not yet this signer's turn; never
 * shown in a to-do box).
 */
export const taskKinds = ['approve', 'cc', 'resubmit', 'review', 'waiting'] as const;
export type TaskKind = (typeof taskKinds)[number];

/** What the log records; `actions[]` of Info uses the same names for what the caller may do now. */
export const workflowActionNames = [
  'submit',
  'resubmit',
  'approve',
  'reject',
  'return',
  'assign',
  'removeSigner',
  'transfer',
  'handoff',
  'cancel',
  'recall',
  'reassign',
  'remind',
  'escalate',
  'skip',
  'autoApprove',
  'autoReject',
  'read',
] as const;
export type WorkflowActionName = (typeof workflowActionNames)[number];

export const workflowInstanceSchema = z.object({
  id: z.number().int(),
  workflowId: z.number().int(),
  workflowCode: z.string(),
  workflowName: z.string(),
  versionId: z.number().int(),
  version: z.number().int(),
  businessType: workflowTypeSchema,
  businessId: z.number().int(),
  title: z.string(),
  status: instanceStatusSchema,
  initiatorId: z.number().int(),
  initiatorName: z.string().nullable(),
  currentNodes: z.array(z.string()),
  /** Names of the current nodes, for lists. */
  currentNodeNames: z.array(z.string()),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  rowVersion: z.number().int(),
});
export type WorkflowInstance = z.infer<typeof workflowInstanceSchema>;

export const workflowTaskSchema = z.object({
  id: z.number().int(),
  instanceId: z.number().int(),
  nodeId: z.string(),
  nodeName: z.string(),
  kind: z.enum(taskKinds),
  /** Whose task it is by the rules (the owner); `assigneeId` holds it (the delegate when delegated). */
  ownerId: z.number().int(),
  ownerName: z.string().nullable(),
  assigneeId: z.number().int(),
  assigneeName: z.string().nullable(),
  /** Set when a delegate holds the owner's task: the owner's id. */
  onBehalfOfId: z.number().int().nullable(),
  onBehalfOfName: z.string().nullable(),
  /** Set on a signer added with Assign: who added them (only they may remove the signer while pending). */
  addedById: z.number().int().nullable().optional(),
  status: taskStatusSchema,
  comment: z.string().nullable(),
  dueAt: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** For the boxes: the instance's title, type, record, status and initiator. */
  title: z.string(),
  businessType: workflowTypeSchema,
  businessId: z.number().int(),
  instanceStatus: instanceStatusSchema,
  initiatorId: z.number().int(),
  initiatorName: z.string().nullable(),
  workflowName: z.string(),
});
export type WorkflowTask = z.infer<typeof workflowTaskSchema>;

export const workflowTaskBoxes = ['todo', 'done', 'initiated', 'cc'] as const;
export type WorkflowTaskBox = (typeof workflowTaskBoxes)[number];
/**
 * `POST WorkflowTask/Query`: the caller's own boxes. `todo`: pending tasks they hold; `done`: tasks they
 * finished; `initiated`: one row per instance they started (its newest task); `cc`: copies sent to them.
 */
export const workflowTaskQuerySchema = queryBaseSchema
  .extend({
    box: z.enum(workflowTaskBoxes),
    businessType: workflowTypeSchema.optional(),
    instanceStatus: instanceStatusSchema.optional(),
  })
  .strict();
/** `GET WorkflowTask/Counts`: the badge of each box (`initiated` and `cc`: running ones only). */
export const workflowTaskCountsSchema = z.object({
  todo: z.number().int(),
  done: z.number().int(),
  initiated: z.number().int(),
  cc: z.number().int(),
});

/** `POST WorkflowInstance/Query` (permission `workflow:view`): every instance, for administrators. */
export const workflowInstanceQuerySchema = queryBaseSchema
  .extend({
    status: instanceStatusSchema.optional(),
    businessType: workflowTypeSchema.optional(),
    workflowCode: z.string().max(50).optional(),
    initiatorId: idSchema.optional(),
    /** Only instances with a pending task older than this many hours (the "stuck" filter). */
    stuckHours: z.number().int().min(1).max(100_000).optional(),
  })
  .strict();

export const workflowActionLogSchema = z.object({
  id: z.number().int(),
  taskId: z.number().int().nullable(),
  nodeId: z.string().nullable(),
  nodeName: z.string().nullable(),
  action: z.enum(workflowActionNames),
  /** Null: the engine itself (timeout, auto-approve ...). */
  actorId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  onBehalfOfId: z.number().int().nullable(),
  onBehalfOfName: z.string().nullable(),
  comment: z.string().nullable(),
  /** Message key of an engine comment (`workflow.timeoutApproved` ...), for the reader's language. */
  commentKey: z.string().nullable(),
  /** Return target, users added or handed to, ... */
  detail: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type WorkflowActionLog = z.infer<typeof workflowActionLogSchema>;

/** One pending task of the caller on this instance and what they may do with it. */
export const myTaskSchema = z.object({
  taskId: z.number().int(),
  nodeId: z.string(),
  nodeName: z.string(),
  kind: z.enum(taskKinds),
  onBehalfOfId: z.number().int().nullable(),
  actions: z.array(z.enum(workflowActionNames)),
  /** Return targets offered: the initiator (the start node's id) and nodes already passed on the way here. */
  returnTargets: z.array(z.object({ nodeId: z.string(), nodeName: z.string() })),
  reasonRequired: z.object({ approve: z.boolean(), reject: z.boolean() }),
  /** Nodes after this one whose approver this caller picks (`previousPicks`). */
  picksNeeded: z.array(z.object({ nodeId: z.string(), nodeName: z.string() })),
});

/** `GET WorkflowInstance/Info/{id}`: everything the instance page shows. */
export const workflowInstanceInfoSchema = z.object({
  instance: workflowInstanceSchema,
  /** The graph of the version the instance runs on (never the newer draft). */
  flowChart: flowNodeSchema,
  /** Node ids the instance has passed, in order (the path to draw). */
  path: z.array(z.string()),
  tasks: z.array(workflowTaskSchema),
  log: z.array(workflowActionLogSchema),
  /** Instance-level actions of the caller: `cancel` (initiator, or admin), `recall`. */
  actions: z.array(z.enum(workflowActionNames)),
  myTasks: z.array(myTaskSchema),
  /** The record's fields as the caller may see them at their current node (hidden ones left out). */
  fields: z.record(z.string(), z.unknown()),
  fieldAccess: z.record(z.string(), z.enum(fieldAccesses)),
  /** What an id or user field's value means to a reader (a name), where the record type can say. */
  fieldTexts: z.record(z.string(), z.string()),
});
export type WorkflowInstanceInfo = z.infer<typeof workflowInstanceInfoSchema>;

const comment = z.string().trim().max(2000);
/** Approvers chosen by a person (initiatorPicks at submit, previousPicks at approve): node id → user ids. */
const picksSchema = z.record(z.string().max(64), z.array(idSchema).min(1).max(50));

export const workflowSubmitSchema = z
  .object({
    businessType: workflowTypeSchema,
    businessId: idSchema,
    comment: comment.optional(),
    picks: picksSchema.optional(),
  })
  .strict();
export const workflowApproveSchema = z
  .object({
    taskId: idSchema,
    comment: comment.optional(),
    picks: picksSchema.optional(),
    /** Fields the node lets this approver write. */
    fields: z.record(z.string().max(64), z.unknown()).optional(),
  })
  .strict();
export const workflowRejectSchema = z.object({ taskId: idSchema, comment: comment.optional() }).strict();
/** `targetNodeId`: the start node's id returns to the initiator. */
export const workflowReturnSchema = z
  .object({ taskId: idSchema, comment: comment.min(1), targetNodeId: z.string().min(1).max(64) })
  .strict();
export const workflowAssignSchema = z
  .object({
    taskId: idSchema,
    userIds: z.array(idSchema).min(1).max(20),
    position: z.enum(['before', 'after']),
    comment: comment.optional(),
  })
  .strict();
/** Removes a signer added with Assign who has not acted (`taskId`: the added signer's task). */
export const workflowRemoveSignerSchema = z.object({ taskId: idSchema, comment: comment.optional() }).strict();
export const workflowTransferSchema = z
  .object({ taskId: idSchema, userId: idSchema, comment: comment.optional() })
  .strict();
/** Hand-off for review: the user answers, then the task comes back to the caller. */
export const workflowHandoffSchema = workflowTransferSchema;
/** The initiator after a return to them: continue the same instance from the start. */
export const workflowResubmitSchema = z
  .object({ taskId: idSchema, comment: comment.optional(), picks: picksSchema.optional() })
  .strict();
export const workflowCancelSchema = z.object({ instanceId: idSchema, comment: comment.optional() }).strict();
/** Take back my approval on this instance while the next step has not acted. */
export const workflowRecallSchema = z.object({ instanceId: idSchema, comment: comment.optional() }).strict();
/** Administrators (`workflow:edit`): give a stuck pending task to someone else, with a reason. */
export const workflowReassignSchema = z
  .object({ taskId: idSchema, userId: idSchema, comment: comment.min(1) })
  .strict();

/** A record's approval state for its own page (e.g. the ticket's "Submit for approval" and its state). */
export const workflowBusinessStateSchema = z.object({
  /** A workflow would run if submitted now (the registry matched), and which. */
  canSubmit: z.boolean(),
  workflowCode: z.string().nullable(),
  workflowName: z.string().nullable(),
  /** The newest instance of the record, if any. */
  instance: workflowInstanceSchema.nullable(),
});
export const workflowBusinessStateQuerySchema = z
  .object({ businessType: workflowTypeSchema, businessId: z.coerce.number().int().positive() })
  .strict();
export type WorkflowBusinessState = z.infer<typeof workflowBusinessStateSchema>;
