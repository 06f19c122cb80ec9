import { z } from 'zod';
import { messages } from '../platform/messages.js';
import { auditFieldsSchema, maxPageSize, orderBySchema, updateKeySchema } from '../platform/paging.js';
import { defineMessages, keyed } from '../platform/message-keys.js';

import { ticketSlaHoldSchema, ticketSlaSchema } from '../sla/sla-clock.schemas.js';
import { slaStates, ticketFroms, ticketPriorities, ticketStatuses, ticketViews } from './ticket.values.js';
import { tagsModes, ticketTagSchema, ticketTagsSchema } from './ticket-tag.schemas.js';
import { refusedMentionSchema, ticketWatcherSchema } from './ticket-watch.schemas.js';
import {
  customFieldDefinitionSchema,
  customFilterSchema,
  customValuesSchema,
} from '../customField/custom-field.schemas.js';

export * from './ticket.values.js';
export const ticketStatusSchema = z.enum(ticketStatuses);
export const ticketPrioritySchema = z.enum(ticketPriorities);
export const ticketFromSchema = z.enum(ticketFroms);
export type TicketStatus = z.infer<typeof ticketStatusSchema>;
export type TicketPriority = z.infer<typeof ticketPrioritySchema>;
export type TicketFrom = z.infer<typeof ticketFromSchema>;

/** Statuses still waiting for work: "my open tickets", unassigned and overdue count only these. */
export const openTicketStatuses: readonly TicketStatus[] = ['New', 'Assigned', 'InProgress', 'Pending'];

/** Case numbers: `TCK-<year>-<6-digit sequence>` (contract section 7). */
export const caseNumberPattern = /^[A-Z]+-\d{4}-\d{6,}$/;

export const ticketMessages = defineMessages('ticket', {
  submitted: 'Submit Ticket Succeed!',
  submitFailed: 'There is a problem submitting ticket, please contact the administrator',
  noAssignee:
    "The category you selected hasn't have an Assigned to, please contact the system administrator for any questions",
  commentSaved: 'Comment saved successfully',
  endBeforeStart: 'End date cannot be earlier than start date',
  statusNotAllowed: keyed(
    'ticket.statusNotAllowed',
    ['from', 'to'],
    (from: string, to: string) => `A ticket in status ${from} cannot be changed to ${to}.`,
  ),
  cancelledIsFinal: 'A cancelled ticket cannot be changed.',
  /** Deleting reference data already used by tickets (spec section 5). */
  inUse: keyed(
    'ticket.inUse',
    ['label', 'count'],
    (label: string, count: number) =>
      `This ${label} is already applied to ${count} ticket(s) and cannot be deleted. Click Ok to cancel.`,
  ),
  linkedFrom: 'This ticket is already linked from {count} ticket(s) and cannot be deleted. Click Ok to cancel.',
  // A ticket's references, refused field by field (the envelope's text names the field first).
  projectUnknown: 'Unknown project',
  projectInactive: 'The project is inactive',
  categoryUnknown: 'Unknown category',
  categoryInactive: 'The category is inactive',
  categoryNotInProject: 'The category is not offered in this project',
  companyUnknown: 'Unknown company',
  companyNotInProject: 'The company is not part of this project',
  userUnknownOrInactive: 'Unknown or inactive user',
  parentSelf: 'A ticket cannot be its own parent',
  parentUnknown: 'Unknown ticket',
  parentDescendant: 'The linked ticket is a descendant of this ticket',
} as const);

const id = z.number().int().positive().max(2_147_483_647);
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
/** ISO-8601 date or date-time with offset. */
export const dateTimeInputSchema = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);
const email = z.email({ error: messages.invalidEmail }).max(200);

const ticketInputFields = {
  subject: z.string().trim().min(1, messages.required).max(200),
  /** Rich text (HTML); the server sanitises it. */
  content: z.string().max(200_000).default(''),
  categoryId: id.nullable().optional(),
  projectId: id,
  companyId: id.nullable().optional(),
  businessUnit: optionalText(100),
  priority: ticketPrioritySchema.default('Medium'),
  ticketType: optionalText(50),
  ticketFrom: ticketFromSchema.default('Web'),
  subjectType: optionalText(50),
  customer: optionalText(200),
  customerEmail: email.nullable().optional(),
  telephone: optionalText(50),
  firstName: optionalText(100),
  lastName: optionalText(100),
  emails: optionalText(1000),
  /** Explicit assignee; without it the category's `newTicketAssignee` is used. */
  assignTo: id.nullable().optional(),
  /** Linked parent ticket (a ticket id). */
  parentTicket: id.nullable().optional(),
  privateTicket: z.boolean().default(false),
  /** Users who may see a private ticket besides its creator, assignee and delegate. */
  grantAccess: z.array(id).max(200).default([]),
  /** File ids from `POST /api/Files/Upload`. */
  attachments: z.array(id).max(100).default([]),
  scheduledDate: dateTimeInputSchema.nullable().optional(),
  tags: ticketTagsSchema.optional(),
  /** Custom field values `{ key: value }` (contract 21), checked on the server against the active definitions. */
  customFields: customValuesSchema.optional(),
};

export const ticketCreateSchema = z.object(ticketInputFields).strict();
export type TicketCreate = z.infer<typeof ticketCreateSchema>;

/** Update is partial: only the fields sent change; `status` changes follow `ticketTransitions`. */
export const ticketUpdateSchema = z
  .object({
    subject: ticketInputFields.subject.optional(),
    content: z.string().max(200_000).optional(),
    categoryId: ticketInputFields.categoryId,
    projectId: id.optional(),
    companyId: ticketInputFields.companyId,
    businessUnit: ticketInputFields.businessUnit,
    priority: ticketPrioritySchema.optional(),
    ticketType: ticketInputFields.ticketType,
    ticketFrom: ticketFromSchema.optional(),
    subjectType: ticketInputFields.subjectType,
    customer: ticketInputFields.customer,
    customerEmail: ticketInputFields.customerEmail,
    telephone: ticketInputFields.telephone,
    firstName: ticketInputFields.firstName,
    lastName: ticketInputFields.lastName,
    emails: ticketInputFields.emails,
    assignTo: ticketInputFields.assignTo,
    parentTicket: ticketInputFields.parentTicket,
    privateTicket: z.boolean().optional(),
    grantAccess: z.array(id).max(200).optional(),
    attachments: z.array(id).max(100).optional(),
    scheduledDate: ticketInputFields.scheduledDate,
    /** The ticket's tags after the change (the whole set; omitted: unchanged). */
    tags: ticketTagsSchema.optional(),
    customFields: customValuesSchema.optional(),
    status: ticketStatusSchema.optional(),
  })
  .extend(updateKeySchema.shape)
  .strict();
export type TicketUpdate = z.infer<typeof ticketUpdateSchema>;

const nullableText = z.string().nullable();
const nullableId = z.number().int().nullable();

/** A ticket as `Get/{key}`, `Add` and `Update` answer it (contract section 6 field names). */
export const ticketSchema = z
  .object({
    caseNumber: z.string(),
    subject: z.string(),
    content: z.string(),
    status: ticketStatusSchema,
    priority: ticketPrioritySchema,
    categoryId: nullableId,
    projectId: z.number().int(),
    companyId: nullableId,
    assignTo: nullableId,
    delegateTo: nullableId,
    ticketType: nullableText,
    ticketFrom: ticketFromSchema,
    subjectType: nullableText,
    openDate: z.string(),
    closeDate: nullableText,
    /** When the ticket becomes overdue: its service-level resolution due (`sla.resolutionDueAt`), else null. */
    dueDate: nullableText,
    openedBy: nullableId,
    solvedBy: nullableId,
    customer: nullableText,
    customerEmail: nullableText,
    telephone: nullableText,
    firstName: nullableText,
    lastName: nullableText,
    emails: nullableText,
    businessUnit: nullableText,
    parentTicket: nullableId,
    privateTicket: z.boolean(),
    grantAccess: z.array(z.number().int()),
    attachments: z.array(z.number().int()),
    scheduledDate: nullableText,
    /** A `Merged` ticket: the ticket it was merged into, and when (contract section 20). */
    mergedIntoId: nullableId,
    mergedAt: nullableText,
    /** The catalog's request type it was raised from (contract 21); null: raised otherwise. */
    requestTypeId: nullableId.optional(),
    /** Normalized, sorted (contract section 20). */
    tags: z.array(z.string()),
    /** Custom field values by key (contract 21); a field without a value is absent. */
    customFields: z.record(z.string(), z.unknown()),
    sla: ticketSlaSchema,
  })
  .extend(auditFieldsSchema.shape);
export type Ticket = z.infer<typeof ticketSchema>;

/** What a user may do with a ticket, so the web shows buttons from it (CONVENTIONS habit 5; the ticket policy decides). */
export const ticketActions = [
  'view',
  'edit',
  'comment',
  'changeStatus',
  'delete',
  'merge',
  'unmerge',
  'split',
] as const;
export type TicketAction = (typeof ticketActions)[number];

/** One row of the ticket list: the list columns plus display names (no content). */
export const ticketListItemSchema = ticketSchema
  .pick({
    id: true,
    rowVersion: true,
    caseNumber: true,
    subject: true,
    status: true,
    priority: true,
    categoryId: true,
    projectId: true,
    companyId: true,
    assignTo: true,
    delegateTo: true,
    ticketType: true,
    ticketFrom: true,
    openDate: true,
    closeDate: true,
    dueDate: true,
    customer: true,
    customerEmail: true,
    privateTicket: true,
    parentTicket: true,
    createdBy: true,
    modifiedAt: true,
    sla: true,
    tags: true,
    customFields: true,
  })
  .extend({
    categoryName: nullableText,
    projectName: nullableText,
    companyName: nullableText,
    assignToName: nullableText,
    delegateToName: nullableText,
    createdByName: nullableText,
    /** Present on keyword searches: the full-text rank (higher is better). */
    rank: z.number().optional(),
    actions: z.array(z.enum(ticketActions)),
  });
export type TicketListItem = z.infer<typeof ticketListItemSchema>;

export const ticketFileSchema = z.object({
  fileId: z.number().int(),
  name: z.string(),
  ext: z.string(),
  size: z.number().int(),
  fileUrl: z.string(),
  fileType: z.string(),
  createdAt: z.string(),
  createdBy: nullableId,
});

/** `Detail/{id}`: the ticket with names, files, linked tickets and what the caller may do. */
export const ticketDetailSchema = ticketSchema.extend({
  categoryName: nullableText,
  projectName: nullableText,
  companyName: nullableText,
  assignToName: nullableText,
  delegateToName: nullableText,
  createdByName: nullableText,
  solvedByName: nullableText,
  files: z.array(ticketFileSchema),
  parent: z.object({ id: z.number().int(), caseNumber: z.string(), subject: z.string() }).nullable(),
  children: z.array(
    z.object({ id: z.number().int(), caseNumber: z.string(), subject: z.string(), status: z.string() }),
  ),
  grantAccessUsers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The ticket a `Merged` one went into, if the caller sees it (else null: the banner names no ticket). */
  mergedInto: z.object({ id: z.number().int(), caseNumber: z.string(), subject: z.string() }).nullable(),
  actions: z.array(z.enum(ticketActions)),
  /** The statuses this ticket may move to now (from `ticketTransitions`). */
  allowedStatuses: z.array(ticketStatusSchema),
  /** Extension: the spans its service-level clock waited on the customer or an approver, oldest first. */
  slaHolds: z.array(ticketSlaHoldSchema),
  /** Who watches the ticket (by name), and whether the caller does (contract 20). */
  watchers: z.array(ticketWatcherSchema),
  watching: z.boolean(),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

/** Query-string friendly list: `status=New&status=Assigned`, `status=New,Assigned` or a JSON array. */
const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter((s) => s !== '') : v), z.array(item).max(20));
const idFilter = z.coerce.number().int().positive().max(2_147_483_647);

/** `POST /api/Ticket/Query` (and `GET Get`, `POST Export`): contract section 7 filters plus quick views. */
export const ticketQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(maxPageSize).default(20),
    keyword: z.string().trim().max(200).optional(),
    orderBy: orderBySchema.optional(),
    status: listOf(ticketStatusSchema).optional(),
    priority: listOf(ticketPrioritySchema).optional(),
    categoryId: idFilter.optional(),
    projectId: idFilter.optional(),
    companyId: idFilter.optional(),
    assignTo: idFilter.optional(),
    ticketFrom: listOf(ticketFromSchema).optional(),
    privateTicket: z.union([z.boolean(), z.stringbool()]).optional(),
    openDateFrom: dateTimeInputSchema.optional(),
    openDateTo: dateTimeInputSchema.optional(),
    view: z.enum(ticketViews).optional(),
    /** Tickets whose service-level clock is in one of these states (contract section 19). */
    slaState: listOf(z.enum(slaStates)).optional(),
    /** Tickets carrying any (`tagsMode` any, the default) or all of these tags (contract section 20). */
    tags: listOf(ticketTagSchema).optional(),
    tagsMode: z.enum(tagsModes).optional(),
    /** Custom fields: `{ key: value }` (an option, a user id, yes/no, a text) or `{ key: { min, max } }` (contract 21). */
    custom: customFilterSchema.optional(),
  })
  .strict();
export type TicketQuery = z.infer<typeof ticketQuerySchema>;
/** `openDateTo` before `openDateFrom` is refused with the spec's text; the web form checks the same. */
export const isOpenDateRangeValid = (from?: string, to?: string) =>
  !from || !to || new Date(to).getTime() >= new Date(from).getTime();

/**
 * The list page. `total` is exact when `totalExact`; past `ticketCountCap` matches it is the
 * database's estimate, so that a list over a million tickets never counts them all.
 */
export const ticketCountCap = 1_000;
export const ticketPageSchema = z.object({
  items: z.array(ticketListItemSchema),
  total: z.number().int(),
  totalExact: z.boolean(),
  /**
   * Keyword searches only: the order the rows came in. `relevance` (best match first, then newest) when few
   * tickets match; `newest` (newest first) when many do (a broad word: ranking them all would read them all);
   * `sorted` when the request named its own order.
   */
  searchOrder: z.enum(['relevance', 'newest', 'sorted']).optional(),
});
export type TicketPage = z.infer<typeof ticketPageSchema>;

export const ticketBatchStatusSchema = z
  .object({ ids: z.array(id).min(1).max(500), status: ticketStatusSchema })
  .strict();
export const ticketBatchAssignSchema = z.object({ ids: z.array(id).min(1).max(500), assignTo: id }).strict();
export const ticketBatchResultSchema = z.object({ updated: z.number().int() });

/** Comments: internal ones (`public: false`) are never shown to or e-mailed to customers. */
export const ticketCommentCreateSchema = z
  .object({
    ticketId: id,
    comment: z.string().trim().min(1, messages.required).max(100_000),
    public: z.boolean().default(false),
  })
  .strict();
export type TicketCommentCreate = z.infer<typeof ticketCommentCreateSchema>;
export const ticketCommentSchema = z
  .object({
    ticketId: z.number().int(),
    comment: z.string(),
    public: z.boolean(),
    createdByName: nullableText,
  })
  .extend(auditFieldsSchema.shape);
export type TicketComment = z.infer<typeof ticketCommentSchema>;
/** `TicketComment/Add`'s answer: the comment, and the mentioned users who may not see the ticket (not told). */
export const ticketCommentAddedSchema = ticketCommentSchema.extend({ refusedMentions: z.array(refusedMentionSchema) });
export type TicketCommentAdded = z.infer<typeof ticketCommentAddedSchema>;
export const ticketCommentQuerySchema = z
  .object({
    ticketId: idFilter,
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(maxPageSize).default(50),
    public: z.union([z.boolean(), z.stringbool()]).optional(),
  })
  .strict();

/** One entry of a ticket's timeline: a field change set, or a comment. */
export const ticketTimelineEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: nullableId,
  actorName: nullableText,
  kind: z.enum(['created', 'changed', 'comment']),
  changes: z.array(
    z.object({
      field: z.string(),
      from: z.unknown(),
      to: z.unknown(),
      fromLabel: nullableText.optional(),
      toLabel: nullableText.optional(),
    }),
  ),
  commentId: nullableId,
  comment: nullableText,
  public: z.boolean().nullable(),
});
export type TicketTimelineEntry = z.infer<typeof ticketTimelineEntrySchema>;

/** `GET /api/Ticket/Screen/{id}`: the ticket page in one round trip, Detail with its timeline. */
export const ticketScreenSchema = ticketDetailSchema.extend({ timeline: z.array(ticketTimelineEntrySchema) });
export type TicketScreen = z.infer<typeof ticketScreenSchema>;

/**
 * `GET /api/Ticket/FormOptions`: what the ticket form and the list filters may offer the caller (their
 * active projects, the active categories of those projects, active companies and active users), so that
 * staff without master-data permissions can fill in a ticket.
 */
export const ticketFormOptionsSchema = z.object({
  projects: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      name: z.string(),
      businessUnit: nullableText,
      /** Empty: the project accepts any company. */
      companyIds: z.array(z.number().int()),
    }),
  ),
  categories: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      name: z.string(),
      projectIds: z.array(z.number().int()),
      newTicketAssignee: nullableId,
    }),
  ),
  companies: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
  users: z.array(z.object({ id: z.number().int(), loginName: z.string(), name: z.string() })),
  /** Ticket custom field definitions, archived ones too (their values still read); the form asks the active ones. */
  customFields: z.array(customFieldDefinitionSchema),
});
export type TicketFormOptions = z.infer<typeof ticketFormOptionsSchema>;
