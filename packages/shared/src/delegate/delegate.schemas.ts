import { z } from 'zod';
import {
  auditFieldsSchema,
  idSchema,
  idTextSchema,
  pageOf,
  queryBaseSchema,
  queryBooleanSchema,
  updateKeySchema,
} from '../platform/paging.js';
import { defineMessages } from '../platform/message-keys.js';
import { delegateTypes } from './delegate.values.js';
export * from './delegate.values.js';

/**
 * Delegates (spec section 3, contract 14): while a delegation is on and the day is within its dates, the owner's
 * (`delegateBy`) new tickets and/or approval tasks in its projects (none listed: every project) go to `delegateTo`.
 */
export const delegateMessages = defineMessages('delegate', {
  self: 'A user cannot delegate to themself.',
  inactiveDelegate: 'The delegate must be an active user.',
  unknownOwner: 'The user who delegates does not exist.',
  endBeforeStart: 'The end date must not be before the start date.',
  cycle: 'The delegate already delegates the same work back to this user for overlapping dates.',
  overlap:
    'This user already has an enabled delegation of the same work for overlapping dates and projects; change or switch off that one first.',
  unknownProjects: 'Some of the projects do not exist.',
  unknownProjectsListed: 'Some of the projects do not exist. ({ids})',
  projectUsed: 'This project is used by {count} delegate(s) and cannot be deleted.',
  notYours: 'You may manage only your own delegations; an administrator manages those of other users.',
} as const);

export const delegateTypeSchema = z.enum(delegateTypes);
export type DelegateType = z.infer<typeof delegateTypeSchema>;

/** What the delegate audit records: the changes of a delegation, and the work that reached a delegate. */
export const delegateLogEvents = [
  'created',
  'updated',
  'enabled',
  'disabled',
  'deleted',
  'ticketReached',
  'taskReached',
] as const;
export const delegateLogEventSchema = z.enum(delegateLogEvents);
export type DelegateLogEvent = z.infer<typeof delegateLogEventSchema>;

/** What a caller may do with a delegation (the web shows buttons from it). */
export const delegateActions = ['edit', 'delete', 'onOff'] as const;
export type DelegateAction = (typeof delegateActions)[number];

const day = z.iso.date();
const projectIds = z
  .array(idSchema)
  .max(1000)
  .transform((ids) => [...new Set(ids)]);

const delegateFields = z.object({
  /** The owner of the work; left out: the caller. Another user's needs an administrator (`delegate.policy.ts`). */
  delegateBy: idSchema.optional(),
  delegateTo: idSchema,
  delegateType: delegateTypeSchema.default('All'),
  startDate: day,
  /** Null: open-ended, until switched off or deleted. */
  endDate: day.nullable().default(null),
  enabled: z.boolean().default(true),
  /** Empty: every project. */
  projectIds: projectIds.default([]),
});

export const delegateCreateSchema = delegateFields.strict();
export const delegateUpdateSchema = delegateFields.extend(updateKeySchema.shape).strict();

/** A delegation as every call answers it: the names joined, and what the caller may do with it. */
export const delegateSchema = z
  .object({
    delegateBy: z.number().int(),
    delegateByName: z.string().nullable(),
    delegateTo: z.number().int(),
    delegateToName: z.string().nullable(),
    delegateType: delegateTypeSchema,
    delegateDate: z.string(),
    startDate: z.string(),
    endDate: z.string().nullable(),
    enabled: z.boolean(),
    projectIds: z.array(z.number().int()),
    projectNames: z.array(z.string()),
    actions: z.array(z.enum(delegateActions)),
  })
  .extend(auditFieldsSchema.shape);

export const delegateQuerySchema = queryBaseSchema.extend({
  delegateBy: idTextSchema.optional(),
  delegateTo: idTextSchema.optional(),
  /** Delegations by or to this user. */
  userId: idTextSchema.optional(),
  delegateType: delegateTypeSchema.optional(),
  enabled: queryBooleanSchema.optional(),
  /** Delegations whose dates include this day. */
  activeOn: day.optional(),
});

/** `POST Delegate/SetEnabled`: the on/off switch, at the version the caller read. */
export const delegateSetEnabledSchema = updateKeySchema.extend({ enabled: z.boolean() }).strict();

/** `POST Delegate/History` (`delegate:history`): the audit, newest first. */
export const delegateHistoryQuerySchema = queryBaseSchema.extend({
  /** Entries where this user is the owner, the delegate or the one who acted. */
  userId: idTextSchema.optional(),
  delegateId: idTextSchema.optional(),
  events: z.array(delegateLogEventSchema).max(delegateLogEvents.length).optional(),
  /** Days, inclusive, of when the entry was written. */
  from: day.optional(),
  to: day.optional(),
});

export const delegateLogEntrySchema = z.object({
  id: z.number().int(),
  delegateId: z.number().int().nullable(),
  event: delegateLogEventSchema,
  delegateBy: z.number().int(),
  delegateByName: z.string().nullable(),
  delegateTo: z.number().int(),
  delegateToName: z.string().nullable(),
  actorId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  /** Reached work: the ticket (with its case number) or the approval task and its instance. */
  ticketId: z.number().int().nullable(),
  caseNumber: z.string().nullable(),
  taskId: z.number().int().nullable(),
  instanceId: z.number().int().nullable(),
  /** For changes: the fields before and after (`{ field: { from, to } }`), or the delegation as created/deleted. */
  detail: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export const delegateHistoryPageSchema = pageOf(delegateLogEntrySchema);

/**
 * The editor's pickers (`POST Delegate/Users`, `GET Delegate/Projects`): whoever may keep delegations picks
 * active users and projects without needing `user:view` or `project:view`.
 */
export const delegatePickQuerySchema = z.object({
  keyword: z.string().trim().max(100).optional(),
  /** Exactly these users, whatever their state (the names of ids a page shows); the keyword is then ignored. */
  ids: z.array(idSchema).max(50).optional(),
});
export const delegatePickOptionSchema = z.object({ id: z.number().int(), name: z.string() });

export type DelegatePickOption = z.infer<typeof delegatePickOptionSchema>;
export type Delegate = z.infer<typeof delegateSchema>;
export type DelegateCreate = z.infer<typeof delegateCreateSchema>;
export type DelegateUpdate = z.infer<typeof delegateUpdateSchema>;
export type DelegateQuery = z.infer<typeof delegateQuerySchema>;
export type DelegateSetEnabled = z.infer<typeof delegateSetEnabledSchema>;
export type DelegateHistoryQuery = z.infer<typeof delegateHistoryQuerySchema>;
export type DelegateLogEntry = z.infer<typeof delegateLogEntrySchema>;
