import { z } from 'zod';
import { defineMessages } from '../platform/message-keys.js';
import { idSchema, queryBaseSchema, queryBooleanSchema } from '../platform/paging.js';

/**
 * Spec section 3, Notification: title, content, msType, from, to, isRead, readAt, linkData. In-app only; each
 * user sees and marks their own. Delivered live over Server-Sent Events (`GET /api/Notification/Stream`).
 */
export const notificationMessages = defineMessages('notification', {
  streamAccept: 'This call answers Server-Sent Events only: send the header Accept: text/event-stream.',
  streamTicketSession: 'A stream ticket is for a signed-in session, not for an API token.',
} as const);

export const notificationTypes = [
  'ticketAssigned',
  'ticketCommented',
  'ticketCreated',
  'ticketResolved',
  'ticketMentioned',
  'ticketStatusChanged',
  'approvalTask',
  'approvalFinished',
  'slaWarning',
  'slaBreached',
  'system',
] as const;
export const notificationTypeSchema = z.enum(notificationTypes);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/** Where the bell's entry leads: a route of the web app and the record it shows. */
export const notificationLinkSchema = z.object({
  path: z.string().max(500),
  entity: z.string().max(50).optional(),
  id: z.number().int().optional(),
});
export type NotificationLink = z.infer<typeof notificationLinkSchema>;

export const notificationSchema = z.object({
  id: z.number().int(),
  /** In the reader's language as the server knows it (`user.language`). */
  title: z.string(),
  /** The title's key in `notificationTitles` and its values: a client re-words it at once on a language switch. */
  titleKey: z.string().nullable(),
  titleValues: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  content: z.string(),
  msType: notificationTypeSchema,
  fromUserId: z.number().int().nullable(),
  fromName: z.string().nullable(),
  toUserId: z.number().int(),
  isRead: z.boolean(),
  readAt: z.string().nullable(),
  linkData: notificationLinkSchema.nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationQuerySchema = queryBaseSchema
  .extend({ isRead: queryBooleanSchema.optional(), msType: notificationTypeSchema.optional() })
  .strict();
/** `POST MarkRead { ids }`, or `{ all: true }` for every unread one of the caller. */
export const notificationMarkReadSchema = z
  .object({ ids: z.array(idSchema).max(1000).optional(), all: z.boolean().optional() })
  .strict();
export const notificationUnreadSchema = z.object({ unread: z.number().int() });

/** The languages a notification's title is rendered in (the reader's `user.language`). */
export const notificationLanguages = ['en', 'zh-cn', 'zh-tw'] as const;
export type NotificationLanguage = (typeof notificationLanguages)[number];

/**
 * The titles of the notifications the server writes, per language, with `{name}` placeholders. A row keeps
 * its key and values, and the title is rendered in the reader's language when it is read (so a language
 * switch re-words the old ones too); the rendered title stored with the row is the fallback.
 */
export const notificationTitles = {
  ticketAssigned: {
    en: 'Ticket {caseNumber} was assigned to you',
    'zh-cn': '工单 {caseNumber} 已分配给您',
    'zh-tw': '工單 {caseNumber} 已指派給您',
  },
  ticketCommented: {
    en: '{author} commented on ticket {caseNumber}',
    'zh-cn': '{author} 评论了工单 {caseNumber}',
    'zh-tw': '{author} 在工單 {caseNumber} 留言',
  },
  ticketMentioned: {
    en: '{author} mentioned you on ticket {caseNumber}',
    'zh-cn': '{author} 在工单 {caseNumber} 中提到了您',
    'zh-tw': '{author} 在工單 {caseNumber} 中提及了您',
  },
  ticketStatusChanged: {
    en: '{author} changed the status of ticket {caseNumber}',
    'zh-cn': '{author} 更改了工单 {caseNumber} 的状态',
    'zh-tw': '{author} 變更了工單 {caseNumber} 的狀態',
  },
  ticketInternalComment: {
    en: '{author} added an internal note to ticket {caseNumber}',
    'zh-cn': '{author} 在工单 {caseNumber} 添加了内部备注',
    'zh-tw': '{author} 在工單 {caseNumber} 新增了內部備註',
  },
  ticketCreatedFromEmail: {
    en: 'New ticket {caseNumber} from an e-mail',
    'zh-cn': '来自邮件的新工单 {caseNumber}',
    'zh-tw': '來自郵件的新工單 {caseNumber}',
  },
  ticketResolved: {
    en: 'Ticket {caseNumber} was resolved',
    'zh-cn': '工单 {caseNumber} 已解决',
    'zh-tw': '工單 {caseNumber} 已解決',
  },
  approvalTask: {
    en: '{title} waits for your approval',
    'zh-cn': '{title} 等待您审批',
    'zh-tw': '{title} 等待您審批',
  },
  approvalTaskOnBehalf: {
    en: '{title} waits for your approval (on behalf of {owner})',
    'zh-cn': '{title} 等待您审批（代 {owner}）',
    'zh-tw': '{title} 等待您審批（代 {owner}）',
  },
  approvalReview: {
    en: '{title}: your review is asked for',
    'zh-cn': '{title}：请您审阅',
    'zh-tw': '{title}：請您審閱',
  },
  approvalCc: {
    en: 'Copy for you: {title}',
    'zh-cn': '抄送给您：{title}',
    'zh-tw': '副本給您：{title}',
  },
  approvalResubmit: {
    en: '{title} was returned to you: edit and submit it again',
    'zh-cn': '{title} 已退回给您：请修改后重新提交',
    'zh-tw': '{title} 已退回給您：請修改後重新送出',
  },
  approvalReminder: {
    en: 'Reminder: {title} is waiting for your approval',
    'zh-cn': '提醒：{title} 正等待您审批',
    'zh-tw': '提醒：{title} 正等待您審批',
  },
  approvalApproved: {
    en: '{title} was approved',
    'zh-cn': '{title} 已审批通过',
    'zh-tw': '{title} 已核准',
  },
  approvalRejected: {
    en: '{title} was rejected',
    'zh-cn': '{title} 已被驳回',
    'zh-tw': '{title} 已被駁回',
  },
  /** A trigger's notify action (contract 23): the trigger's name and the ticket. */
  ticketTrigger: {
    en: '{trigger}: ticket {caseNumber}',
    'zh-cn': '{trigger}：工单 {caseNumber}',
    'zh-tw': '{trigger}：工單 {caseNumber}',
  },
  approvalCancelled: {
    en: '{title} was cancelled',
    'zh-cn': '{title} 已撤销',
    'zh-tw': '{title} 已撤銷',
  },
  slaWarningFirstResponse: {
    en: 'Ticket {caseNumber}: the first response is due {dueAt}',
    'zh-cn': '工单 {caseNumber}：首次响应将于 {dueAt} 到期',
    'zh-tw': '工單 {caseNumber}：首次回應將於 {dueAt} 到期',
  },
  slaWarningNextUpdate: {
    en: 'Ticket {caseNumber}: the next update to the customer is due {dueAt}',
    'zh-cn': '工单 {caseNumber}：下次向客户更新将于 {dueAt} 到期',
    'zh-tw': '工單 {caseNumber}：下次向客戶更新將於 {dueAt} 到期',
  },
  slaWarningResolution: {
    en: 'Ticket {caseNumber}: the resolution is due {dueAt}',
    'zh-cn': '工单 {caseNumber}：解决将于 {dueAt} 到期',
    'zh-tw': '工單 {caseNumber}：解決將於 {dueAt} 到期',
  },
  slaBreachedFirstResponse: {
    en: 'Ticket {caseNumber}: the first response was due {dueAt} and is overdue',
    'zh-cn': '工单 {caseNumber}：首次响应已于 {dueAt} 超时',
    'zh-tw': '工單 {caseNumber}：首次回應已於 {dueAt} 逾時',
  },
  slaBreachedNextUpdate: {
    en: 'Ticket {caseNumber}: the next update to the customer was due {dueAt} and is overdue',
    'zh-cn': '工单 {caseNumber}：下次向客户更新已于 {dueAt} 超时',
    'zh-tw': '工單 {caseNumber}：下次向客戶更新已於 {dueAt} 逾時',
  },
  slaBreachedResolution: {
    en: 'Ticket {caseNumber}: the resolution was due {dueAt} and is overdue',
    'zh-cn': '工单 {caseNumber}：解决已于 {dueAt} 超时',
    'zh-tw': '工單 {caseNumber}：解決已於 {dueAt} 逾時',
  },
} as const satisfies Record<string, Record<NotificationLanguage, string>>;
export type NotificationTitleKey = keyof typeof notificationTitles;
export type NotificationTitleValues = Record<string, string | number>;

export const isNotificationTitleKey = (key: string): key is NotificationTitleKey =>
  Object.hasOwn(notificationTitles, key);

/** The title of `key` in `language` (English for an unknown language); a missing value stays as `{name}`. */
export function renderNotificationTitle(
  key: NotificationTitleKey,
  values: NotificationTitleValues,
  language: string,
): string {
  const texts: Record<NotificationLanguage, string> = notificationTitles[key];
  const text = (notificationLanguages as readonly string[]).includes(language)
    ? texts[language as NotificationLanguage]
    : texts.en;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}
