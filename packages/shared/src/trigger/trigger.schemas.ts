import { z } from 'zod';
import { defineMessages, keyed } from '../platform/message-keys.js';
import { messages } from '../platform/messages.js';
import {
  activeStatusSchema,
  auditFieldsSchema,
  idSchema,
  queryBaseSchema,
  updateKeySchema,
} from '../platform/paging.js';
import { macroCommentSchema } from '../macro/macro.schemas.js';
import { ticketBatchSetSchema } from '../ticket/ticket-batch.schemas.js';
import { ticketTagsSchema } from '../ticket/ticket-tag.schemas.js';
import { ticketFroms, ticketPriorities, ticketStatuses } from '../ticket/ticket.values.js';
import { conditionOps } from '../workflow/workflow-graph.schemas.js';
import { validateQuartzCron } from '../scheduleJob/cron.js';
import { triggerEvents, triggerRunOutcomes, type TriggerEvent } from './trigger.values.js';

export * from './trigger.values.js';

// Triggers (contract section 23): on an event or a schedule, when the conditions hold, act on the ticket.

/** The deepest a trigger's own change may fire other triggers (the user's change is level 0). */
export const triggerMaxDepth = 3;

export const triggerMessages = defineMessages('trigger', {
  unknownField: keyed(
    'trigger.unknownField',
    ['field'],
    (field: string) => `A trigger cannot test the field "${field}".`,
  ),
  fieldNotForEvent: keyed(
    'trigger.fieldNotForEvent',
    ['field'],
    (field: string) => `The field "${field}" is not known at this event.`,
  ),
  unknownCustomField: keyed(
    'trigger.unknownCustomField',
    ['field'],
    (field: string) => `There is no ticket custom field "${field}".`,
  ),
  badValue: 'This value does not fit the field and the operator.',
  changedOnlyOnUpdate: '"Changed", "changed to" and "changed from" can only be tested when a ticket is updated.',
  cronRequired: 'A scheduled trigger needs a schedule.',
  cronOnlyForSchedule: 'Only a scheduled trigger has a schedule.',
  noActions: 'A trigger needs at least one action.',
  oneKind: 'Each action does one thing.',
  actionNotForEvent: 'This action cannot run at this event.',
  /** A comment action on "comment added": the comment it writes would fire it again. */
  commentOnComment: 'A trigger on "comment added" cannot add a comment: each comment would fire it again.',
  /** Two triggers (or one) that set a field back and forth: named by the other trigger. */
  loop: keyed(
    'trigger.loop',
    ['other'],
    (other: string) => `This action and the trigger "${other}" would undo each other's change without end.`,
  ),
  nameTaken: 'A trigger with this name already exists.',
  templateUnknown: 'Unknown or inactive e-mail template.',
  userUnknown: 'Unknown or inactive user.',
  groupUnknown: 'Unknown or inactive user group.',
  webhookUnknown: 'Unknown webhook.',
  notifyNobody: 'Choose at least one user or group to notify.',
  /** Dry run: the ticket does not exist or the caller may not see it. */
  ticketUnknown: 'Unknown ticket.',
  /** A condition or a `set` names a project, category or company that does not exist. */
  recordUnknown: 'Unknown record.',
  /** Run log: a trigger's change would fire triggers deeper than `triggerMaxDepth`. */
  depthLimit: keyed(
    'trigger.depthLimit',
    ['depth'],
    (depth: number) => `Not run: triggers changing tickets fired each other ${depth} levels deep.`,
  ),
  /** Run log: a scheduled run found more tickets than one run takes. */
  scheduleCapped: keyed(
    'trigger.scheduleCapped',
    ['cap'],
    (cap: number) => `More than ${cap} tickets matched; the rest are left for the next run.`,
  ),
  /** Run log: the trigger has no one to act as (its author was deleted or deactivated). */
  noActor: 'The trigger has no active author to act as.',
  /** Run log: an error that is no refusal (a database error, a bug); its own text is the detail. */
  unexpected: keyed(
    'trigger.unexpected',
    ['detail'],
    (detail: string) => `The trigger stopped on an unexpected error: ${detail}`,
  ),
} as const);

export const triggerConditionOps = [...conditionOps, 'changed', 'changedTo', 'changedFrom'] as const;
export type TriggerConditionOp = (typeof triggerConditionOps)[number];
/** The operators that compare a ticket's value before an update with the value after it. */
export const changeOps = ['changed', 'changedTo', 'changedFrom'] as const;

/** The ticket fields every trigger may test (`custom.<key>` joins them for ticket custom fields). */
export const triggerTicketFields = [
  'status',
  'priority',
  'projectId',
  'categoryId',
  'companyId',
  'assignTo',
  'ticketType',
  'businessUnit',
  'ticketFrom',
  'privateTicket',
  'subject',
  'customerEmail',
  'tags',
  /** Whole hours since the ticket was created / last changed: what a scheduled trigger reads ("5 days waiting"). */
  'hoursSinceCreated',
  'hoursSinceUpdated',
] as const;
/** The fields an event brings of its own. */
export const triggerEventFields = {
  'comment.added': ['comment.public', 'comment.byCustomer'],
  'approval.finished': ['approval.status'],
  'sla.warning': ['sla.target'],
  'sla.breached': ['sla.target'],
} as const satisfies Partial<Record<TriggerEvent, readonly string[]>>;

/** Every field a trigger on `event` may test, but `custom.<key>` (checked against the definitions on the server). */
export function triggerFieldsOf(event: TriggerEvent): readonly string[] {
  const own: readonly string[] = (triggerEventFields as Partial<Record<TriggerEvent, readonly string[]>>)[event] ?? [];
  return [...triggerTicketFields, ...own];
}

const idFields = new Set(['projectId', 'categoryId', 'companyId', 'assignTo']);
const hourFields = new Set(['hoursSinceCreated', 'hoursSinceUpdated']);
const orderOps = new Set(['gt', 'ge', 'lt', 'le']);
const enumFields: Record<string, readonly string[]> = {
  status: ticketStatuses,
  priority: ticketPriorities,
  ticketFrom: ticketFroms,
  'approval.status': ['Approved', 'Rejected', 'Cancelled'],
  'sla.target': ['firstResponse', 'nextUpdate', 'resolution'],
};
const isId = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** Whether one value (or an `in` list's item) fits a fixed field under an operator; `custom.*` is the server's. */
export function triggerValueFits(field: string, op: TriggerConditionOp, value: unknown): boolean {
  if (op === 'changed') return value === undefined;
  if (op === 'in')
    return Array.isArray(value) && value.length > 0 && value.every((item) => triggerValueFits(field, 'eq', item));
  if (Array.isArray(value)) return false;
  if (hourFields.has(field)) return typeof value === 'number' && value >= 0 && value <= 1_000_000;
  if (orderOps.has(op)) return field === 'priority' && enumFields.priority!.includes(value as string);
  if (field === 'privateTicket' || field === 'comment.public' || field === 'comment.byCustomer')
    return typeof value === 'boolean' && (op === 'eq' || op === 'ne' || op === 'changedTo' || op === 'changedFrom');
  if (idFields.has(field)) return op !== 'contains' && isId(value);
  const values = enumFields[field];
  if (values) return op !== 'contains' && values.includes(value as string);
  return typeof value === 'string' && value.trim().length > 0 && value.length <= 200;
}

export const triggerConditionSchema = z
  .object({
    field: z.string().trim().min(1, messages.required).max(64),
    op: z.enum(triggerConditionOps),
    /** None for `changed`; a list for `in`. */
    value: z
      .union([
        z.string().max(500),
        z.number(),
        z.boolean(),
        z.array(z.union([z.string().max(500), z.number()])).max(200),
      ])
      .optional(),
  })
  .strict();
export type TriggerCondition = z.infer<typeof triggerConditionSchema>;

const recipientIds = z.array(idSchema).max(50);
export const triggerMailSchema = z
  .object({
    templateId: idSchema,
    /** The ticket's customer, its assignee, or these users. */
    to: z.union([z.enum(['customer', 'assignee']), recipientIds.min(1, messages.required)]),
  })
  .strict();
export const triggerNotifySchema = z
  .object({
    userIds: recipientIds.default([]),
    groupIds: recipientIds.default([]),
    /** Said in the bell after the trigger's name; none: the trigger's name and the ticket's subject. */
    text: z.string().trim().max(500).optional(),
  })
  .strict()
  .refine((notify) => notify.userIds.length + notify.groupIds.length > 0, triggerMessages.notifyNobody);

const nonEmptyTags = ticketTagsSchema.refine((tags) => tags.length > 0, messages.required);

/** One action: exactly one of its keys (a macro's, plus mail, notify and webhook). */
export const triggerActionSchema = z
  .object({
    set: ticketBatchSetSchema.optional(),
    comment: macroCommentSchema.optional(),
    addTags: nonEmptyTags.optional(),
    removeTags: nonEmptyTags.optional(),
    mail: triggerMailSchema.optional(),
    notify: triggerNotifySchema.optional(),
    webhookId: idSchema.optional(),
  })
  .strict()
  .refine((action) => Object.values(action).filter((v) => v !== undefined).length === 1, triggerMessages.oneKind);
export type TriggerAction = z.infer<typeof triggerActionSchema>;

/**
 * The rules that need the trigger whole, each on its own path (`conditions.2.value`, `actions.1`) so the 400 names
 * the part: fields the event knows, values that fit, change operators only on update, a cron only for a schedule,
 * no comment answering a comment. Custom fields, records named by id and loops across triggers are the server's.
 */
function checkTrigger(
  trigger: {
    event?: TriggerEvent | undefined;
    cron?: string | null | undefined;
    conditions?: TriggerCondition[] | undefined;
    actions?: TriggerAction[] | undefined;
  },
  ctx: z.RefinementCtx,
) {
  const { event } = trigger;
  if (event === undefined) return;
  if (event === 'schedule' && !trigger.cron)
    ctx.addIssue({ code: 'custom', path: ['cron'], message: triggerMessages.cronRequired });
  if (event !== 'schedule' && trigger.cron)
    ctx.addIssue({ code: 'custom', path: ['cron'], message: triggerMessages.cronOnlyForSchedule });
  if (event === 'schedule' && trigger.cron) {
    const problem = validateQuartzCron(trigger.cron);
    if (problem) ctx.addIssue({ code: 'custom', path: ['cron'], message: problem.message });
  }
  const fields = triggerFieldsOf(event);
  for (const [index, { field, op, value }] of (trigger.conditions ?? []).entries()) {
    const at = (part: string) => ['conditions', index, part];
    if ((changeOps as readonly string[]).includes(op) && event !== 'ticket.updated') {
      ctx.addIssue({ code: 'custom', path: at('op'), message: triggerMessages.changedOnlyOnUpdate });
      continue;
    }
    if (field.startsWith('custom.')) continue;
    if (!fields.includes(field)) {
      const known =
        triggerFieldsOf('comment.added').includes(field) ||
        triggerFieldsOf('approval.finished').includes(field) ||
        triggerFieldsOf('sla.warning').includes(field);
      ctx.addIssue({
        code: 'custom',
        path: at('field'),
        message: known ? triggerMessages.fieldNotForEvent(field) : triggerMessages.unknownField(field),
      });
      continue;
    }
    if (!triggerValueFits(field, op, value))
      ctx.addIssue({ code: 'custom', path: at('value'), message: triggerMessages.badValue });
  }
  for (const [index, action] of (trigger.actions ?? []).entries())
    if (event === 'comment.added' && action.comment)
      ctx.addIssue({ code: 'custom', path: ['actions', index], message: triggerMessages.commentOnComment });
}

const triggerFields = {
  name: z.string().trim().min(1, messages.required).max(100),
  description: z.string().trim().max(500).default(''),
  event: z.enum(triggerEvents),
  /** Quartz cron (as scheduled jobs), in Settings → Basic's time zone; only for `schedule`. */
  cron: z.string().trim().max(120).nullable().default(null),
  conditions: z.array(triggerConditionSchema).max(30).default([]),
  actions: z.array(triggerActionSchema).min(1, triggerMessages.noActions).max(20),
  /** Lower runs first; ties by id. */
  order: z.number().int().min(0).max(100_000).default(100),
  status: activeStatusSchema.default('Active'),
};

export const triggerCreateSchema = z.object(triggerFields).strict().superRefine(checkTrigger);
export type TriggerCreate = z.infer<typeof triggerCreateSchema>;
/** An update sends the whole rule (event, conditions and actions are judged together). */
export const triggerUpdateSchema = z
  .object(triggerFields)
  .extend(updateKeySchema.shape)
  .strict()
  .superRefine(checkTrigger);
export type TriggerUpdate = z.infer<typeof triggerUpdateSchema>;

export const triggerQuerySchema = queryBaseSchema
  .extend({ event: z.enum(triggerEvents).optional(), status: activeStatusSchema.optional() })
  .strict();
export type TriggerQuery = z.infer<typeof triggerQuerySchema>;

export const triggerSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    event: z.enum(triggerEvents),
    cron: z.string().nullable(),
    conditions: z.array(triggerConditionSchema),
    actions: z.array(triggerActionSchema),
    order: z.number().int(),
    status: activeStatusSchema,
    /** A scheduled trigger's next run (null otherwise, or when inactive). */
    nextRunAt: z.string().nullable(),
    lastRunAt: z.string().nullable(),
    /** Runs in the last 24 hours, and how many of them failed (the list's health column). */
    runsToday: z.number().int(),
    failuresToday: z.number().int(),
  })
  .extend(auditFieldsSchema.shape);
export type Trigger = z.infer<typeof triggerSchema>;

/**
 * `POST Trigger/DryRun`: a trigger as the editor holds it (saved or not) against one ticket the caller may see:
 * what each condition found and what each action would change. Nothing is written, nothing is sent.
 */
export const triggerDryRunSchema = z
  .object({
    trigger: z.object(triggerFields).strict().superRefine(checkTrigger),
    ticketId: idSchema,
  })
  .strict();
export type TriggerDryRun = z.infer<typeof triggerDryRunSchema>;

export const triggerDryRunResultSchema = z.object({
  /** Whether every condition holds (a change operator cannot be judged without a change: `holds` null). */
  matched: z.boolean(),
  conditions: z.array(z.object({ index: z.number().int(), holds: z.boolean().nullable(), actual: z.unknown() })),
  actions: z.array(
    z.object({
      index: z.number().int(),
      kind: z.string(),
      /** Fields it would change, `{ from, to }` as in a ticket's history. */
      changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
      /** What it would send or write, for a person (the mail's recipients, the webhook's name ...). */
      summary: z.string(),
      /** Why it would fail (in the caller's language), null when it would work. */
      problem: z.string().nullable(),
    }),
  ),
});
export type TriggerDryRunResult = z.infer<typeof triggerDryRunResultSchema>;

/** One run of one trigger on one ticket (the trigger log). */
export const triggerRunSchema = z.object({
  id: z.number().int(),
  triggerId: z.number().int(),
  /** The trigger's name, or the name it had when it ran once it was deleted ('' for runs logged before names were kept). */
  triggerName: z.string(),
  /** The trigger was deleted since (the log keeps its runs). */
  triggerDeleted: z.boolean(),
  event: z.enum(triggerEvents),
  ticketId: z.number().int().nullable(),
  /** The ticket's case number, kept by the run for a ticket archived or deleted since. */
  caseNumber: z.string().nullable(),
  outcome: z.enum(triggerRunOutcomes),
  /** The depth it ran at (0: the user's change; 1-3: a trigger's). */
  depth: z.number().int(),
  /** What it did, or why it failed, in the reader's language when keyed. */
  message: z.string(),
  messageKey: z.string().nullable(),
  messageValues: z.record(z.string(), z.unknown()).nullable(),
  /** Fields changed, `{ from, to }`. */
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
  createdAt: z.string(),
});
export type TriggerRun = z.infer<typeof triggerRunSchema>;

export const triggerRunQuerySchema = queryBaseSchema
  .extend({
    triggerId: idSchema.optional(),
    ticketId: idSchema.optional(),
    outcome: z.enum(triggerRunOutcomes).optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();
export type TriggerRunQuery = z.infer<typeof triggerRunQuerySchema>;
