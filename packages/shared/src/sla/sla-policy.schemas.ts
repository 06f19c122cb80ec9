import { z } from 'zod';
import { defineMessages, keyed } from '../platform/message-keys.js';
import {
  activeStatusSchema,
  auditFieldsSchema,
  idSchema,
  queryBaseSchema,
  updateKeySchema,
} from '../platform/paging.js';
import { ticketPriorities, ticketStatuses } from '../ticket/ticket.values.js';
import { customValuesSchema } from '../customField/custom-field.schemas.js';
import { conditionSchema, type Condition } from '../workflow/workflow-graph.schemas.js';

/** The ticket fields a policy's conditions read (contract section 19); `custom.<key>` joins with custom fields. */
export const slaConditionFields = ['projectId', 'categoryId', 'companyId', 'priority', 'ticketType'] as const;
export type SlaConditionField = (typeof slaConditionFields)[number];
/** Conditions on these fields hold a record's id (compared as numbers, only for (in)equality). */
export const slaIdConditionFields = ['projectId', 'categoryId', 'companyId'] as const;

/** Statuses in which a ticket's clock has stopped for good: pausing in one means nothing. */
export const slaFinalStatuses = ['Resolved', 'Closed', 'Cancelled', 'Merged'] as const;
export const slaPausableStatuses = ticketStatuses.filter(
  (status) => !(slaFinalStatuses as readonly string[]).includes(status),
);

/** A year of minutes: a target beyond it is a typo, not a service level. */
export const maxSlaMinutes = 525_600;

export const slaPolicyMessages = defineMessages('slaPolicy', {
  nameTaken: 'A policy with this name already exists.',
  unknownField: keyed(
    'slaPolicy.unknownField',
    ['field'],
    (field: string) => `A policy cannot test the ticket field "${field}".`,
  ),
  unknownCustomField: keyed(
    'slaPolicy.unknownCustomField',
    ['field'],
    (field: string) => `There is no ticket custom field "${field}".`,
  ),
  badValue: 'This value does not fit the field and the operator.',
  customBadValue: keyed(
    'slaPolicy.customBadValue',
    ['field'],
    (field: string) => `${field}: this value does not fit the field and the operator.`,
  ),
  unknownRecord: 'This value names no existing record.',
  resolutionBeforeFirstResponse: 'The resolution target must be at least the first response target.',
  warnTooLate: 'Warn before the resolution target, not at or after it.',
  finalStatus: 'A resolved, closed or cancelled ticket has no clock to pause.',
  statusesOnce: 'List each status once.',
  calendarUnknown: 'Choose an existing calendar.',
  calendarInactive: 'The calendar is inactive.',
  userUnknownOrInactive: 'Unknown or inactive user.',
  groupUnknownOrInactive: 'Unknown or inactive user group.',
} as const);

const minutes = z.number().int().min(1).max(maxSlaMinutes);
const orderOps = new Set<Condition['op']>(['gt', 'ge', 'lt', 'le']);
const isId = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** Whether one value (an `in` list's item, or the value) fits a field under an operator. */
function valueFits(field: SlaConditionField, op: Condition['op'], value: unknown): boolean {
  if (op === 'contains') return false;
  if (field === 'priority') return typeof value === 'string' && (ticketPriorities as readonly string[]).includes(value);
  if (orderOps.has(op)) return false;
  if (field === 'ticketType') return typeof value === 'string' && value.trim().length > 0 && value.length <= 50;
  return isId(value);
}

/**
 * Each condition's field and value, the problem on its own path (`conditions.2.value`) so the 400 names it. A
 * `custom.<key>` condition is checked by the server against the ticket's custom field definitions.
 */
function checkConditions(conditions: readonly Condition[], ctx: z.RefinementCtx) {
  for (const [index, condition] of conditions.entries()) {
    const { field, op, value } = condition;
    if (field.startsWith('custom.')) continue;
    if (!(slaConditionFields as readonly string[]).includes(field)) {
      const message = slaPolicyMessages.unknownField(field);
      ctx.addIssue({ code: 'custom', path: ['conditions', index, 'field'], message });
      continue;
    }
    const known = field as SlaConditionField;
    const fits = Array.isArray(value)
      ? op === 'in' && value.length > 0 && value.every((item) => valueFits(known, op, item))
      : op !== 'in' && valueFits(known, op, value);
    if (!fits)
      ctx.addIssue({ code: 'custom', path: ['conditions', index, 'value'], message: slaPolicyMessages.badValue });
  }
}

export const slaEscalationSchema = z
  .object({
    notifyUserIds: z.array(idSchema).max(50).default([]),
    notifyGroupIds: z.array(idSchema).max(50).default([]),
    assignToId: idSchema.nullable().default(null),
  })
  .strict();
export type SlaEscalation = z.infer<typeof slaEscalationSchema>;

const slaPolicyFields = z.object({
  name: z.string().trim().min(1).max(100),
  /** Lower is tried first; the first active policy whose conditions all hold applies. */
  priority: z.number().int().min(0).max(1_000_000).default(100),
  /** All must hold; none: every ticket. */
  conditions: z.array(conditionSchema.strict()).max(20).default([]),
  calendarId: idSchema,
  /** Targets in working minutes of the calendar. */
  firstResponseMinutes: minutes,
  nextUpdateMinutes: minutes.nullable().default(null),
  resolutionMinutes: minutes,
  /** The clock stops while the ticket is in one of these. */
  pauseStatuses: z
    .array(z.enum(ticketStatuses))
    .max(ticketStatuses.length)
    .refine((statuses) => new Set(statuses).size === statuses.length, slaPolicyMessages.statusesOnce)
    .default([]),
  /** The clock stops while an approval of the ticket runs. */
  pauseDuringApproval: z.boolean().default(false),
  warnBeforeMinutes: z.number().int().min(0).max(maxSlaMinutes).default(0),
  escalation: slaEscalationSchema.default({ notifyUserIds: [], notifyGroupIds: [], assignToId: null }),
  status: activeStatusSchema.default('Active'),
});

type PolicyRules = {
  conditions: Condition[];
  firstResponseMinutes: number;
  resolutionMinutes: number;
  warnBeforeMinutes: number;
  pauseStatuses: string[];
};

/** The rules between fields, each on the field a person corrects. */
function checkPolicy(policy: PolicyRules, ctx: z.RefinementCtx) {
  checkConditions(policy.conditions, ctx);
  if (policy.resolutionMinutes < policy.firstResponseMinutes)
    ctx.addIssue({
      code: 'custom',
      path: ['resolutionMinutes'],
      message: slaPolicyMessages.resolutionBeforeFirstResponse,
    });
  if (policy.warnBeforeMinutes >= policy.resolutionMinutes)
    ctx.addIssue({ code: 'custom', path: ['warnBeforeMinutes'], message: slaPolicyMessages.warnTooLate });
  for (const [index, status] of policy.pauseStatuses.entries())
    if ((slaFinalStatuses as readonly string[]).includes(status))
      ctx.addIssue({ code: 'custom', path: ['pauseStatuses', index], message: slaPolicyMessages.finalStatus });
}

export const slaPolicyCreateSchema = slaPolicyFields.strict().superRefine(checkPolicy);
export const slaPolicyUpdateSchema = slaPolicyFields.extend(updateKeySchema.shape).strict().superRefine(checkPolicy);

const namedSchema = z.object({ id: z.number().int(), name: z.string() });
export const slaPolicySchema = slaPolicyFields.extend({
  ...auditFieldsSchema.shape,
  /** Names of what the ids stand for, so a screen never shows an id. */
  calendarName: z.string().nullable(),
  calendarSeedCode: z.string().nullable(),
  conditionNames: z.array(namedSchema.extend({ field: z.string() })),
  notifyUsers: z.array(namedSchema),
  notifyGroups: z.array(namedSchema),
  assignToName: z.string().nullable(),
  /** The demo's policies' code, which names them in the reader's language; null for the others. */
  seedCode: z.string().nullable(),
});
export const slaPolicyQuerySchema = queryBaseSchema.extend({ status: activeStatusSchema.optional() });
export type SlaPolicy = z.infer<typeof slaPolicySchema>;
export type SlaPolicyCreate = z.infer<typeof slaPolicyCreateSchema>;
export type SlaPolicyUpdate = z.infer<typeof slaPolicyUpdateSchema>;

/** The ticket fields a policy is chosen by, as `policyFor` reads them. */
export const slaTicketFieldsSchema = z.object({
  projectId: idSchema.nullable().optional(),
  categoryId: idSchema.nullable().optional(),
  companyId: idSchema.nullable().optional(),
  priority: z.enum(ticketPriorities),
  ticketType: z.string().trim().max(50).nullable().optional(),
  /** The ticket's custom values by key (conditions on `custom.<key>` read them). */
  customFields: customValuesSchema.optional(),
});
export type SlaTicketFields = z.infer<typeof slaTicketFieldsSchema>;

/**
 * `POST SlaPolicy/Preview`: a ticket's fields and when it is created (default now). With `draft` (the editor's
 * unsaved calendar and targets) the times are this draft's, whatever policy would match.
 */
export const slaPolicyPreviewSchema = slaTicketFieldsSchema
  .extend({
    at: z.iso.datetime({ offset: true }).optional(),
    draft: z
      .object({
        id: idSchema.optional(),
        name: z.string().trim().max(100).optional(),
        calendarId: idSchema,
        firstResponseMinutes: minutes,
        nextUpdateMinutes: minutes.nullable().optional(),
        resolutionMinutes: minutes,
      })
      .strict()
      .optional(),
  })
  .strict();
export type SlaPolicyPreviewInput = z.infer<typeof slaPolicyPreviewSchema>;

export const slaPolicyPreviewAnswerSchema = z.object({
  /** The instant counted from. */
  at: z.string(),
  /** Null when no active policy applies (and no draft was given). */
  due: z
    .object({
      policyId: z.number().int().nullable(),
      policyName: z.string().nullable(),
      policySeedCode: z.string().nullable(),
      calendarName: z.string(),
      calendarSeedCode: z.string().nullable(),
      firstResponseDueAt: z.string(),
      nextUpdateDueAt: z.string().nullable(),
      resolutionDueAt: z.string(),
    })
    .nullable(),
});
export type SlaPolicyPreview = z.infer<typeof slaPolicyPreviewAnswerSchema>;
