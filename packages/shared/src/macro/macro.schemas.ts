import { z } from 'zod';
import { defineMessages } from '../platform/message-keys.js';
import { messages } from '../platform/messages.js';
import { auditFieldsSchema, idSchema, queryBaseSchema, updateKeySchema } from '../platform/paging.js';
import { ticketTagsSchema } from '../ticket/ticket-tag.schemas.js';
import {
  ticketBatchCap,
  ticketBatchMessages,
  ticketBatchQuerySchema,
  ticketBatchSetSchema,
} from '../ticket/ticket-batch.schemas.js';

// Macros (contract section 20): a named list of ticket changes an agent applies in one click.

export const macroMessages = defineMessages('macro', {
  oneKind: 'Each action does one thing: set fields, add a comment, add tags or remove tags.',
  noActions: 'A macro needs at least one action.',
  sharedNeedsManage: 'Only macro managers may share a macro with others.',
  notYours: 'Only its owner or a macro manager may change this macro.',
  groupUnknown: 'Unknown or inactive user group.',
  sharedWithGroup: 'The macro "{name}" is shared with this group; remove the group from it first.',
} as const);

export const macroCommentSchema = z
  .object({
    public: z.boolean().default(false),
    /** Rich text (HTML) with the e-mail templates' variables (`{{ ticket.caseNumber }}`); sanitised on apply. */
    body: z.string().trim().min(1, messages.required).max(100_000),
  })
  .strict();

const nonEmptyTags = ticketTagsSchema.refine((tags) => tags.length > 0, messages.required);

/** One action: exactly one of its keys. */
export const macroActionSchema = z
  .object({
    set: ticketBatchSetSchema.optional(),
    comment: macroCommentSchema.optional(),
    addTags: nonEmptyTags.optional(),
    removeTags: nonEmptyTags.optional(),
  })
  .strict()
  .refine((action) => Object.values(action).filter((v) => v !== undefined).length === 1, macroMessages.oneKind);
export type MacroAction = z.infer<typeof macroActionSchema>;

const macroFields = {
  name: z.string().trim().min(1, messages.required).max(100),
  actions: z.array(macroActionSchema).min(1, macroMessages.noActions).max(20),
  /** Shared macros serve the members of `groupIds` (none: everyone who uses macros); else only the owner. */
  shared: z.boolean().default(false),
  groupIds: z.array(idSchema).max(50).default([]),
};

export const macroCreateSchema = z.object(macroFields).strict();
export type MacroCreate = z.infer<typeof macroCreateSchema>;
export const macroUpdateSchema = z
  .object({
    name: macroFields.name.optional(),
    actions: macroFields.actions.optional(),
    shared: z.boolean().optional(),
    groupIds: z.array(idSchema).max(50).optional(),
  })
  .extend(updateKeySchema.shape)
  .strict();
export type MacroUpdate = z.infer<typeof macroUpdateSchema>;

export const macroQuerySchema = queryBaseSchema
  .extend({ shared: z.union([z.boolean(), z.stringbool()]).optional() })
  .strict();
export type MacroQuery = z.infer<typeof macroQuerySchema>;

export const macroSchema = z
  .object({
    name: z.string(),
    actions: z.array(macroActionSchema),
    shared: z.boolean(),
    groupIds: z.array(z.number().int()),
    ownerId: z.number().int(),
    ownerName: z.string().nullable(),
    seedCode: z.string().nullable(),
    /**
     * Whether the caller may change or delete it (the policy's one rule). Not `actions[]` as elsewhere: a macro's
     * `actions` are its steps (the contract's name).
     */
    canManage: z.boolean(),
  })
  .extend(auditFieldsSchema.shape);
export type Macro = z.infer<typeof macroSchema>;

/** `ticketIds`, or the list's filter (`query`, "all matching", capped as BatchUpdate is): one of them. */
export const macroApplySchema = z
  .object({
    id: idSchema,
    ticketIds: z.array(idSchema).min(1).max(ticketBatchCap).optional(),
    query: ticketBatchQuerySchema.optional(),
  })
  .strict()
  .refine((body) => (body.ticketIds === undefined) !== (body.query === undefined), {
    message: ticketBatchMessages.idsOrQuery,
    path: ['ticketIds'],
  });
export type MacroApply = z.infer<typeof macroApplySchema>;
