import { z } from 'zod';
import { customFieldDefinitionSchema } from '../customField/custom-field.schemas.js';
import { idSchema, queryBaseSchema } from '../platform/paging.js';
import { fieldAccesses, flowNodeSchema, workflowTypeSchema } from './workflow-graph.schemas.js';
import { instanceStatuses, taskStatuses, workflowChannels } from './workflow-instance.values.js';
export * from './workflow-instance.values.js';

// ---- instances, tasks, actions ----

export const instanceStatusSchema = z.enum(instanceStatuses);
export type InstanceStatus = z.infer<typeof instanceStatusSchema>;

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
  /** The initiator nudged the pending approvers (contract 22; at most once an hour). */
  'urge',
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
  /** The workflow's code: a demo workflow's seeded node names are shown in the reader's language by it. */
  workflowCode: z.string(),
  workflowName: z.string(),
  /** In Info only: what the caller may do with this task now (the holder's actions, reassign, removeSigner). */
  actions: z.array(z.enum(workflowActionNames)).optional(),
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
  /** Where a person's action came from (null: the engine's own). */
  channel: z.enum(workflowChannels).nullable(),
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
  /**
   * What an id or user field's value means to a reader (a name), where the record type can say; for a custom
   * field (`custom.<key>`) its value in the reader's words (option labels, a user's name, yes/no).
   */
  fieldTexts: z.record(z.string(), z.string()),
  /** The definitions of the custom fields among `fields` (labels, type and options for reading and editing). */
  customFields: z.array(customFieldDefinitionSchema),
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
/** At most this many tasks in one batch approve. */
export const workflowBatchCap = 100;
/**
 * `POST WorkflowInstance/BatchApprove` (contract 22): one comment, each task its own action under every rule of
 * the engine; a step that asks for more than a comment (a reason, fields, a pick) is refused for the batch.
 */
export const workflowBatchApproveSchema = z
  .object({
    taskIds: z.array(idSchema).min(1).max(workflowBatchCap),
    comment: comment.optional(),
    action: z.enum(['approve', 'reject']).default('approve'),
  })
  .strict();
export type WorkflowBatchApprove = z.infer<typeof workflowBatchApproveSchema>;
/** One task's result of a batch, in the order asked: `message` is the refusal in the caller's words. */
export const workflowBatchOutcomeSchema = z.object({
  taskId: z.number().int(),
  ok: z.boolean(),
  message: z.string().nullable(),
  messageKey: z.string().optional(),
});
export type WorkflowBatchOutcome = z.infer<typeof workflowBatchOutcomeSchema>;
/** `POST WorkflowInstance/Urge`: the initiator reminds the pending approvers, at most once an hour. */
export const workflowUrgeSchema = z.object({ instanceId: idSchema }).strict();
/** How long after an urge the next one is refused. */
export const workflowUrgeIntervalMinutes = 60;

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
