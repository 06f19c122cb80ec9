import { z } from 'zod';
import { decimalSchema } from '../platform/decimal.js';
import { defineMessages, keyed } from '../platform/message-keys.js';
import { auditFieldsSchema, idSchema, maxPageSize, orderBySchema, updateKeySchema } from '../platform/paging.js';
import { ticketPrioritySchema, ticketStatusSchema } from '../ticket/ticket.schemas.js';
import { openItemStatuses } from './openItem.values.js';
export * from './openItem.values.js';

/**
 * Open items (spec section 3, contract 15): the action items that hang off a ticket.
 *
 * "A configured relation" (the spec's delete refusal): an open item that lists related tickets. Those
 * links are what a user configured on it; they must be removed first, so that a delete never silently
 * drops them (and the ticket cancellation that a delete brings is never triggered by accident).
 */
export const openItemMessages = defineMessages('openItem', {
  deleteComplete: "It's not allowed to delete the open item marked in Complete",
  deleteRelated: 'There is already a configuration relationship, deletion is not allowed!',
  updateComment: 'Please update the comment',
  ticketClosed: keyed(
    'openItem.ticketClosed',
    ['caseNumber'],
    (caseNumber: string) =>
      `The ticket ${caseNumber} is closed or cancelled: its open items cannot be added, changed or deleted.`,
  ),
  reorderMismatch: 'The order must list every open item of the ticket exactly once.',
  relatedSelf: 'An open item cannot relate to its own ticket.',
  noAddItem: 'You do not have permission to add open items.',
} as const);

export const openItemStatusSchema = z.enum(openItemStatuses);
export type OpenItemStatus = z.infer<typeof openItemStatusSchema>;
/** Statuses that close an item (they set `closeDate`, and the web asks before choosing one). */
export const openItemClosedStatuses: readonly OpenItemStatus[] = ['Complete', 'Cancelled'];

/** Hours of effort: numeric(9,2). */
export const loeSchema = decimalSchema({ scale: 2, digits: 7 });

/** What the actor may do with an item they see (list rows and Detail carry it). */
export const openItemActions = ['edit', 'delete', 'editFile', 'deleteFile'] as const;
export type OpenItemAction = (typeof openItemActions)[number];

const dateText = z.iso.date();
const ids = z.array(idSchema).max(100).default([]);

const openItemFields = z.object({
  priority: ticketPrioritySchema.default('Medium'),
  /** Defaults to the ticket's project. */
  projectId: idSchema.nullable().optional(),
  /** Dictionary `taskCategory` item value. */
  taskCategory: z.string().trim().max(50).nullable().default(null),
  status: openItemStatusSchema.default('Open'),
  /** Defaults to today. */
  openDate: dateText.optional(),
  loe: loeSchema.nullable().default(null),
  approvedDate: dateText.nullable().default(null),
  /** A user id ("my open items" are those whose point of contact I am). */
  pointOfContact: idSchema.nullable().default(null),
  relatedTickets: ids,
  description: z.string().trim().min(1).max(4000),
  comment: z.string().trim().max(4000).nullable().default(null),
  /** Stored file ids: the actor's own uploads, or files the item already has. */
  attachments: ids,
});
export const openItemCreateSchema = openItemFields.extend({ ticketId: idSchema }).strict();
/** The ticket of an item never changes; `serial`, `sortId`, `closeDate` are the server's. */
export const openItemUpdateSchema = openItemFields.extend(updateKeySchema.shape).strict();

export const openItemSchema = z.object({
  ...auditFieldsSchema.shape,
  serial: z.number().int(),
  ticketId: z.number().int(),
  ticketNumber: z.string(),
  ticketSubject: z.string().optional(),
  ticketStatus: ticketStatusSchema.optional(),
  priority: ticketPrioritySchema,
  projectId: z.number().int().nullable(),
  projectName: z.string().nullable().optional(),
  taskCategory: z.string().nullable(),
  status: openItemStatusSchema,
  openDate: z.string(),
  closeDate: z.string().nullable(),
  loe: z.string().nullable(),
  approvedDate: z.string().nullable(),
  pointOfContact: z.number().int().nullable(),
  pointOfContactName: z.string().nullable().optional(),
  /** The user group that works the item (a catalog request's fulfilment item may name one). */
  groupId: z.number().int().nullable().optional(),
  groupName: z.string().nullable().optional(),
  sortId: z.number().int(),
  relatedTickets: z.array(z.number().int()),
  description: z.string(),
  comment: z.string().nullable(),
  attachments: z.array(z.number().int()),
  actions: z.array(z.enum(openItemActions)).optional(),
});
export type OpenItem = z.infer<typeof openItemSchema>;

export const openItemDetailSchema = openItemSchema.extend({
  /** The related tickets the actor sees (others are left out). */
  related: z.array(z.object({ id: z.number().int(), caseNumber: z.string(), subject: z.string() })),
  files: z.array(
    z.object({
      fileId: z.number().int(),
      fileUrl: z.string(),
      name: z.string(),
      ext: z.string(),
      size: z.number(),
    }),
  ),
});
export type OpenItemDetail = z.infer<typeof openItemDetailSchema>;

/** Query-string friendly list: `status=Open,InProgress` or a JSON array. */
const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter((s) => s !== '') : v), z.array(item).max(20));
const idFilter = z.coerce.number().int().positive().max(2_147_483_647);

export const openItemQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(maxPageSize).default(20),
    keyword: z.string().trim().max(200).optional(),
    orderBy: orderBySchema.optional(),
    status: listOf(openItemStatusSchema).optional(),
    ticketId: idFilter.optional(),
    ticketNumber: z.string().trim().max(50).optional(),
    projectId: idFilter.optional(),
    priority: listOf(ticketPrioritySchema).optional(),
    taskCategory: z.string().trim().max(50).optional(),
    pointOfContact: idFilter.optional(),
    openDateFrom: dateText.optional(),
    openDateTo: dateText.optional(),
  })
  .strict();
export type OpenItemQuery = z.infer<typeof openItemQuerySchema>;
/** A list page with the LOE total of everything the filter matches (exact decimal text). */
export const openItemPageSchema = z.object({
  items: z.array(openItemSchema),
  total: z.number().int(),
  loeTotal: z.string(),
});
export type OpenItemPage = z.infer<typeof openItemPageSchema>;

/** `POST OpenItem/Reorder`: every item of the ticket, in the new order. */
export const openItemReorderSchema = z.object({ ticketId: idSchema, ids: z.array(idSchema).min(1).max(1000) }).strict();
export type OpenItemReorder = z.infer<typeof openItemReorderSchema>;

/** `POST CmOpenItemDetailAttachment/Delete`: one file off an item (`openItem:deleteFile`). */
export const openItemFileRemoveSchema = z.object({ openItemId: idSchema, fileId: idSchema }).strict();
export type OpenItemCreate = z.infer<typeof openItemCreateSchema>;
export type OpenItemUpdate = z.infer<typeof openItemUpdateSchema>;
