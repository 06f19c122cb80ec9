import { z } from 'zod';
import { defineMessages, keyed } from '../platform/message-keys.js';
import { ticketQuerySchema, ticketUpdateSchema } from './ticket.schemas.js';

/** The most tickets one BatchUpdate (or "all matching") changes: each is its own transaction. */
export const ticketBatchCap = 1_000;

/**
 * The fields a bulk edit (and a macro's `set`) may change: what Update takes, less what names one ticket
 * (subject, content, the customer and contact fields, parent, attachments, who else may see it, origin).
 * `delegateTo` follows the assignee and `dueDate` the service level, as in Update.
 */
export const ticketBatchFields = [
  'status',
  'priority',
  'categoryId',
  'projectId',
  'companyId',
  'assignTo',
  'ticketType',
  'businessUnit',
  'subjectType',
  'privateTicket',
  'scheduledDate',
  'tags',
  'customFields',
] as const;
export type TicketBatchField = (typeof ticketBatchFields)[number];

export const ticketBatchMessages = defineMessages('ticketBatch', {
  nothingToSet: 'Choose at least one field to change.',
  idsOrQuery: 'Send either the tickets or a filter (query): one of them.',
  tooMany: keyed(
    'ticketBatch.tooMany',
    ['cap'],
    (cap: number) => `More than ${cap} tickets match; a bulk change takes at most ${cap}. Narrow the filter.`,
  ),
} as const);

const pick = Object.fromEntries(ticketBatchFields.map((field) => [field, true])) as {
  [K in TicketBatchField]: true;
};
/** `set` of a bulk edit or a macro: a part of Update's fields, at least one. */
export const ticketBatchSetSchema = ticketUpdateSchema
  .pick(pick)
  .strict()
  .refine((set) => Object.values(set).some((value) => value !== undefined), ticketBatchMessages.nothingToSet);
export type TicketBatchSet = z.infer<typeof ticketBatchSetSchema>;

/** A list's filter without its paging: "all M matching" resolves it on the server under the caller's visibility. */
export const ticketBatchQuerySchema = ticketQuerySchema.omit({ page: true, pageSize: true, orderBy: true });
export type TicketBatchQuery = z.infer<typeof ticketBatchQuerySchema>;

const id = z.number().int().positive().max(2_147_483_647);
export const ticketBatchUpdateSchema = z
  .object({
    ids: z.array(id).min(1).max(ticketBatchCap).optional(),
    query: ticketBatchQuerySchema.optional(),
    set: ticketBatchSetSchema,
  })
  .strict()
  .refine((body) => (body.ids === undefined) !== (body.query === undefined), {
    message: ticketBatchMessages.idsOrQuery,
    path: ['ids'],
  });
export type TicketBatchUpdate = z.infer<typeof ticketBatchUpdateSchema>;

/**
 * One ticket's outcome, in the order asked. `caseNumber` only for a ticket the caller sees; `message` is the
 * refusal in the caller's language (null when changed).
 */
export const ticketOutcomeSchema = z.object({
  ticketId: z.number().int(),
  caseNumber: z.string().nullable(),
  ok: z.boolean(),
  message: z.string().nullable(),
  messageKey: z.string().optional(),
});
export type TicketOutcome = z.infer<typeof ticketOutcomeSchema>;
