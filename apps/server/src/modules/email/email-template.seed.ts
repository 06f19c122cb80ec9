import { seededNames, seededTemplateCode, type EmailEvent, type TemplateLanguage } from '@casedesk/shared';
import type { Db } from '../../platform/db.js';
import { emailTemplate } from './email.table.js';
import { watchTemplates } from './email-template-watch.seed.js';

type Seeded = { subject: string; body: string };

// Plain-text values keep their line breaks in the mail.
const block = (variable: string) => `<div style="white-space:pre-wrap">{{ ${variable} }}</div>`;
const ticketLink = (label: string) => `<p><a href="{{ ticket.link }}">${label}</a></p>`;
const signature = '<p>— {{ system.name }}</p>';

/**
 * The templates every database starts with: each event in each language. Ticket subjects carry
 * `[{{ ticket.caseNumber }}]`, which the incoming mail's threading matches.
 */
const seeded: Record<EmailEvent, Record<TemplateLanguage, Seeded>> = {
  ticketCreated: {
    en: {
      subject: '[{{ ticket.caseNumber }}] We received your request: {{ ticket.subject }}',
      body: [
        '<p>Hello {{ user.name }},</p>',
        '<p>Your request has been logged as <b>{{ ticket.caseNumber }}</b>. Reply to this mail to add to it.</p>',
        '<p><b>{{ ticket.subject }}</b></p>',
        block('ticket.content'),
        signature,
      ].join('\n'),
    },
    'zh-cn': {
      subject: '[{{ ticket.caseNumber }}] 我们已收到您的请求：{{ ticket.subject }}',
      body: [
        '<p>{{ user.name }}，您好：</p>',
        '<p>您的请求已登记为 <b>{{ ticket.caseNumber }}</b>。直接回复本邮件即可补充内容。</p>',
        '<p><b>{{ ticket.subject }}</b></p>',
        block('ticket.content'),
        signature,
      ].join('\n'),
    },
    'zh-tw': {
      subject: '[{{ ticket.caseNumber }}] 我們已收到您的請求：{{ ticket.subject }}',
      body: [
        '<p>{{ user.name }}，您好：</p>',
        '<p>您的請求已登記為 <b>{{ ticket.caseNumber }}</b>。直接回覆本郵件即可補充內容。</p>',
        '<p><b>{{ ticket.subject }}</b></p>',
        block('ticket.content'),
        signature,
      ].join('\n'),
    },
  },
  ticketAssigned: {
    en: {
      subject: '[{{ ticket.caseNumber }}] Assigned to you: {{ ticket.subject }}',
      body: [
        '<p>Hello {{ user.name }},</p>',
        '<p>The ticket <b>{{ ticket.caseNumber }}</b> ({{ ticket.priority }}, {{ ticket.projectName }}) is now assigned to you.</p>',
        '<p><b>{{ ticket.subject }}</b></p>',
        block('ticket.content'),
        ticketLink('Open the ticket'),
        signature,
      ].join('\n'),
    },
    'zh-cn': {
      subject: '[{{ ticket.caseNumber }}] 分配给您的工单：{{ ticket.subject }}',
      body: [
        '<p>{{ user.name }}，您好：</p>',
        '<p>工单 <b>{{ ticket.caseNumber }}</b>（{{ ticket.priority }}，{{ ticket.projectName }}）已分配给您。</p>',
        '<p><b>{{ ticket.subject }}</b></p>',
        block('ticket.content'),
        ticketLink('打开工单'),
        signature,
      ].join('\n'),
    },
    'zh-tw': {
      subject: '[{{ ticket.caseNumber }}] 指派給您的工單：{{ ticket.subject }}',
      body: [
        '<p>{{ user.name }}，您好：</p>',
        '<p>工單 <b>{{ ticket.caseNumber }}</b>（{{ ticket.priority }}，{{ ticket.projectName }}）已指派給您。</p>',
        '<p><b>{{ ticket.subject }}</b></p>',
        block('ticket.content'),
        ticketLink('開啟工單'),
        signature,
      ].join('\n'),
    },
  },
  ticketCommented: {
    en: {
      subject: '[{{ ticket.caseNumber }}] New reply: {{ ticket.subject }}',
      body: [
        '<p>Hello {{ user.name }},</p>',
        '<p>{{ comment.authorName }} replied to your request <b>{{ ticket.caseNumber }}</b>:</p>',
        block('comment.body'),
        '<p>Reply to this mail to answer.</p>',
        signature,
      ].join('\n'),
    },
    'zh-cn': {
      subject: '[{{ ticket.caseNumber }}] 新的回复：{{ ticket.subject }}',
      body: [
        '<p>{{ user.name }}，您好：</p>',
        '<p>{{ comment.authorName }} 回复了您的请求 <b>{{ ticket.caseNumber }}</b>：</p>',
        block('comment.body'),
        '<p>直接回复本邮件即可作答。</p>',
        signature,
      ].join('\n'),
    },
    'zh-tw': {
      subject: '[{{ ticket.caseNumber }}] 新的回覆：{{ ticket.subject }}',
      body: [
        '<p>{{ user.name }}，您好：</p>',
        '<p>{{ comment.authorName }} 回覆了您的請求 <b>{{ ticket.caseNumber }}</b>：</p>',
        block('comment.body'),
        '<p>直接回覆本郵件即可作答。</p>',
        signature,
      ].join('\n'),
    },
  },
  ticketResolved: {
    en: {
      subject: '[{{ ticket.caseNumber }}] Resolved: {{ ticket.subject }}',
      body: [
        '<p>Hello {{ user.name }},</p>',
        '<p>Your request <b>{{ ticket.caseNumber }}</b> has been resolved. If the problem is still there, reply to this mail.</p>',
        signature,
      ].join('\n'),
    },
    'zh-cn': {
      subject: '[{{ ticket.caseNumber }}] 已解决：{{ ticket.subject }}',
      body: [
        '<p>{{ user.name }}，您好：</p>',
        '<p>您的请求 <b>{{ ticket.caseNumber }}</b> 已解决。如问题仍然存在，请直接回复本邮件。</p>',
        signature,
      ].join('\n'),
    },
    'zh-tw': {
      subject: '[{{ ticket.caseNumber }}] 已解決：{{ ticket.subject }}',
      body: [
        '<p>{{ user.name }}，您好：</p>',
        '<p>您的請求 <b>{{ ticket.caseNumber }}</b> 已解決。如問題仍然存在，請直接回覆本郵件。</p>',
        signature,
      ].join('\n'),
    },
  },
  approvalTask: {
    en: {
      subject:
        '{% if approval.kind == "remind" %}Reminder: {% endif %}{% if approval.kind == "resubmit" %}Returned to you{% elsif approval.kind == "review" %}For your review{% else %}Waiting for your approval{% endif %}: {{ approval.title }}',
      body: [
        '<p>Hello {{ user.name }},</p>',
        '{% if approval.kind == "resubmit" %}<p><b>{{ approval.title }}</b> was returned to you at the step "{{ approval.nodeName }}"{% if approval.actorName != "" %} by {{ approval.actorName }}{% endif %}. Edit it and submit it again.</p>',
        '{% elsif approval.kind == "review" %}<p>{% if approval.actorName != "" %}{{ approval.actorName }} asks{% else %}You are asked{% endif %} for your review of <b>{{ approval.title }}</b> at the step "{{ approval.nodeName }}" ({{ approval.workflowName }}, submitted by {{ approval.initiatorName }}).</p>',
        '{% else %}<p>{% if approval.kind == "remind" %}Reminder: {% endif %}<b>{{ approval.title }}</b> is waiting for your approval at the step "{{ approval.nodeName }}" ({{ approval.workflowName }}, submitted by {{ approval.initiatorName }}).</p>{% endif %}',
        '{% if approval.onBehalfOfName != "" %}<p>You hold this task on behalf of {{ approval.onBehalfOfName }}.</p>{% endif %}',
        '<p><a href="{{ link }}">Open the approval</a></p>',
        '{% if approval.approveLink != "" %}<p><a href="{{ approval.approveLink }}">Approve</a> · <a href="{{ approval.rejectLink }}">Reject</a> (each link opens a page where you confirm). Or reply to this mail with "approve" or "reject" on the first line; the rest of your reply is the comment.</p>{% endif %}',
        signature,
      ].join('\n'),
    },
    'zh-cn': {
      subject:
        '{% if approval.kind == "remind" %}提醒：{% endif %}{% if approval.kind == "resubmit" %}已退回给您{% elsif approval.kind == "review" %}请您审阅{% else %}等待您审批{% endif %}：{{ approval.title }}',
      body: [
        '<p>{{ user.name }}，您好：</p>',
        '{% if approval.kind == "resubmit" %}<p><b>{{ approval.title }}</b> 在节点“{{ approval.nodeName }}”{% if approval.actorName != "" %}被 {{ approval.actorName }} {% endif %}退回给您。请修改后重新提交。</p>',
        '{% elsif approval.kind == "review" %}<p>{% if approval.actorName != "" %}{{ approval.actorName }} {% endif %}请您在节点“{{ approval.nodeName }}”审阅 <b>{{ approval.title }}</b>（{{ approval.workflowName }}，发起人 {{ approval.initiatorName }}）。</p>',
        '{% else %}<p>{% if approval.kind == "remind" %}提醒：{% endif %}<b>{{ approval.title }}</b> 正在节点“{{ approval.nodeName }}”等待您审批（{{ approval.workflowName }}，发起人 {{ approval.initiatorName }}）。</p>{% endif %}',
        '{% if approval.onBehalfOfName != "" %}<p>您作为 {{ approval.onBehalfOfName }} 的受托人处理此任务。</p>{% endif %}',
        '<p><a href="{{ link }}">打开审批</a></p>',
        '{% if approval.approveLink != "" %}<p><a href="{{ approval.approveLink }}">同意</a> · <a href="{{ approval.rejectLink }}">驳回</a>（链接先打开确认页）。也可直接回复本邮件，第一行写“同意”或“驳回”，其余内容作为意见。</p>{% endif %}',
        signature,
      ].join('\n'),
    },
    'zh-tw': {
      subject:
        '{% if approval.kind == "remind" %}提醒：{% endif %}{% if approval.kind == "resubmit" %}已退回給您{% elsif approval.kind == "review" %}請您審閱{% else %}等待您審批{% endif %}：{{ approval.title }}',
      body: [
        '<p>{{ user.name }}，您好：</p>',
        '{% if approval.kind == "resubmit" %}<p><b>{{ approval.title }}</b> 在節點「{{ approval.nodeName }}」{% if approval.actorName != "" %}被 {{ approval.actorName }} {% endif %}退回給您。請修改後重新送出。</p>',
        '{% elsif approval.kind == "review" %}<p>{% if approval.actorName != "" %}{{ approval.actorName }} {% endif %}請您在節點「{{ approval.nodeName }}」審閱 <b>{{ approval.title }}</b>（{{ approval.workflowName }}，發起人 {{ approval.initiatorName }}）。</p>',
        '{% else %}<p>{% if approval.kind == "remind" %}提醒：{% endif %}<b>{{ approval.title }}</b> 正在節點「{{ approval.nodeName }}」等待您審批（{{ approval.workflowName }}，發起人 {{ approval.initiatorName }}）。</p>{% endif %}',
        '{% if approval.onBehalfOfName != "" %}<p>您作為 {{ approval.onBehalfOfName }} 的受託人處理此任務。</p>{% endif %}',
        '<p><a href="{{ link }}">開啟審批</a></p>',
        '{% if approval.approveLink != "" %}<p><a href="{{ approval.approveLink }}">同意</a> · <a href="{{ approval.rejectLink }}">駁回</a>（連結先開啟確認頁）。也可直接回覆本郵件，第一行寫「同意」或「駁回」，其餘內容作為意見。</p>{% endif %}',
        signature,
      ].join('\n'),
    },
  },
  approvalFinished: {
    en: {
      subject:
        '{% if approval.status == "Approved" %}Approved{% elsif approval.status == "Rejected" %}Rejected{% else %}Cancelled{% endif %}: {{ approval.title }}',
      body: [
        '<p>Hello {{ user.name }},</p>',
        '<p>Your request <b>{{ approval.title }}</b> ({{ approval.workflowName }}) {% if approval.status == "Approved" %}has been approved{% elsif approval.status == "Rejected" %}has been rejected{% else %}has been cancelled{% endif %}{% if approval.actorName != "" %} by {{ approval.actorName }}{% endif %}.</p>',
        '<p><a href="{{ link }}">Open the approval</a></p>',
        signature,
      ].join('\n'),
    },
    'zh-cn': {
      subject:
        '{% if approval.status == "Approved" %}审批通过{% elsif approval.status == "Rejected" %}审批驳回{% else %}审批已撤销{% endif %}：{{ approval.title }}',
      body: [
        '<p>{{ user.name }}，您好：</p>',
        '<p>您提交的 <b>{{ approval.title }}</b>（{{ approval.workflowName }}）{% if approval.actorName != "" %}已由 {{ approval.actorName }} {% else %}已{% endif %}{% if approval.status == "Approved" %}审批通过{% elsif approval.status == "Rejected" %}驳回{% else %}撤销{% endif %}。</p>',
        '<p><a href="{{ link }}">打开审批</a></p>',
        signature,
      ].join('\n'),
    },
    'zh-tw': {
      subject:
        '{% if approval.status == "Approved" %}審批核准{% elsif approval.status == "Rejected" %}審批駁回{% else %}審批已撤銷{% endif %}：{{ approval.title }}',
      body: [
        '<p>{{ user.name }}，您好：</p>',
        '<p>您送出的 <b>{{ approval.title }}</b>（{{ approval.workflowName }}）{% if approval.actorName != "" %}已由 {{ approval.actorName }} {% else %}已{% endif %}{% if approval.status == "Approved" %}核准{% elsif approval.status == "Rejected" %}駁回{% else %}撤銷{% endif %}。</p>',
        '<p><a href="{{ link }}">開啟審批</a></p>',
        signature,
      ].join('\n'),
    },
  },
  passwordReset: {
    en: {
      subject: 'Reset your {{ system.name }} password',
      body: [
        '<p>Hello {{ user.name }},</p>',
        '<p>Someone asked to reset the password of the account <b>{{ user.loginName }}</b>.</p>',
        '<p><a href="{{ link }}">Choose a new password</a> (the link works once, for {{ hours }} hour(s)).</p>',
        '<p>If it was not you, ignore this message: your password stays as it is.</p>',
      ].join('\n'),
    },
    'zh-cn': {
      subject: '重置您的 {{ system.name }} 密码',
      body: [
        '<p>{{ user.name }}，您好：</p>',
        '<p>有人请求重置账户 <b>{{ user.loginName }}</b> 的密码。</p>',
        '<p><a href="{{ link }}">设置新密码</a>（链接仅可使用一次，{{ hours }} 小时内有效）。</p>',
        '<p>如非本人操作，请忽略本邮件，您的密码不会改变。</p>',
      ].join('\n'),
    },
    'zh-tw': {
      subject: '重設您的 {{ system.name }} 密碼',
      body: [
        '<p>{{ user.name }}，您好：</p>',
        '<p>有人請求重設帳戶 <b>{{ user.loginName }}</b> 的密碼。</p>',
        '<p><a href="{{ link }}">設定新密碼</a>（連結僅可使用一次，{{ hours }} 小時內有效）。</p>',
        '<p>如非本人操作，請忽略本郵件，您的密碼不會改變。</p>',
      ].join('\n'),
    },
  },
  signInLocked: {
    en: {
      subject:
        '{% if accountLocked == "yes" %}Your {{ system.name }} account was locked{% else %}Wrong passwords were typed for your {{ system.name }} account{% endif %}',
      body: [
        '<p>Hello {{ user.name }},</p>',
        '{% if accountLocked == "yes" %}<p>Wrong passwords for your account came from {{ addresses }} different addresses, so the account is locked until an administrator unlocks it. Sessions you already have open keep working.</p>',
        '{% else %}<p>Someone at the address {{ ip }} typed {{ attempts }} wrong passwords in a row for your account. Signing in from that address is paused for {{ minutes }} minutes; elsewhere your account works as usual.</p>{% endif %}',
        '<p>If it was not you, consider changing your password.</p>',
      ].join('\n'),
    },
    'zh-cn': {
      subject:
        '{% if accountLocked == "yes" %}您的 {{ system.name }} 账户已被锁定{% else %}您的 {{ system.name }} 账户有人输错密码{% endif %}',
      body: [
        '<p>{{ user.name }}，您好：</p>',
        '{% if accountLocked == "yes" %}<p>来自 {{ addresses }} 个不同地址的错误密码尝试了您的账户，账户已被锁定，需由管理员解锁。已登录的会话不受影响。</p>',
        '{% else %}<p>地址 {{ ip }} 连续 {{ attempts }} 次输错了您账户的密码。该地址的登录已暂停 {{ minutes }} 分钟；从其他地方登录不受影响。</p>{% endif %}',
        '<p>如非本人操作，建议修改密码。</p>',
      ].join('\n'),
    },
    'zh-tw': {
      subject:
        '{% if accountLocked == "yes" %}您的 {{ system.name }} 帳戶已被鎖定{% else %}您的 {{ system.name }} 帳戶有人輸錯密碼{% endif %}',
      body: [
        '<p>{{ user.name }}，您好：</p>',
        '{% if accountLocked == "yes" %}<p>來自 {{ addresses }} 個不同位址的錯誤密碼嘗試了您的帳戶，帳戶已被鎖定，需由管理員解鎖。已登入的工作階段不受影響。</p>',
        '{% else %}<p>位址 {{ ip }} 連續 {{ attempts }} 次輸錯了您帳戶的密碼。該位址的登入已暫停 {{ minutes }} 分鐘；從其他地方登入不受影響。</p>{% endif %}',
        '<p>如非本人操作，建議變更密碼。</p>',
      ].join('\n'),
    },
  },
  secondFactorReset: {
    en: {
      subject: 'The second factor of your {{ system.name }} account was reset',
      body: [
        '<p>Hello {{ user.name }},</p>',
        '<p>An administrator removed the authenticator app, recovery codes and passkeys of the account <b>{{ user.loginName }}</b>. You sign in with your password alone until you set up a second factor again under My account.</p>',
        '<p>If you did not ask for this, tell your administrator at once.</p>',
      ].join('\n'),
    },
    'zh-cn': {
      subject: '您的 {{ system.name }} 账户的两步验证已重置',
      body: [
        '<p>{{ user.name }}，您好：</p>',
        '<p>管理员已移除账户 <b>{{ user.loginName }}</b> 的身份验证器应用、恢复码和通行密钥。在“我的账户”中重新设置两步验证之前，您只需密码即可登录。</p>',
        '<p>如非您本人要求，请立即联系管理员。</p>',
      ].join('\n'),
    },
    'zh-tw': {
      subject: '您的 {{ system.name }} 帳戶的兩步驟驗證已重設',
      body: [
        '<p>{{ user.name }}，您好：</p>',
        '<p>管理員已移除帳戶 <b>{{ user.loginName }}</b> 的驗證器應用程式、復原碼和通行金鑰。在「我的帳戶」中重新設定兩步驟驗證之前，您只需密碼即可登入。</p>',
        '<p>如非您本人要求，請立即聯絡管理員。</p>',
      ].join('\n'),
    },
  },
  holidayReminder: {
    en: {
      subject: 'Holiday reminder: {{ holiday.name }} on {{ holiday.day }}',
      body: '<p>The service desk is closed on {{ holiday.day }} ({{ holiday.name }}). Due dates move past the holiday.</p>',
    },
    'zh-cn': {
      subject: '假期提醒：{{ holiday.day }} {{ holiday.name }}',
      body: '<p>服务台将于 {{ holiday.day }}（{{ holiday.name }}）休息，到期时间将顺延至假日之后。</p>',
    },
    'zh-tw': {
      subject: '假期提醒：{{ holiday.day }} {{ holiday.name }}',
      body: '<p>服務台將於 {{ holiday.day }}（{{ holiday.name }}）休息，到期時間將順延至假日之後。</p>',
    },
  },
  ...watchTemplates({ block, ticketLink, signature }),
  slaWarning: {
    en: {
      subject: '[{{ ticket.caseNumber }}] Service level warning: the {{ sla.target }} is due {{ sla.dueAt }}',
      body: [
        '<p>Hello {{ user.name }},</p>',
        '<p>The {{ sla.target }} of ticket <b>{{ ticket.caseNumber }}</b> ({{ ticket.priority }}, {{ ticket.projectName }}) is due <b>{{ sla.dueAt }}</b>.</p>',
        '<p><b>{{ ticket.subject }}</b></p>',
        ticketLink('Open the ticket'),
        signature,
      ].join('\n'),
    },
    'zh-cn': {
      subject: '[{{ ticket.caseNumber }}] 服务级别预警：{{ sla.target }}将于 {{ sla.dueAt }} 到期',
      body: [
        '<p>{{ user.name }}，您好：</p>',
        '<p>工单 <b>{{ ticket.caseNumber }}</b>（{{ ticket.priority }}，{{ ticket.projectName }}）的{{ sla.target }}将于 <b>{{ sla.dueAt }}</b> 到期。</p>',
        '<p><b>{{ ticket.subject }}</b></p>',
        ticketLink('打开工单'),
        signature,
      ].join('\n'),
    },
    'zh-tw': {
      subject: '[{{ ticket.caseNumber }}] 服務級別預警：{{ sla.target }}將於 {{ sla.dueAt }} 到期',
      body: [
        '<p>{{ user.name }}，您好：</p>',
        '<p>工單 <b>{{ ticket.caseNumber }}</b>（{{ ticket.priority }}，{{ ticket.projectName }}）的{{ sla.target }}將於 <b>{{ sla.dueAt }}</b> 到期。</p>',
        '<p><b>{{ ticket.subject }}</b></p>',
        ticketLink('開啟工單'),
        signature,
      ].join('\n'),
    },
  },
  slaBreached: {
    en: {
      subject: '[{{ ticket.caseNumber }}] Service level breached: the {{ sla.target }} was due {{ sla.dueAt }}',
      body: [
        '<p>Hello {{ user.name }},</p>',
        '<p>The {{ sla.target }} of ticket <b>{{ ticket.caseNumber }}</b> ({{ ticket.priority }}, {{ ticket.projectName }}) was due <b>{{ sla.dueAt }}</b> and is overdue. Assigned to: {{ ticket.assigneeName }}.</p>',
        '<p><b>{{ ticket.subject }}</b></p>',
        ticketLink('Open the ticket'),
        signature,
      ].join('\n'),
    },
    'zh-cn': {
      subject: '[{{ ticket.caseNumber }}] 服务级别超时：{{ sla.target }}已于 {{ sla.dueAt }} 到期',
      body: [
        '<p>{{ user.name }}，您好：</p>',
        '<p>工单 <b>{{ ticket.caseNumber }}</b>（{{ ticket.priority }}，{{ ticket.projectName }}）的{{ sla.target }}已于 <b>{{ sla.dueAt }}</b> 到期，现已超时。处理人：{{ ticket.assigneeName }}。</p>',
        '<p><b>{{ ticket.subject }}</b></p>',
        ticketLink('打开工单'),
        signature,
      ].join('\n'),
    },
    'zh-tw': {
      subject: '[{{ ticket.caseNumber }}] 服務級別逾時：{{ sla.target }}已於 {{ sla.dueAt }} 到期',
      body: [
        '<p>{{ user.name }}，您好：</p>',
        '<p>工單 <b>{{ ticket.caseNumber }}</b>（{{ ticket.priority }}，{{ ticket.projectName }}）的{{ sla.target }}已於 <b>{{ sla.dueAt }}</b> 到期，現已逾時。處理人：{{ ticket.assigneeName }}。</p>',
        '<p><b>{{ ticket.subject }}</b></p>',
        ticketLink('開啟工單'),
        signature,
      ].join('\n'),
    },
  },
};

/**
 * The seeded name of an event's template in a language (the seed finds its rows by it): the English name of the
 * shared catalog (`seededNames.emailTemplate`), which the web shows in the reader's language while it is kept.
 */
export const seededTemplateName = (event: EmailEvent, language: TemplateLanguage) =>
  seededNames.emailTemplate[seededTemplateCode(event, language)]!;

/**
 * System seed, at each start: a template is inserted when none has its name; an existing one is never touched
 * (an admin's edit stands), and one whose event and language another active template already answers is left
 * out (the unique indexes skip it).
 */
export async function seedEmailTemplates(db: Db): Promise<void> {
  const rows = Object.entries(seeded).flatMap(([event, languages]) =>
    Object.entries(languages).map(([language, texts]) => ({
      name: seededTemplateName(event as EmailEvent, language as TemplateLanguage),
      description: seededNames.emailTemplateDescription[seededTemplateCode(event, language)]!,
      event: event as EmailEvent,
      language: language as TemplateLanguage,
      subject: texts.subject,
      body: texts.body,
    })),
  );
  await db.insert(emailTemplate).values(rows).onConflictDoNothing();
}
