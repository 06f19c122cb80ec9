import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  numeric,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  msg,
  openTicketStatuses,
  slaHolders,
  ticketFroms,
  ticketMessages,
  ticketPriorities,
  ticketStatuses,
  ticketWatchReasons,
} from '@casedesk/shared';
import { recordColumns, timestamptz } from '../../platform/columns.js';
import { describeReference } from '../../platform/db-errors.js';
import { category } from '../category/category.table.js';
import { customField } from '../customField/custom-field.table.js';
import { company } from '../company/company.table.js';
import { project } from '../project/project.table.js';
import { requestType } from '../requestType/request-type.table.js';
import { slaPolicy } from '../sla/sla-policy.table.js';
import { appUser, authorKeys, userKey } from '../user/user.table.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Case numbers come from this sequence: never reused, even after a rollback or a delete. */
export const ticketCaseSeq = pgSequence('ticket_case_seq', { startWith: 1, cache: 1 });

const openStatusList = sql.raw(openTicketStatuses.map((s) => `'${s}'`).join(', '));

export const ticket = pgTable(
  'ticket',
  {
    ...recordColumns(),
    caseNumber: text('case_number').notNull(),
    subject: text('subject').notNull(),
    /** Sanitised HTML. */
    content: text('content').notNull().default(''),
    status: text('status', { enum: ticketStatuses }).notNull(),
    priority: text('priority', { enum: ticketPriorities }).notNull(),
    categoryId: integer('category_id'),
    projectId: integer('project_id').notNull(),
    companyId: integer('company_id'),
    assignTo: integer('assign_to'),
    delegateTo: integer('delegate_to'),
    ticketType: text('ticket_type'),
    ticketFrom: text('ticket_from', { enum: ticketFroms }).notNull(),
    subjectType: text('subject_type'),
    openDate: timestamptz('open_date').notNull().defaultNow(),
    closeDate: timestamptz('close_date'),
    dueDate: timestamptz('due_date'),
    openedBy: integer('opened_by'),
    solvedBy: integer('solved_by'),
    customer: text('customer'),
    customerEmail: text('customer_email'),
    telephone: text('telephone'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    emails: text('emails'),
    businessUnit: text('business_unit'),
    parentTicket: integer('parent_ticket'),
    /** The catalog's request type the ticket was raised from (contract 21); null: raised otherwise. */
    requestTypeId: integer('request_type_id'),
    privateTicket: boolean('private_ticket').notNull().default(false),
    grantAccess: integer('grant_access')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    attachments: integer('attachments')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    scheduledDate: timestamptz('scheduled_date'),
    /** A `Merged` ticket: the ticket it went into and when (Unmerge is allowed for 30 days after). */
    mergedIntoId: integer('merged_into_id'),
    mergedAt: timestamptz('merged_at'),
    // The service-level clock (contract section 19; kept by ticket-sla.service). `dueDate` is its resolution due.
    slaPolicyId: integer('sla_policy_id'),
    slaFirstResponseDueAt: timestamptz('sla_first_response_due_at'),
    slaFirstResponseAt: timestamptz('sla_first_response_at'),
    /** When each target's warning is due (its due less the policy's warning, in working time). */
    slaFirstResponseWarnAt: timestamptz('sla_first_response_warn_at'),
    slaResolutionWarnAt: timestamptz('sla_resolution_warn_at'),
    /** The next public update's due and warning (a next-update target, once answered; see sla-clock.ts). */
    slaNextUpdateDueAt: timestamptz('sla_next_update_due_at'),
    slaNextUpdateWarnAt: timestamptz('sla_next_update_warn_at'),
    slaUpdateMinutes: doublePrecision('sla_update_minutes'),
    slaUpdateBreaches: integer('sla_update_breaches').notNull().default(0),
    slaResolvedAt: timestamptz('sla_resolved_at'),
    /** Working minutes to the first response and to the resolution, pauses left out (the report reads them). */
    slaFirstResponseMinutes: doublePrecision('sla_first_response_minutes'),
    slaResolutionMinutes: doublePrecision('sla_resolution_minutes'),
    slaPausedSince: timestamptz('sla_paused_since'),
    /** Working minutes the clock stood still so far (the due instants are pushed on by them; to the millisecond). */
    slaPausedMinutes: doublePrecision('sla_paused_minutes').notNull().default(0),
    slaHeldBy: text('sla_held_by', { enum: slaHolders }).notNull().default('agent'),
    /** Whether one of the ticket's approvals is running (the workflow tells the ticket at each change). */
    slaApprovalRunning: boolean('sla_approval_running').notNull().default(false),
    /** The earliest warning or due instant not yet told (the warning job's queue); null: nothing left to tell. */
    slaNextCheckAt: timestamptz('sla_next_check_at'),
    /** Full-text document of the ticket's own fields (CJK segmented in the service). */
    searchDoc: tsvector('search_doc')
      .notNull()
      .default(sql`''::tsvector`),
    /** Full-text document of its comments, appended as they are written. */
    searchComments: tsvector('search_comments')
      .notNull()
      .default(sql`''::tsvector`),
  },
  (t) => [
    uniqueIndex('ticket_case_number_uq').on(t.caseNumber),
    index('ticket_project_idx').on(t.projectId, t.id),
    index('ticket_status_idx').on(t.status, t.id),
    // The list filtered by project, status and priority finds exactly its rows.
    index('ticket_project_status_idx').on(t.projectId, t.status, t.priority, t.id),
    index('ticket_category_idx').on(t.categoryId, t.id),
    index('ticket_company_idx').on(t.companyId, t.id),
    index('ticket_assign_to_idx').on(t.assignTo, t.status),
    index('ticket_delegate_to_idx').on(t.delegateTo, t.status),
    index('ticket_created_by_idx').on(t.createdBy),
    index('ticket_open_date_idx').on(t.openDate, t.id),
    index('ticket_modified_at_idx').on(t.modifiedAt),
    index('ticket_parent_idx').on(t.parentTicket),
    index('ticket_grant_access_idx').using('gin', t.grantAccess),
    index('ticket_unassigned_idx')
      .on(t.projectId, t.id)
      .where(sql`${t.assignTo} is null and ${t.status} in (${openStatusList})`),
    // Key columns cover the dashboard's overdue count, so it reads the index only.
    index('ticket_overdue_idx')
      .on(t.dueDate, t.projectId, t.privateTicket)
      .where(sql`${t.status} in (${openStatusList})`),
    // The warning job reads only the tickets with something due to tell, oldest first.
    index('ticket_sla_next_check_idx')
      .on(t.slaNextCheckAt)
      .where(sql`${t.slaNextCheckAt} is not null`),
    // The list sorted by due date / resolution due over all tickets (a state filter that reads stopped clocks too).
    index('ticket_due_date_idx').on(t.dueDate),
    // Running clocks in due order: the list filtered by service-level state and sorted by resolution due.
    index('ticket_sla_running_idx')
      .on(t.dueDate, t.projectId)
      .where(sql`${t.slaResolvedAt} is null and ${t.dueDate} is not null`),
    // A deleted policy leaves its tickets' due instants as they were, with no policy named (found by this index).
    index('ticket_sla_policy_idx')
      .on(t.slaPolicyId)
      .where(sql`${t.slaPolicyId} is not null`),
    foreignKey({ name: 'ticket_sla_policy_fk', columns: [t.slaPolicyId], foreignColumns: [slaPolicy.id] }).onDelete(
      'set null',
    ),
    index('ticket_case_number_trgm_idx').using('gin', sql`${t.caseNumber} gin_trgm_ops`),
    index('ticket_search_idx').using('gin', sql`(${t.searchDoc} || ${t.searchComments})`),
    // Reference data a ticket uses cannot be deleted under it, whatever races (names: db-errors refusals).
    foreignKey({ name: 'ticket_project_fk', columns: [t.projectId], foreignColumns: [project.id] }).onDelete(
      'restrict',
    ),
    foreignKey({ name: 'ticket_category_fk', columns: [t.categoryId], foreignColumns: [category.id] }).onDelete(
      'restrict',
    ),
    foreignKey({ name: 'ticket_company_fk', columns: [t.companyId], foreignColumns: [company.id] }).onDelete(
      'restrict',
    ),
    foreignKey({
      name: 'ticket_request_type_fk',
      columns: [t.requestTypeId],
      foreignColumns: [requestType.id],
    }).onDelete('restrict'),
    foreignKey({ name: 'ticket_parent_ticket_fk', columns: [t.parentTicket], foreignColumns: [t.id] }).onDelete(
      'restrict',
    ),
    // The target holds the merged tickets' conversation: it cannot be deleted under them.
    foreignKey({ name: 'ticket_merged_into_fk', columns: [t.mergedIntoId], foreignColumns: [t.id] }).onDelete(
      'restrict',
    ),
    index('ticket_request_type_idx')
      .on(t.requestTypeId)
      .where(sql`${t.requestTypeId} is not null`),
    index('ticket_merged_into_idx')
      .on(t.mergedIntoId)
      .where(sql`${t.mergedIntoId} is not null`),
    userKey('ticket_assign_to_fk', t.assignTo),
    userKey('ticket_delegate_to_fk', t.delegateTo),
    userKey('ticket_opened_by_fk', t.openedBy),
    userKey('ticket_solved_by_fk', t.solvedBy),
    ...authorKeys('ticket', t),
  ],
);

// A request type tickets were raised from is not deleted under them (set it inactive instead).
describeReference('ticket_request_type_fk', {
  target: 'request_type',
  table: 'ticket',
  column: 'request_type_id',
  inUse: (n) => msg(ticketMessages, 'inUse', { label: 'request type', count: n }),
  first: true,
});

// What a delete of a project, company or category that tickets use answers (spec section 5), counted; said first.
for (const [label, column] of [
  ['project', 'project_id'],
  ['category', 'category_id'],
  ['company', 'company_id'],
] as const)
  describeReference(`ticket_${label}_fk`, {
    target: label,
    table: 'ticket',
    column,
    inUse: (n) => msg(ticketMessages, 'inUse', { label, count: n }),
    first: true,
  });

export const ticketComment = pgTable(
  'ticket_comment',
  {
    ...recordColumns(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => ticket.id, { onDelete: 'cascade' }),
    /** Sanitised HTML. */
    comment: text('comment').notNull(),
    public: boolean('public').notNull().default(false),
  },
  (t) => [index('ticket_comment_ticket_idx').on(t.ticketId, t.id), ...authorKeys('ticket_comment', t)],
);

/**
 * A ticket's tags (contract section 20), normalized by the shared `normalizeTag`. A row per tag rather than an
 * array column: the tag filter and Tag/Query's counts start from the tag's index.
 */
export const ticketTag = pgTable(
  'ticket_tag',
  {
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => ticket.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.tag] }), index('ticket_tag_tag_idx').on(t.tag, t.ticketId)],
);

/**
 * A ticket's custom field values (contract 21), typed so that a filter is an index read: text, dates (ISO text, which
 * sorts as time), options and yes/no in `textValue`; numbers, decimals and user ids in `numberValue`. A multiselect
 * has a row per chosen option. Measured against a jsonb column with a GIN index: docs/architecture.md.
 */
export const ticketCustomValue = pgTable(
  'ticket_custom_value',
  {
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => ticket.id, { onDelete: 'cascade' }),
    fieldId: integer('field_id').notNull(),
    textValue: text('text_value'),
    numberValue: numeric('number_value'),
  },
  (t) => [
    index('ticket_custom_value_ticket_idx').on(t.ticketId),
    index('ticket_custom_value_text_idx').on(t.fieldId, t.textValue, t.ticketId),
    index('ticket_custom_value_number_idx').on(t.fieldId, t.numberValue, t.ticketId),
    // A field holding values cannot be deleted under them (archived instead); worded in the custom field module.
    foreignKey({
      name: 'ticket_custom_value_field_fk',
      columns: [t.fieldId],
      foreignColumns: [customField.id],
    }).onDelete('restrict'),
  ],
);

/** Who watches a ticket (contract 20): told of its comments and status changes; since when and how they came to. */
export const ticketWatcher = pgTable(
  'ticket_watcher',
  {
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => ticket.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    since: timestamptz('since').notNull().defaultNow(),
    how: text('how', { enum: ticketWatchReasons }).notNull(),
  },
  // A user's watched tickets (and the delete of a user) read by user.
  (t) => [primaryKey({ columns: [t.ticketId, t.userId] }), index('ticket_watcher_user_idx').on(t.userId)],
);

/** The timeline: who changed what and when (old → new per field), and every comment. */
export const ticketHistory = pgTable(
  'ticket_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => ticket.id, { onDelete: 'cascade' }),
    at: timestamptz('at').notNull().defaultNow(),
    actorId: integer('actor_id'),
    kind: text('kind', { enum: ['created', 'changed', 'comment'] }).notNull(),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>(),
    commentId: integer('comment_id'),
    public: boolean('public'),
  },
  (t) => [
    index('ticket_history_ticket_idx').on(t.ticketId, t.id),
    userKey('ticket_history_actor_fk', t.actorId),
    // A comment's timeline entry goes with it; both go with their ticket.
    foreignKey({
      name: 'ticket_history_comment_fk',
      columns: [t.commentId],
      foreignColumns: [ticketComment.id],
    }).onDelete('cascade'),
  ],
);

/**
 * The spans in which a ticket's service-level clock waited on the customer (a pause status) or an approver: its
 * history on the ticket page, and the report's time held by each.
 */
export const ticketSlaHold = pgTable(
  'ticket_sla_hold',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => ticket.id, { onDelete: 'cascade' }),
    heldBy: text('held_by', { enum: slaHolders }).notNull(),
    paused: boolean('paused').notNull(),
    status: text('status'),
    startedAt: timestamptz('started_at').notNull(),
    endedAt: timestamptz('ended_at'),
    workingMinutes: integer('working_minutes'),
  },
  (t) => [index('ticket_sla_hold_ticket_idx').on(t.ticketId, t.id)],
);

/**
 * Ticket counts per project, privacy and dimension (status, priority, category, opened day, closed
 * day), kept by a trigger in the writing transaction, so that the dashboard never counts a million
 * rows. Writers spread over `shard` (their backend) so that concurrent creates do not queue on a row.
 * No key to project: counters that fell to zero stay behind and must not hold a project's delete back.
 */
export const ticketStat = pgTable(
  'ticket_stat',
  {
    dim: text('dim', { enum: ['status', 'priority', 'category', 'opened', 'closed'] }).notNull(),
    val: text('val').notNull(),
    projectId: integer('project_id').notNull(),
    privateTicket: boolean('private_ticket').notNull(),
    shard: smallint('shard').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.dim, t.val, t.projectId, t.privateTicket, t.shard] })],
);

/**
 * Who has a ticket page open now (contract section 20, "Live"): a row per ticket and user, renewed by each
 * `Ticket/Presence` call; a row older than `presenceTtlSeconds` no longer counts. A table rather than a map in
 * memory, so that every server process answers the same list.
 */
export const ticketPresence = pgTable(
  'ticket_presence',
  {
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => ticket.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    editing: boolean('editing').notNull().default(false),
    seenAt: timestamptz('seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.userId] }), index('ticket_presence_user_idx').on(t.userId)],
);

/**
 * One merge of a ticket into another (contract section 20): exactly what moved and what the source was, so that
 * Unmerge puts back precisely that. `unmergedAt` set: taken back (kept for the record).
 */
export const ticketMerge = pgTable(
  'ticket_merge',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sourceId: integer('source_id')
      .notNull()
      .references(() => ticket.id, { onDelete: 'cascade' }),
    targetId: integer('target_id')
      .notNull()
      .references(() => ticket.id, { onDelete: 'cascade' }),
    mergedAt: timestamptz('merged_at').notNull().defaultNow(),
    mergedBy: integer('merged_by'),
    commentIds: integer('comment_ids').array().notNull(),
    fileIds: integer('file_ids').array().notNull(),
    emailIds: integer('email_ids').array().notNull(),
    /** Tickets whose parent was the source and became the target. */
    childIds: integer('child_ids').array().notNull(),
    /** The source's columns the merge changed, as they were (status, close date, clock ...), JSON. */
    previous: jsonb('previous').$type<Record<string, unknown>>().notNull(),
    /** The source's rowVersion right after the merge: another value at Unmerge means it was changed since. */
    mergedRowVersion: integer('merged_row_version').notNull(),
    /** The span of waiting the merge ended on the source (re-opened by Unmerge). */
    endedHoldId: bigint('ended_hold_id', { mode: 'number' }),
    unmergedAt: timestamptz('unmerged_at'),
    unmergedBy: integer('unmerged_by'),
  },
  (t) => [
    index('ticket_merge_source_idx').on(t.sourceId, t.id),
    index('ticket_merge_target_idx').on(t.targetId, t.id),
    userKey('ticket_merge_merged_by_fk', t.mergedBy),
    userKey('ticket_merge_unmerged_by_fk', t.unmergedBy),
  ],
);
