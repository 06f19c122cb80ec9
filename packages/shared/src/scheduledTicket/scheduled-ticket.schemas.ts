import { z } from 'zod';
import { defineMessages, keyed } from '../platform/message-keys.js';
import {
  auditFieldsSchema,
  idTextSchema,
  queryBaseSchema,
  queryBooleanSchema,
  updateKeySchema,
} from '../platform/paging.js';
import { validateQuartzCron } from '../scheduleJob/cron.js';
import {
  ticketCreateSchema,
  ticketListItemSchema,
  ticketPrioritySchema,
  ticketSchema,
} from '../ticket/ticket.schemas.js';
import { scheduledTicketResults } from './scheduled-ticket.values.js';
export * from './scheduled-ticket.values.js';

export const scheduledTicketMessages = defineMessages('scheduledTicket', {
  recurrenceRequired: 'Give either a cron expression or a one-off date, not both.',
  dateInPast: 'The one-off date is in the past.',
  ownerInactive: 'The owner of this scheduled ticket can no longer create tickets.',
  /** The handler's run fails with this, naming the templates that failed. */
  runFailed: keyed(
    'scheduledTicket.runFailed',
    ['count', 'names'],
    (count: number, names: string) => `${count} scheduled ticket(s) failed: ${names}`,
  ),
} as const);

export const scheduledTicketResultSchema = z.enum(scheduledTicketResults);
export type ScheduledTicketResult = z.infer<typeof scheduledTicketResultSchema>;

/**
 * The new ticket a scheduled ticket makes, as the ticket create takes it. Not here: `ticketFrom` (always
 * `Scheduled`), `attachments` (files belong to one ticket), `parentTicket`, and `scheduledDate`, which is the
 * one-off fire time here.
 */
/** The ticket fields a template keeps: the same names in the create input and in the answer. */
const templateFields = {
  subject: true,
  content: true,
  categoryId: true,
  projectId: true,
  companyId: true,
  businessUnit: true,
  priority: true,
  ticketType: true,
  subjectType: true,
  customer: true,
  customerEmail: true,
  telephone: true,
  firstName: true,
  lastName: true,
  emails: true,
  assignTo: true,
  privateTicket: true,
  grantAccess: true,
} as const;

export const scheduledTicketTemplateSchema = ticketCreateSchema.pick(templateFields);
export type ScheduledTicketTemplate = z.infer<typeof scheduledTicketTemplateSchema>;

/** Quartz cron with seconds (the scheduled jobs' rules), refused with the field and the problem. */
export const scheduledTicketCronSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .superRefine((text, ctx) => {
    const problem = validateQuartzCron(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message });
  });

/** The recurrence: a cron, or a one-off date-time (exactly one of them; the server checks the pair). */
const recurrenceFields = {
  cron: scheduledTicketCronSchema.nullable().optional(),
  scheduledDate: z.iso.datetime({ offset: true }).nullable().optional(),
  enabled: z.boolean().default(true),
};

export const scheduledTicketCreateSchema = scheduledTicketTemplateSchema.extend(recurrenceFields).strict();
export type ScheduledTicketCreate = z.infer<typeof scheduledTicketCreateSchema>;

/** Partial (contract 11): fields left out keep their value; cron and date are judged with the stored pair. */
export const scheduledTicketUpdateSchema = scheduledTicketTemplateSchema
  .partial()
  .extend({ ...recurrenceFields, enabled: z.boolean().optional() })
  .extend(updateKeySchema.shape)
  .strict();
export type ScheduledTicketUpdate = z.infer<typeof scheduledTicketUpdateSchema>;

const nullableText = z.string().nullable();
const nullableId = z.number().int().nullable();

/** A scheduled ticket as `Get/{key}`, `Add` and `Update` answer it. */
export const scheduledTicketSchema = ticketSchema
  .pick(templateFields)
  .extend({
    cron: nullableText,
    scheduledDate: nullableText,
    enabled: z.boolean(),
    nextRunAt: nullableText,
    lastRunAt: nullableText,
    lastTicketId: nullableId,
    lastResult: scheduledTicketResultSchema.nullable(),
    lastMessage: nullableText,
    runCount: z.number().int(),
  })
  .extend(auditFieldsSchema.shape);
export type ScheduledTicket = z.infer<typeof scheduledTicketSchema>;

/** One row of the list: the record with display names and the last ticket's number. */
export const scheduledTicketListItemSchema = scheduledTicketSchema.omit({ content: true }).extend({
  projectName: nullableText,
  categoryName: nullableText,
  assignToName: nullableText,
  createdByName: nullableText,
  lastTicketCaseNumber: nullableText,
});
export type ScheduledTicketListItem = z.infer<typeof scheduledTicketListItemSchema>;
export const scheduledTicketPageSchema = z.object({
  items: z.array(scheduledTicketListItemSchema),
  total: z.number().int(),
});

export const scheduledTicketQuerySchema = queryBaseSchema
  .extend({
    projectId: idTextSchema.optional(),
    categoryId: idTextSchema.optional(),
    priority: ticketPrioritySchema.optional(),
    enabled: queryBooleanSchema.optional(),
    lastResult: scheduledTicketResultSchema.optional(),
  })
  .strict();
export type ScheduledTicketQuery = z.infer<typeof scheduledTicketQuerySchema>;

/** `POST Tickets { id, page, pageSize }`: the tickets it made that the caller may see, newest first. */
export const scheduledTicketTicketsQuerySchema = z
  .object({
    id: idTextSchema,
    page: queryBaseSchema.shape.page,
    pageSize: queryBaseSchema.shape.pageSize,
  })
  .strict();
export const scheduledTicketMadeSchema = ticketListItemSchema
  .pick({ id: true, caseNumber: true, subject: true, status: true, priority: true, openDate: true, assignToName: true })
  .extend({ fireTime: z.string() });
export type ScheduledTicketMade = z.infer<typeof scheduledTicketMadeSchema>;
export const scheduledTicketMadePageSchema = z.object({
  items: z.array(scheduledTicketMadeSchema),
  total: z.number().int(),
});

/** `POST RunNow/{id}`: what the immediate run made (the ticket) or why it failed. */
export const scheduledTicketRunResultSchema = z.object({
  result: scheduledTicketResultSchema,
  ticketId: nullableId,
  caseNumber: nullableText,
  message: nullableText,
});
export type ScheduledTicketRunResult = z.infer<typeof scheduledTicketRunResultSchema>;
