import { z } from 'zod';
import { defineMessages } from '../platform/message-keys.js';
import { messages } from '../platform/messages.js';
import { auditFieldsSchema, idSchema, queryBaseSchema, updateKeySchema } from '../platform/paging.js';
import { ticketBatchQuerySchema, type TicketBatchQuery } from '../ticket/ticket-batch.schemas.js';
import { ticketSortFields } from '../ticket/ticket.values.js';

// Saved ticket views (contract section 20): a named ticket list (its filter, columns and sort), private or shared.

export const ticketViewMessages = defineMessages('ticketView', {
  sharedNeedsManage: 'Only ticket view managers may share a view with others.',
  notYours: 'Only its owner or a ticket view manager may change this view.',
  groupUnknown: 'Unknown or inactive user group.',
  sharedWithGroup: 'The ticket view "{name}" is shared with this group; remove the group from it first.',
} as const);

/**
 * The ticket list's fixed quick views, listed with the saved ones. Their ids are text, never a saved view's number;
 * each is a `Ticket/Query` `view` (its address stays `?view=mine`).
 */
export const builtinTicketViews = [
  { id: 'builtin:all', view: 'all' },
  { id: 'builtin:mine', view: 'mine' },
  { id: 'builtin:unassigned', view: 'unassigned' },
  { id: 'builtin:overdue', view: 'overdue' },
] as const;
export type BuiltinTicketView = (typeof builtinTicketViews)[number];
export type BuiltinTicketViewId = BuiltinTicketView['id'];

/** The saved filter: a `Ticket/Query` body without paging and sort (the sort is the view's own `sort`). */
export const ticketViewQuerySchema = ticketBatchQuerySchema;
/** The list's order: fields the ticket list sorts by. */
export const ticketViewSortSchema = z
  .array(z.object({ field: z.enum(ticketSortFields), desc: z.boolean().default(false) }).strict())
  .max(1);
/**
 * The list's shown columns by key, in order (keys the list does not know are ignored when shown): a ticket field, or a
 * custom field's column `custom.<key>`.
 */
export const ticketViewColumnsSchema = z
  .array(
    z
      .string()
      .regex(/^(?:[A-Za-z][A-Za-z0-9]*|custom\.[a-z][a-z0-9_]*)$/)
      .max(60),
  )
  .max(60);

const ticketViewFields = {
  name: z.string().trim().min(1, messages.required).max(60),
  query: ticketViewQuerySchema.default({}),
  columns: ticketViewColumnsSchema.default([]),
  sort: ticketViewSortSchema.default([]),
  /** Shared views serve the members of `groupIds` (none: everyone with ticket views); else only the owner. */
  shared: z.boolean().default(false),
  groupIds: z.array(idSchema).max(50).default([]),
};

export const ticketViewCreateSchema = z.object(ticketViewFields).strict();
export type TicketViewCreate = z.infer<typeof ticketViewCreateSchema>;
export const ticketViewUpdateSchema = z
  .object({
    name: ticketViewFields.name.optional(),
    query: ticketViewQuerySchema.optional(),
    columns: ticketViewColumnsSchema.optional(),
    sort: ticketViewSortSchema.optional(),
    shared: z.boolean().optional(),
    groupIds: z.array(idSchema).max(50).optional(),
  })
  .extend(updateKeySchema.shape)
  .strict();
export type TicketViewUpdate = z.infer<typeof ticketViewUpdateSchema>;

export const ticketViewListQuerySchema = queryBaseSchema
  .extend({ shared: z.union([z.boolean(), z.stringbool()]).optional() })
  .strict();
export type TicketViewListQuery = z.infer<typeof ticketViewListQuerySchema>;

/**
 * The saved filter as the server gives it back: the object that passed `ticketViewQuerySchema` on save (that schema
 * reads address-style text too, a transform a response cannot be encoded through).
 */
const savedQuerySchema = z.record(z.string(), z.unknown()) as unknown as z.ZodType<TicketBatchQuery>;

export const ticketViewSchema = z
  .object({
    name: z.string(),
    query: savedQuerySchema,
    columns: z.array(z.string()),
    sort: ticketViewSortSchema,
    shared: z.boolean(),
    groupIds: z.array(z.number().int()),
    ownerId: z.number().int(),
    ownerName: z.string().nullable(),
    /** Whether the caller may change or delete it (the policy's one rule). */
    canManage: z.boolean(),
  })
  .extend(auditFieldsSchema.shape);
export type TicketView = z.infer<typeof ticketViewSchema>;

/** `TicketView/Counts`: nothing to send; the caller's views are the server's to know. */
export const ticketViewCountsBodySchema = z.object({}).strict().default({});
export const ticketViewCountSchema = z.object({
  /** A saved view's id, or a built-in view's (`builtin:mine`). */
  id: z.union([z.number().int(), z.enum(builtinTicketViews.map((v) => v.id) as [BuiltinTicketViewId])]),
  count: z.number().int(),
});
export type TicketViewCount = z.infer<typeof ticketViewCountSchema>;
