import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  instanceStatuses,
  taskKinds,
  taskStatuses,
  workflowActionNames,
  workflowChannels,
  workflowStatuses,
  workflowTypes,
  type Condition,
  type FlowNode,
} from '@casedesk/shared';
import { recordColumns, timestamptz } from '../../platform/columns.js';
import { authorKeys, userKey } from '../user/user.table.js';

/**
 * A workflow definition (spec section 3, contract 14): the editable draft (`flowChart`) and, once published,
 * its latest version number. Published graphs live in `workflow_version`, never changed again.
 */
export const workflow = pgTable(
  'workflow',
  {
    ...recordColumns(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    type: text('type', { enum: workflowTypes }).notNull(),
    businessTable: text('business_table'),
    status: text('status', { enum: workflowStatuses }).notNull().default('Draft'),
    /** The latest published version (0: never published). */
    version: integer('version').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    description: text('description'),
    flowChart: jsonb('flow_chart').$type<FlowNode>(),
    publishedAt: timestamptz('published_at'),
  },
  (t) => [uniqueIndex('workflow_code_key').on(t.code), ...authorKeys('workflow', t)],
);

/** An immutable published graph; instances point here, so a redeploy never changes a running instance. */
export const workflowVersion = pgTable(
  'workflow_version',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    workflowId: integer('workflow_id')
      .notNull()
      .references(() => workflow.id, { onDelete: 'restrict' }),
    code: text('code').notNull(),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    flowChart: jsonb('flow_chart').$type<FlowNode>().notNull(),
    /** What changed against the version before, in words. */
    summary: jsonb('summary').$type<string[]>().notNull().default([]),
    note: text('note'),
    publishedAt: timestamptz('published_at').notNull().defaultNow(),
    publishedBy: integer('published_by'),
  },
  (t) => [
    uniqueIndex('workflow_version_key').on(t.workflowId, t.version),
    userKey('workflow_version_published_by_fk', t.publishedBy),
  ],
);

/** Which workflow a submitted record runs: the first active entry of its type whose conditions hold. */
export const workflowRegistry = pgTable(
  'workflow_registry',
  {
    ...recordColumns(),
    businessType: text('business_type', { enum: workflowTypes }).notNull(),
    workflowCode: text('workflow_code').notNull(),
    conditions: jsonb('conditions').$type<Condition[]>().notNull().default([]),
    priority: integer('priority').notNull().default(100),
    status: text('status', { enum: ['Active', 'Inactive'] })
      .notNull()
      .default('Active'),
    description: text('description'),
  },
  (t) => [index('workflow_registry_type_idx').on(t.businessType, t.priority), ...authorKeys('workflow_registry', t)],
);

/** One run of a workflow version over one business record. */
export const workflowInstance = pgTable(
  'workflow_instance',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    rowVersion: integer('row_version').notNull().default(1),
    workflowId: integer('workflow_id')
      .notNull()
      .references(() => workflow.id, { onDelete: 'restrict' }),
    versionId: integer('version_id')
      .notNull()
      .references(() => workflowVersion.id, { onDelete: 'restrict' }),
    workflowCode: text('workflow_code').notNull(),
    version: integer('version').notNull(),
    businessType: text('business_type', { enum: workflowTypes }).notNull(),
    businessId: integer('business_id').notNull(),
    /** The record's project when it has one: delegations per project apply by it. */
    projectId: integer('project_id'),
    title: text('title').notNull(),
    status: text('status', { enum: instanceStatuses }).notNull().default('Running'),
    initiatorId: integer('initiator_id').notNull(),
    /** Node ids with pending work now. */
    currentNodes: text('current_nodes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Node ids passed, in order (the path the instance page draws; return targets come from it). */
    path: text('path')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Approvers picked by people: node id → user ids (initiatorPicks at submit, previousPicks later). */
    picks: jsonb('picks').$type<Record<string, number[]>>().notNull().default({}),
    /** Engine bookkeeping per node (e.g. parallel joins waiting, the round a node is in). */
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    index('workflow_instance_business_idx').on(t.businessType, t.businessId),
    index('workflow_instance_initiator_idx').on(t.initiatorId, t.id),
    index('workflow_instance_status_idx').on(t.status, t.id),
    // At most one running instance per record.
    uniqueIndex('workflow_instance_running_key')
      .on(t.businessType, t.businessId)
      .where(sql`${t.status} = 'Running'`),
    userKey('workflow_instance_initiator_fk', t.initiatorId),
  ],
);

/** The work of one person on one node. `ownerId` by the rules; `assigneeId` holds it (a delegate, or a transfer). */
export const workflowTask = pgTable(
  'workflow_task',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    instanceId: integer('instance_id')
      .notNull()
      .references(() => workflowInstance.id, { onDelete: 'cascade' }),
    nodeId: text('node_id').notNull(),
    nodeName: text('node_name').notNull(),
    kind: text('kind', { enum: taskKinds }).notNull().default('approve'),
    ownerId: integer('owner_id').notNull(),
    assigneeId: integer('assignee_id').notNull(),
    /** The owner, when a delegate holds the task. */
    onBehalfOfId: integer('on_behalf_of_id'),
    status: text('status', { enum: taskStatuses }).notNull().default('Pending'),
    /** Sequence mode and added signers: the order within the node's round. */
    seq: smallint('seq').notNull().default(0),
    /** A node entered again (after a return) starts a new round; counts per round only. */
    round: smallint('round').notNull().default(1),
    /** The task this one was created from (assign, hand-off for review, transfer). */
    parentTaskId: bigint('parent_task_id', { mode: 'number' }),
    /** Who added this signer (Assign), so they may remove them while pending. */
    addedBy: integer('added_by'),
    /** Assign: `before` (the adder's task waits for this one) or `after` (this one waits for the adder's). */
    addedPosition: text('added_position', { enum: ['before', 'after'] }),
    comment: text('comment'),
    dueAt: timestamptz('due_at'),
    remindCount: smallint('remind_count').notNull().default(0),
    /** When the timeout job next looks at this task (a reminder or the final action); null: never. */
    nextCheckAt: timestamptz('next_check_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    completedAt: timestamptz('completed_at'),
  },
  (t) => [
    // The to-do box: a user's pending tasks, newest first.
    index('workflow_task_todo_idx')
      .on(t.assigneeId, t.id)
      .where(sql`${t.status} = 'Pending'`),
    // The owner's to-do box: tasks a delegate holds for them (the owner may still act).
    index('workflow_task_owner_todo_idx')
      .on(t.ownerId, t.id)
      .where(sql`${t.status} = 'Pending' and ${t.onBehalfOfId} is not null`),
    // The done box: a user's finished tasks.
    index('workflow_task_done_idx')
      .on(t.assigneeId, t.completedAt)
      .where(sql`${t.status} <> 'Pending'`),
    index('workflow_task_instance_idx').on(t.instanceId, t.nodeId),
    // Signers added after a task, and reviews handed off from it, are found by the task they came from.
    index('workflow_task_parent_idx')
      .on(t.parentTaskId)
      .where(sql`${t.parentTaskId} is not null`),
    index('workflow_task_check_idx')
      .on(t.nextCheckAt)
      .where(sql`${t.status} = 'Pending' and ${t.nextCheckAt} is not null`),
    userKey('workflow_task_owner_fk', t.ownerId),
    userKey('workflow_task_assignee_fk', t.assigneeId),
    userKey('workflow_task_on_behalf_of_fk', t.onBehalfOfId),
  ],
);

/** The append-only action log of an instance: who did what, when, on whose behalf, with which comment. */
export const workflowAction = pgTable(
  'workflow_action',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    instanceId: integer('instance_id')
      .notNull()
      .references(() => workflowInstance.id, { onDelete: 'cascade' }),
    taskId: bigint('task_id', { mode: 'number' }),
    nodeId: text('node_id'),
    nodeName: text('node_name'),
    action: text('action', { enum: workflowActionNames }).notNull(),
    /** Null: the engine itself (timeout, no approver found ...). */
    actorId: integer('actor_id'),
    onBehalfOfId: integer('on_behalf_of_id'),
    comment: text('comment'),
    commentKey: text('comment_key'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    /** Where a person's action came from (web, link, email, api); null: the engine's own. */
    channel: text('channel', { enum: workflowChannels }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('workflow_action_instance_idx').on(t.instanceId, t.id),
    userKey('workflow_action_actor_fk', t.actorId),
    userKey('workflow_action_on_behalf_of_fk', t.onBehalfOfId),
  ],
);

/**
 * The approve/reject links of one task mail that were used (contract 22): a mail's links share one nonce, so
 * either works once, even when a recall makes the task pending again.
 */
export const workflowLinkUse = pgTable('workflow_link_use', {
  nonce: text('nonce').primaryKey(),
  taskId: bigint('task_id', { mode: 'number' }).notNull(),
  usedAt: timestamptz('used_at').notNull().defaultNow(),
});
