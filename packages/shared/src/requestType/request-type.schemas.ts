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
import {
  customFieldDefinitionSchema,
  customFieldKeySchema,
  customFieldLabelSchema,
  customValuesSchema,
} from '../customField/custom-field.schemas.js';
import { ticketSchema } from '../ticket/ticket.schemas.js';

// The request catalog (contract section 21): request types a person picks from, each a form of custom fields that
// becomes a ticket, starts its approval and, at its moment, its fulfilment open items.

export const requestTypeMessages = defineMessages('requestType', {
  fieldTwice: 'A field is listed twice.',
  fieldUnknown: keyed(
    'requestType.fieldUnknown',
    ['field'],
    (field: string) => `"${field}" is not an active custom field of tickets.`,
  ),
  fieldNotForCategory: keyed(
    'requestType.fieldNotForCategory',
    ['field'],
    (field: string) => `${field} does not apply to the request type's category.`,
  ),
  workflowUnknown: 'Unknown or inactive workflow.',
  categoryUnknown: 'Unknown or inactive category.',
  projectUnknown: 'Unknown or inactive project.',
  assigneeUnknown: 'Unknown or inactive user.',
  groupUnknown: 'Unknown or inactive user group.',
  /** Submit: the request type is inactive, or the caller may not use it. */
  notAvailable: 'This request type is not available to you.',
  projectNotOffered: 'This request type is not offered in the chosen project.',
} as const);

/** Icons an administrator picks for a catalog item (the web draws each; unknown names never reach it). */
export const requestTypeIcons = [
  'laptop',
  'desktop',
  'mobile',
  'key',
  'lock',
  'user',
  'team',
  'shopping',
  'dollar',
  'tool',
  'mail',
  'phone',
  'printer',
  'cloud',
  'database',
  'file',
  'car',
  'home',
  'calendar',
  'question',
] as const;
export type RequestTypeIcon = (typeof requestTypeIcons)[number];

const descriptionText = z.string().trim().max(2000);
/** Text in the three languages; a description may be empty in each. */
export const requestTypeDescriptionSchema = z
  .object({ en: descriptionText, 'zh-cn': descriptionText, 'zh-tw': descriptionText })
  .strict();

/** A field the form asks for: a ticket custom field by key; `required` here makes it required on this form. */
export const requestTypeFieldSchema = z
  .object({
    key: customFieldKeySchema,
    required: z.boolean().default(false),
    order: z.number().int().min(0).max(1000).default(0),
  })
  .strict();
export type RequestTypeField = z.infer<typeof requestTypeFieldSchema>;

/** When a fulfilment item becomes an open item of the ticket: at submit, or when its approval ends approved. */
export const fulfilmentMoments = ['created', 'approved'] as const;
export type FulfilmentMoment = (typeof fulfilmentMoments)[number];
export const requestTypeFulfilmentSchema = z
  .object({
    title: z.string().trim().min(1, messages.required).max(4000),
    /** The open item's point of contact. */
    assigneeId: idSchema.nullable().optional(),
    /** The user group that works it (its members see it as theirs). */
    groupId: idSchema.nullable().optional(),
    when: z.enum(fulfilmentMoments).default('created'),
  })
  .strict();
export type RequestTypeFulfilment = z.infer<typeof requestTypeFulfilmentSchema>;

const requestTypeFields = {
  name: customFieldLabelSchema,
  description: requestTypeDescriptionSchema.default({ en: '', 'zh-cn': '', 'zh-tw': '' }),
  icon: z.enum(requestTypeIcons).default('question'),
  /** The tickets' category: the fields must apply to it. */
  categoryId: idSchema,
  /** The projects it is offered in; none: every project the requester may raise tickets in. */
  projectIds: z.array(idSchema).max(500).default([]),
  fields: z.array(requestTypeFieldSchema).max(100).default([]),
  /** The approval it starts on submit (a workflow definition's code); none: no approval. */
  workflowCode: z.string().trim().max(100).nullable().optional(),
  fulfilment: z.array(requestTypeFulfilmentSchema).max(50).default([]),
  sort: z.number().int().min(0).max(100_000).default(0),
  status: activeStatusSchema.default('Active'),
};

export const requestTypeCreateSchema = z.object(requestTypeFields).strict();
export type RequestTypeCreate = z.infer<typeof requestTypeCreateSchema>;
export const requestTypeUpdateSchema = z
  .object({
    name: requestTypeFields.name.optional(),
    description: requestTypeDescriptionSchema.optional(),
    icon: z.enum(requestTypeIcons).optional(),
    categoryId: idSchema.optional(),
    projectIds: z.array(idSchema).max(500).optional(),
    fields: z.array(requestTypeFieldSchema).max(100).optional(),
    workflowCode: z.string().trim().max(100).nullable().optional(),
    fulfilment: z.array(requestTypeFulfilmentSchema).max(50).optional(),
    sort: z.number().int().min(0).max(100_000).optional(),
    status: activeStatusSchema.optional(),
  })
  .extend(updateKeySchema.shape)
  .strict();
export type RequestTypeUpdate = z.infer<typeof requestTypeUpdateSchema>;

export const requestTypeQuerySchema = queryBaseSchema
  .extend({ status: activeStatusSchema.optional(), categoryId: idSchema.optional() })
  .strict();
export type RequestTypeQuery = z.infer<typeof requestTypeQuerySchema>;

const named = z.object({ id: z.number().int(), name: z.string() });
export const requestTypeSchema = z
  .object({
    name: customFieldLabelSchema,
    description: requestTypeDescriptionSchema,
    icon: z.enum(requestTypeIcons),
    categoryId: z.number().int(),
    categoryName: z.string().nullable(),
    projectIds: z.array(z.number().int()),
    projects: z.array(named).optional(),
    fields: z.array(requestTypeFieldSchema),
    workflowCode: z.string().nullable(),
    workflowName: z.string().nullable(),
    fulfilment: z.array(requestTypeFulfilmentSchema),
    sort: z.number().int(),
    status: activeStatusSchema,
    seedCode: z.string().nullable(),
  })
  .extend(auditFieldsSchema.shape);
export type RequestType = z.infer<typeof requestTypeSchema>;

/** A field of a catalog form: its definition, with this form's `required` and `order`. */
export const catalogFieldSchema = customFieldDefinitionSchema.extend({ order: z.number().int() });
export type CatalogField = z.infer<typeof catalogFieldSchema>;

/** `GET Catalog`: a request type as the person who may use it sees it (texts in all three languages). */
export const catalogItemSchema = z.object({
  id: z.number().int(),
  name: customFieldLabelSchema,
  description: requestTypeDescriptionSchema,
  icon: z.enum(requestTypeIcons),
  categoryId: z.number().int(),
  categoryName: z.string().nullable(),
  /** The projects the caller may submit it in (never empty: an item with none is not listed). */
  projects: z.array(named),
  fields: z.array(catalogFieldSchema),
  /** Whether submitting starts an approval. */
  approval: z.boolean(),
});
export type CatalogItem = z.infer<typeof catalogItemSchema>;

export const catalogQuerySchema = z
  .object({ keyword: z.string().trim().max(200).optional(), categoryId: z.coerce.number().int().positive().optional() })
  .strict();
export type CatalogQuery = z.infer<typeof catalogQuerySchema>;

export const catalogSubmitSchema = z
  .object({
    requestTypeId: idSchema,
    projectId: idSchema,
    /** The ticket's subject; none: the request type's name in the requester's language. */
    subject: z.string().trim().max(200).optional(),
    /** Rich text (HTML), sanitised as a ticket's content. */
    content: z.string().max(200_000).optional(),
    values: customValuesSchema.default({}),
    /** File ids from `POST /api/Files/Upload`. */
    attachments: z.array(idSchema).max(100).default([]),
  })
  .strict();
export type CatalogSubmit = z.infer<typeof catalogSubmitSchema>;
/** `POST Catalog/Submit` answers the ticket made. */
export const catalogSubmitResultSchema = ticketSchema;

/** A fulfilment item as the requester follows it: the open item once made, else what is still to come. */
export const catalogFulfilmentSchema = z.object({
  title: z.string(),
  when: z.enum(fulfilmentMoments),
  openItemId: z.number().int().nullable(),
  status: z.string().nullable(),
  assigneeName: z.string().nullable(),
  groupName: z.string().nullable(),
});
/** A step of the approval path as the requester follows it. */
export const catalogApprovalStepSchema = z.object({
  nodeId: z.string(),
  name: z.string(),
  state: z.enum(['done', 'current', 'waiting', 'skipped', 'rejected']),
  approvers: z.array(z.string()),
  finishedAt: z.string().nullable(),
});

/** `POST Catalog/Progress { ticketId }`: one page for the requester (who may see the ticket). */
export const catalogProgressQuerySchema = z.object({ ticketId: idSchema }).strict();
export const catalogProgressSchema = z.object({
  ticketId: z.number().int(),
  caseNumber: z.string(),
  subject: z.string(),
  ticketStatus: z.string(),
  requestTypeId: z.number().int(),
  requestTypeName: customFieldLabelSchema,
  icon: z.enum(requestTypeIcons),
  /** The approval: none when the type starts none. */
  approval: z
    .object({
      instanceId: z.number().int(),
      status: z.string(),
      steps: z.array(catalogApprovalStepSchema),
    })
    .nullable(),
  fulfilment: z.array(catalogFulfilmentSchema),
  /** The form's answers, as the reader reads them (label, text). */
  values: z.array(z.object({ key: z.string(), label: customFieldLabelSchema, text: z.string() })),
});
export type CatalogProgress = z.infer<typeof catalogProgressSchema>;
