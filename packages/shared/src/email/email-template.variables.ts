import { z } from 'zod';
import { defineMessages } from '../platform/message-keys.js';
import type { EmailEvent } from './email.schemas.js';

/** The template texts beyond the foundation's catalog (same `email.` keys). */
export const emailTemplateMessages = defineMessages('email', {
  templateEventTaken: 'Another active template already answers this event in this language.',
  templateNameTaken: 'A template with this name already exists.',
} as const);

type Texts = { en: string; 'zh-cn': string; 'zh-tw': string };

/** One variable of the picker: its name inside `{{ }}`, what it is in 3 languages, a sample (the preview's default). */
export type EmailTemplateVariable = {
  name: string;
  description: Texts;
  example: string;
  /** The events that fill it; absent: every event. */
  events?: readonly EmailEvent[];
};

const ticketEvents = [
  'ticketCreated',
  'ticketAssigned',
  'ticketCommented',
  'ticketResolved',
  'slaWarning',
  'slaBreached',
  'ticketMentioned',
  'ticketWatched',
] as const;
const slaEvents = ['slaWarning', 'slaBreached'] as const;
const approvalEvents = ['approvalTask', 'approvalFinished'] as const;

/**
 * What a template may use (`GET EmailTemplate/Variables`). Values are HTML-escaped in the body; `ticket.content`
 * and `comment.body` are plain text (keep their line breaks with `white-space: pre-wrap`).
 */
export const emailTemplateVariables: readonly EmailTemplateVariable[] = [
  {
    name: 'ticket.caseNumber',
    description: { en: 'Case number', 'zh-cn': '工单编号', 'zh-tw': '工單編號' },
    example: 'TCK-2026-000123',
    events: ticketEvents,
  },
  {
    name: 'ticket.subject',
    description: { en: 'Ticket subject', 'zh-cn': '工单主题', 'zh-tw': '工單主旨' },
    example: 'Printer on floor 3 does not print',
    events: ticketEvents,
  },
  {
    name: 'ticket.status',
    description: {
      en: "Ticket status, in the template's language",
      'zh-cn': '工单状态（使用模板的语言）',
      'zh-tw': '工單狀態（使用範本的語言）',
    },
    example: 'Assigned',
    events: ticketEvents,
  },
  {
    name: 'ticket.priority',
    description: {
      en: "Priority, in the template's language",
      'zh-cn': '优先级（使用模板的语言）',
      'zh-tw': '優先順序（使用範本的語言）',
    },
    example: 'High',
    events: ticketEvents,
  },
  {
    name: 'ticket.content',
    description: {
      en: 'Ticket description (plain text)',
      'zh-cn': '工单描述（纯文本）',
      'zh-tw': '工單描述（純文字）',
    },
    example: 'Paper jams on every page.',
    events: ticketEvents,
  },
  {
    name: 'ticket.link',
    description: { en: 'Link to the ticket', 'zh-cn': '工单链接', 'zh-tw': '工單連結' },
    example: 'https://desk.example.com/ticket/info/123',
    events: ticketEvents,
  },
  {
    name: 'ticket.assigneeName',
    description: { en: 'Assignee', 'zh-cn': '处理人', 'zh-tw': '處理人' },
    example: 'Alex Chen',
    events: ticketEvents,
  },
  {
    name: 'ticket.customer',
    description: { en: 'Customer', 'zh-cn': '客户', 'zh-tw': '客戶' },
    example: 'Jordan Lee',
    events: ticketEvents,
  },
  {
    name: 'ticket.projectName',
    description: { en: 'Project', 'zh-cn': '项目', 'zh-tw': '專案' },
    example: 'Head office IT',
    events: ticketEvents,
  },
  {
    name: 'ticket.categoryName',
    description: { en: 'Category', 'zh-cn': '类别', 'zh-tw': '類別' },
    example: 'Hardware',
    events: ticketEvents,
  },
  {
    name: 'sla.target',
    description: {
      en: "The service-level target, in the template's language (first response or resolution)",
      'zh-cn': '服务级别目标（使用模板的语言：首次响应或解决）',
      'zh-tw': '服務級別目標（使用範本的語言：首次回應或解決）',
    },
    example: 'first response',
    events: slaEvents,
  },
  {
    name: 'sla.dueAt',
    description: {
      en: "When the target is due, in the template's language and the recipient's time zone",
      'zh-cn': '目标到期时间（使用模板的语言和收件人的时区）',
      'zh-tw': '目標到期時間（使用範本的語言和收件人的時區）',
    },
    example: 'Dec 1, 2026, 6:07 PM',
    events: slaEvents,
  },
  {
    name: 'comment.body',
    description: { en: 'Comment (plain text)', 'zh-cn': '评论（纯文本）', 'zh-tw': '留言（純文字）' },
    example: 'We replaced the fuser unit; please try again.',
    events: ['ticketCommented', 'ticketMentioned', 'ticketWatched'],
  },
  {
    name: 'comment.authorName',
    description: { en: 'Comment author', 'zh-cn': '评论人', 'zh-tw': '留言者' },
    example: 'Alex Chen',
    events: ['ticketCommented', 'ticketMentioned', 'ticketWatched'],
  },
  {
    name: 'watch.kind',
    description: {
      en: 'What happened on the watched ticket: comment or status',
      'zh-cn': '所关注工单上发生的事：comment（评论）或 status（状态变更）',
      'zh-tw': '所關注工單上發生的事：comment（留言）或 status（狀態變更）',
    },
    example: 'comment',
    events: ['ticketWatched'],
  },
  {
    name: 'watch.actorName',
    description: { en: 'Who did it', 'zh-cn': '操作人', 'zh-tw': '操作人' },
    example: 'Alex Chen',
    events: ['ticketWatched'],
  },
  {
    name: 'watch.fromStatus',
    description: {
      en: "The status before the change, in the template's language",
      'zh-cn': '变更前的状态（使用模板的语言）',
      'zh-tw': '變更前的狀態（使用範本的語言）',
    },
    example: 'Assigned',
    events: ['ticketWatched'],
  },
  {
    name: 'approval.title',
    description: { en: 'Title of the approval', 'zh-cn': '审批标题', 'zh-tw': '審批標題' },
    example: 'TCK-2026-000123 Replace the printer',
    events: approvalEvents,
  },
  {
    name: 'approval.workflowName',
    description: { en: 'Workflow', 'zh-cn': '流程', 'zh-tw': '流程' },
    example: 'Ticket approval',
    events: approvalEvents,
  },
  {
    name: 'approval.initiatorName',
    description: { en: 'Who submitted it', 'zh-cn': '发起人', 'zh-tw': '發起人' },
    example: 'Jordan Lee',
    events: approvalEvents,
  },
  {
    name: 'approval.nodeName',
    description: { en: 'Step waiting for the recipient', 'zh-cn': '等待收件人的节点', 'zh-tw': '等待收件人的節點' },
    example: 'Manager approval',
    events: ['approvalTask'],
  },
  {
    name: 'approval.kind',
    description: {
      en: 'What is asked: approve, resubmit, review or remind (a reminder of an overdue task)',
      'zh-cn': '要求的处理：approve（审批）、resubmit（修改后重新提交）、review（审阅）或 remind（逾期提醒）',
      'zh-tw': '要求的處理：approve（審批）、resubmit（修改後重新送出）、review（審閱）或 remind（逾期提醒）',
    },
    example: 'approve',
    events: ['approvalTask'],
  },
  {
    name: 'approval.approveLink',
    description: {
      en: 'Link to approve from the mail (a confirm page; single use, 7 days; empty when the task cannot be approved from a mail)',
      'zh-cn': '从邮件审批通过的链接（先打开确认页；仅可使用一次，7 天内有效；任务无法在邮件中审批时为空）',
      'zh-tw': '從郵件核准的連結（先開啟確認頁；僅可使用一次，7 天內有效；任務無法在郵件中審批時為空）',
    },
    example: 'https://desk.example.com/approve/…',
    events: ['approvalTask'],
  },
  {
    name: 'approval.rejectLink',
    description: {
      en: 'Link to reject from the mail (a confirm page; single use, 7 days; empty when the task cannot be rejected from a mail)',
      'zh-cn': '从邮件驳回的链接（先打开确认页；仅可使用一次，7 天内有效；任务无法在邮件中驳回时为空）',
      'zh-tw': '從郵件駁回的連結（先開啟確認頁；僅可使用一次，7 天內有效；任務無法在郵件中駁回時為空）',
    },
    example: 'https://desk.example.com/approve/…',
    events: ['approvalTask'],
  },
  {
    name: 'approval.onBehalfOfName',
    description: {
      en: 'Whose task the recipient holds as their delegate (empty when their own)',
      'zh-cn': '收件人作为受托人所代办任务的原处理人（本人任务时为空）',
      'zh-tw': '收件人作為受託人所代辦任務的原處理人（本人任務時為空）',
    },
    example: 'Alex Chen',
    events: ['approvalTask'],
  },
  {
    name: 'approval.status',
    description: {
      en: 'Outcome: Approved, Rejected or Cancelled',
      'zh-cn': '结果：Approved（通过）、Rejected（驳回）或 Cancelled（撤销）',
      'zh-tw': '結果：Approved（核准）、Rejected（駁回）或 Cancelled（撤銷）',
    },
    example: 'Approved',
    events: ['approvalFinished'],
  },
  {
    name: 'approval.statusLabel',
    description: {
      en: "Outcome, in the template's language",
      'zh-cn': '结果（使用模板的语言）',
      'zh-tw': '結果（使用範本的語言）',
    },
    example: 'Approved',
    events: ['approvalFinished'],
  },
  {
    name: 'approval.actorName',
    description: { en: 'Who took the last action', 'zh-cn': '最后处理人', 'zh-tw': '最後處理人' },
    example: 'Alex Chen',
    events: approvalEvents,
  },
  {
    name: 'user.name',
    description: { en: 'Recipient name', 'zh-cn': '收件人姓名', 'zh-tw': '收件人姓名' },
    example: 'Jordan Lee',
  },
  {
    name: 'user.loginName',
    description: { en: 'Recipient user name', 'zh-cn': '收件人用户名', 'zh-tw': '收件人使用者名稱' },
    example: 'jlee',
  },
  {
    name: 'link',
    description: {
      en: 'The link of the mail (reset link, the ticket, or the approval)',
      'zh-cn': '邮件中的链接（重置链接、工单或审批）',
      'zh-tw': '郵件中的連結（重設連結、工單或審批）',
    },
    example: 'https://desk.example.com/reset-password?token=…',
  },
  {
    name: 'hours',
    description: { en: 'Hours the reset link works', 'zh-cn': '重置链接有效小时数', 'zh-tw': '重設連結有效時數' },
    example: '1',
    events: ['passwordReset'],
  },
  {
    name: 'ip',
    description: {
      en: 'Address the wrong passwords came from',
      'zh-cn': '输错密码的来源地址',
      'zh-tw': '輸錯密碼的來源位址',
    },
    example: '203.0.113.7',
    events: ['signInLocked'],
  },
  {
    name: 'minutes',
    description: {
      en: 'Minutes that address is held off',
      'zh-cn': '该地址被暂停的分钟数',
      'zh-tw': '該位址被暫停的分鐘數',
    },
    example: '15',
    events: ['signInLocked'],
  },
  {
    name: 'attempts',
    description: { en: 'Wrong passwords in a row', 'zh-cn': '连续输错次数', 'zh-tw': '連續輸錯次數' },
    example: '5',
    events: ['signInLocked'],
  },
  {
    name: 'accountLocked',
    description: {
      en: '"yes" when the whole account was locked',
      'zh-cn': '整个账户被锁定时为 "yes"',
      'zh-tw': '整個帳戶被鎖定時為 "yes"',
    },
    example: 'no',
    events: ['signInLocked'],
  },
  {
    name: 'addresses',
    description: { en: 'Addresses held off at once', 'zh-cn': '同时被暂停的地址数', 'zh-tw': '同時被暫停的位址數' },
    example: '3',
    events: ['signInLocked'],
  },
  {
    name: 'holiday.name',
    description: { en: 'Holiday name', 'zh-cn': '假日名称', 'zh-tw': '假日名稱' },
    example: 'New Year',
    events: ['holidayReminder'],
  },
  {
    name: 'holiday.day',
    description: { en: 'Holiday date', 'zh-cn': '假日日期', 'zh-tw': '假日日期' },
    example: '2027-01-01',
    events: ['holidayReminder'],
  },
  {
    name: 'system.name',
    description: { en: 'Product title (Settings)', 'zh-cn': '产品名称（设置）', 'zh-tw': '產品名稱（設定）' },
    example: 'Casedesk',
  },
];

export const emailTemplateVariableSchema = z.object({
  name: z.string(),
  description: z.object({ en: z.string(), 'zh-cn': z.string(), 'zh-tw': z.string() }),
  example: z.string(),
  events: z.array(z.string()).optional(),
});
export const emailTemplateVariableListSchema = z.array(emailTemplateVariableSchema);
