import { z } from 'zod';
import { defineMessages } from '../platform/message-keys.js';
import {
  auditFieldsSchema,
  idSchema,
  queryBaseSchema,
  queryBooleanSchema,
  updateKeySchema,
} from '../platform/paging.js';
import { textModuleActions, textModuleLanguages } from './text-module.values.js';
export * from './text-module.values.js';

/** Why a canned reply is refused (contract section 20). */
export const textModuleMessages = defineMessages('textModule', {
  bodySyntax: 'The reply cannot be read near "{near}": check its placeholders and tags there.',
  renderFailed: 'The reply could not be filled in for this ticket: check its placeholders and tags.',
  groupsNeedShared: 'Only a shared reply is shared with groups: switch on Shared or remove the groups.',
  unknownGroups: 'Some of the groups do not exist.',
  shareNeedsManage: 'Only those who manage canned replies may share one or change a shared one.',
  notYours: 'This canned reply belongs to someone else; only its owner changes it.',
  sharedWithGroup: 'The canned reply "{name}" is shared with this group; remove the group from it first.',
} as const);

const textModuleFields = z.object({
  name: z.string().trim().min(1).max(100),
  /** Words the `::` search also finds it by, separated by spaces or commas. */
  keywords: z.string().trim().max(200).default(''),
  /** Rich text with `{{ ticket.* }}`, `{{ customer.* }}`, `{{ agent.* }}`; sanitised and parsed on save. */
  body: z.string().trim().min(1).max(100_000),
  language: z.enum(textModuleLanguages).default('all'),
  /** Else private to its owner. */
  shared: z.boolean().default(false),
  /** A shared reply's groups; none: everyone who may use canned replies. */
  groupIds: z
    .array(idSchema)
    .max(50)
    .refine((ids) => new Set(ids).size === ids.length)
    .default([]),
});

const groupsOnlyWhenShared = (reply: { shared?: boolean; groupIds?: number[] }, ctx: z.RefinementCtx) => {
  if (reply.shared === false && (reply.groupIds?.length ?? 0) > 0)
    ctx.addIssue({ code: 'custom', path: ['groupIds'], message: textModuleMessages.groupsNeedShared });
};

export const textModuleCreateSchema = textModuleFields.strict().superRefine(groupsOnlyWhenShared);
export const textModuleUpdateSchema = textModuleFields
  .extend(updateKeySchema.shape)
  .strict()
  .superRefine(groupsOnlyWhenShared);
export const textModuleSchema = textModuleFields.extend({
  ...auditFieldsSchema.shape,
  /** The owner's display name (its creator). */
  ownerName: z.string().nullable(),
  groupNames: z.array(z.object({ id: z.number().int(), name: z.string() })),
  actions: z.array(z.enum(textModuleActions)),
});
/** A list row: the record without its body (Get has it), so the `::` list is light. */
export const textModuleListItemSchema = textModuleSchema.omit({ body: true }).extend({ body: z.string().optional() });
export const textModuleQuerySchema = queryBaseSchema.extend({
  language: z.enum(textModuleLanguages).optional(),
  shared: queryBooleanSchema.optional(),
});
export type TextModule = z.infer<typeof textModuleSchema>;
export type TextModuleListItem = z.infer<typeof textModuleListItemSchema>;
export type TextModuleCreate = z.infer<typeof textModuleCreateSchema>;
export type TextModuleUpdate = z.infer<typeof textModuleUpdateSchema>;

/** `POST TextModule/Render`: a reply filled in against a ticket the caller sees. */
export const textModuleRenderSchema = z.object({ id: idSchema, ticketId: idSchema }).strict();
export const textModuleRenderResultSchema = z.object({ body: z.string() });
export type TextModuleRender = z.infer<typeof textModuleRenderSchema>;

type Texts = { en: string; 'zh-cn': string; 'zh-tw': string };
/**
 * The variables of an agent's own text (a canned reply, a macro's comment), for the editors' lists (named as the
 * e-mail templates name them where they exist).
 */
export const agentTextVariables: readonly { name: string; description: Texts }[] = [
  { name: 'ticket.caseNumber', description: { en: 'Case number', 'zh-cn': '工单编号', 'zh-tw': '工單編號' } },
  { name: 'ticket.subject', description: { en: 'Subject', 'zh-cn': '主题', 'zh-tw': '主旨' } },
  { name: 'ticket.status', description: { en: 'Status', 'zh-cn': '状态', 'zh-tw': '狀態' } },
  { name: 'ticket.priority', description: { en: 'Priority', 'zh-cn': '优先级', 'zh-tw': '優先順序' } },
  { name: 'ticket.categoryName', description: { en: 'Category', 'zh-cn': '类别', 'zh-tw': '類別' } },
  { name: 'ticket.projectName', description: { en: 'Project', 'zh-cn': '项目', 'zh-tw': '專案' } },
  { name: 'ticket.assigneeName', description: { en: 'Assignee', 'zh-cn': '处理人', 'zh-tw': '處理人' } },
  { name: 'ticket.dueDate', description: { en: 'Due date', 'zh-cn': '到期日', 'zh-tw': '到期日' } },
  { name: 'ticket.link', description: { en: 'Link to the ticket', 'zh-cn': '工单链接', 'zh-tw': '工單連結' } },
  { name: 'customer.name', description: { en: 'Customer name', 'zh-cn': '客户姓名', 'zh-tw': '客戶姓名' } },
  { name: 'customer.firstName', description: { en: 'Customer first name', 'zh-cn': '客户名', 'zh-tw': '客戶名' } },
  { name: 'customer.lastName', description: { en: 'Customer last name', 'zh-cn': '客户姓', 'zh-tw': '客戶姓' } },
  { name: 'customer.email', description: { en: 'Customer e-mail', 'zh-cn': '客户邮箱', 'zh-tw': '客戶電子郵件' } },
  { name: 'agent.name', description: { en: 'Your name', 'zh-cn': '您的姓名', 'zh-tw': '您的姓名' } },
  { name: 'agent.firstName', description: { en: 'Your first name', 'zh-cn': '您的名', 'zh-tw': '您的名' } },
  { name: 'agent.email', description: { en: 'Your e-mail', 'zh-cn': '您的邮箱', 'zh-tw': '您的電子郵件' } },
];
