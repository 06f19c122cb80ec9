import { and, desc, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { emailMessages, msg, templateLanguages, type EmailEvent, type TemplateLanguage } from '@casedesk/shared';
import { prebuiltSelection, preparedStatement, rowsOf, type Tx } from '../../platform/db.js';
import type { DomainEvent, DomainEventHandler } from '../../platform/events.js';
import { logMessage, writeSystemLog, type LogMessage } from '../../platform/logs.js';
import { appSetting } from '../setting/index.js';
import { customTextsOf, ticket } from '../ticket/index.js';
import { appUser, userDisplayNameSql } from '../user/index.js';
import { queueEmail } from './email-outbox.service.js';
import { nestValues, renderTemplate, type TemplateValues } from './email-render.service.js';
import {
  basicMailSettingsOf,
  commentValuesOf,
  ticketValueColumns,
  ticketValuesFrom,
  type BasicMailSettings,
} from './email-template.service.js';
import { email, emailTemplate, mailAccount } from './email.table.js';
import { wordedValues, type SeededValue } from './email-words.js';

// The customer's mails; a status change tells watchers only (`email-watch-notify.service.ts`), and a change of
// fields as such mails no one (triggers decide that).
type TicketEvent = Exclude<
  Extract<DomainEvent, { type: `ticket.${string}` }>,
  { type: 'ticket.statusChanged' | 'ticket.updated' }
>;
const isTicketEvent = (event: DomainEvent): event is TicketEvent =>
  event.type.startsWith('ticket.') && event.type !== 'ticket.statusChanged' && event.type !== 'ticket.updated';
export type Recipient = {
  address: string;
  name: string;
  loginName: string;
  language: TemplateLanguage;
  userId: number | null;
};

const languageOf = (value: string | null | undefined): TemplateLanguage =>
  templateLanguages.includes(value as TemplateLanguage) ? (value as TemplateLanguage) : 'en';

const eventOfTicket: Record<TicketEvent['type'], EmailEvent> = {
  'ticket.created': 'ticketCreated',
  'ticket.assigned': 'ticketAssigned',
  'ticket.commented': 'ticketCommented',
  'ticket.resolved': 'ticketResolved',
};

export const userColumns = {
  id: appUser.id,
  email: appUser.email,
  name: userDisplayNameSql,
  loginName: appUser.loginName,
  language: appUser.language,
  canEmail: appUser.canEmail,
  incidentEmailNotify: appUser.incidentEmailNotify,
};
type UserRow = { id: number; email: string | null; name: string; loginName: string; language: string };

export const recipientOf = (user: UserRow): Recipient | undefined =>
  user.email?.trim()
    ? {
        address: user.email.trim(),
        name: user.name,
        loginName: user.loginName,
        language: languageOf(user.language),
        userId: user.id,
      }
    : undefined;

/** A user who takes ticket mail: active, not deleted, `canEmail` and "incident e-mail notifications" on. */
export const takesTicketMail = and(
  eq(appUser.status, 'Active'),
  isNull(appUser.deletedAt),
  eq(appUser.canEmail, true),
  eq(appUser.incidentEmailNotify, true),
);

const customerUserSql = (address: SQL) =>
  sql`select ${appUser.id} as id, ${appUser.email} as email, ${userDisplayNameSql} as name,
      ${appUser.loginName} as "loginName", ${appUser.language} as language, ${appUser.canEmail} as "canEmail",
      ${appUser.incidentEmailNotify} as "incidentEmailNotify"
    from ${appUser}
    where lower(${appUser.email}) = lower(${address}) and ${appUser.deletedAt} is null and ${appUser.status} = 'Active'
    order by ${appUser.id} limit 1`;
type CustomerUser = UserRow & { canEmail: boolean; incidentEmailNotify: boolean };

/**
 * The ticket's customer: a user with that address speaks their language and keeps their flags (none of ours is
 * mailed against them); anyone else gets the system's default language (Settings → Basic; projects have none).
 * `found` is the user the facts statement matched to the untrimmed address; an address with spaces around it is
 * looked up here (as it always was, trimmed).
 */
async function customerRecipient(
  tx: Tx,
  address: string | null,
  customerName: string,
  found: CustomerUser | null,
  defaultLanguage: TemplateLanguage,
): Promise<Recipient | undefined> {
  const trimmed = address?.trim();
  if (!trimmed) return undefined;
  const user =
    trimmed === address ? found : (await rowsOf<CustomerUser>(tx, sql`${customerUserSql(sql`${trimmed}`)}`))[0];
  if (user) return user.canEmail && user.incidentEmailNotify ? recipientOf(user) : undefined;
  return { address: trimmed, name: customerName || trimmed, loginName: '', language: defaultLanguage, userId: null };
}

export type TemplateRow = { id: number; language: TemplateLanguage; subject: string; body: string };
/** What every mail of an event needs besides its values: the event's active templates and Settings → Basic. */
type MailSetup = { templates: TemplateRow[]; basic: BasicMailSettings };

/** The select-list items of a `MailSetup` (`basic`, `templates`), for the statements that read it. */
const mailSetupSql = (event: SQL) =>
  sql`(select ${appSetting.value} from ${appSetting} where ${appSetting.groupName} = 'basic') as basic,
    (select coalesce(jsonb_agg(jsonb_build_object('id', ${emailTemplate.id}, 'language', ${emailTemplate.language},
        'subject', ${emailTemplate.subject}, 'body', ${emailTemplate.body}) order by ${emailTemplate.id}), '[]'::jsonb)
      from ${emailTemplate} where ${emailTemplate.event} = ${event} and ${emailTemplate.status} = 'Active') as templates`;
export const mailSetupOf = (row: { basic: Record<string, unknown> | null; templates: TemplateRow[] }): MailSetup => ({
  templates: row.templates,
  basic: basicMailSettingsOf(row.basic),
});

const mailSetupStatement = preparedStatement<{ basic: Record<string, unknown> | null; templates: TemplateRow[] }>(
  'email_mail_setup',
  () => sql`select ${mailSetupSql(sql`${sql.placeholder('event')}::text`)}`,
);

/** The active template of an event in a language, else in English (templates may be missing in one language). */
const templateFor = (setup: MailSetup, language: TemplateLanguage) =>
  setup.templates.find((row) => row.language === language) ?? setup.templates.find((row) => row.language === 'en');

/** What the customer saw of a ticket's mail: mail in, replies written by hand (no event) and the customer mails. */
export const customerConversation = or(
  eq(email.direction, 'In'),
  isNull(email.event),
  inArray(email.event, ['ticketCreated', 'ticketCommented', 'ticketResolved']),
);

/**
 * Our mail to the customer joins their conversation: it answers the latest mail of it (or the mail that caused
 * the event), so their client threads it; the assignee's mails stay out of it.
 */
async function threadOf(tx: Tx, ticketId: number, viaEmailId: number | undefined) {
  const [latest] = await tx
    .select({ messageId: email.messageId, references: email.references })
    .from(email)
    .where(
      and(
        viaEmailId !== undefined ? eq(email.id, viaEmailId) : and(eq(email.ticketId, ticketId), customerConversation),
        isNotNull(email.messageId),
        ne(email.status, 'Draft'),
      ),
    )
    .orderBy(desc(email.id))
    .limit(1);
  if (!latest?.messageId) return { inReplyTo: null, references: [] };
  return { inReplyTo: latest.messageId, references: [...latest.references, latest.messageId].slice(-20) };
}

type Mail = {
  event: EmailEvent;
  recipient: Recipient;
  /** Worded by the template's language when they depend on it (a moment in its format). */
  values: TemplateValues | ((language: TemplateLanguage) => TemplateValues);
  /** Seeded names among the values, worded in the template's language while they are still the seeded ones. */
  seeded?: SeededValue[];
  actorId: number | null;
  ticketId?: number;
  commentId?: number;
  thread?: { inReplyTo: string | null; references: string[] };
  workflowTaskId?: number;
};

/**
 * Renders the recipient's-language template and queues the mail in the caller's transaction. A missing or broken
 * template never refuses the change that caused the mail: nothing is queued and the system log says why.
 */
export async function renderAndQueue(tx: Tx, mail: Mail, given?: MailSetup): Promise<number | undefined> {
  const setup = given ?? mailSetupOf((await mailSetupStatement(tx, { event: mail.event }))[0]!);
  const template = templateFor(setup, mail.recipient.language);
  const warn = (says: LogMessage, detail: Record<string, unknown> = {}) =>
    writeSystemLog(tx, {
      level: 'warn',
      source: 'email',
      says,
      userId: mail.recipient.userId,
      detail: { event: mail.event, language: mail.recipient.language, ticketId: mail.ticketId ?? null, ...detail },
    });
  const event = { labelOf: 'emailEvent', value: mail.event } as const;
  if (!template) {
    await warn(logMessage('noTemplate', { event, language: { labelOf: 'language', value: mail.recipient.language } }));
    return undefined;
  }
  const values = wordedValues(
    {
      ...(typeof mail.values === 'function' ? mail.values(template.language) : mail.values),
      user: { name: mail.recipient.name, loginName: mail.recipient.loginName },
      system: { name: setup.basic.productTitle },
    },
    template.language,
    mail.seeded,
  );
  let rendered: { subject: string; body: string };
  try {
    rendered = await renderTemplate(template, values);
  } catch (error) {
    await warn(logMessage('templateBroken', { templateId: template.id, event }), {
      templateId: template.id,
      error: error instanceof Error ? error.message.slice(0, 500) : String(error),
    });
    return undefined;
  }
  const queued = await queueEmail(tx, {
    to: [mail.recipient.address],
    subject: rendered.subject,
    body: rendered.body,
    ticketId: mail.ticketId ?? null,
    commentId: mail.commentId ?? null,
    event: mail.event,
    templateId: template.id,
    language: template.language,
    inReplyTo: mail.thread?.inReplyTo ?? null,
    references: mail.thread?.references ?? [],
    createdBy: mail.actorId,
    workflowTaskId: mail.workflowTaskId ?? null,
  });
  return queued.id;
}

/**
 * What a ticket event's mail needs, in one statement: the ticket's values, the assignee when the event names
 * one (only if they take ticket mail), the user with the customer's address when the customer is mailed, and
 * the event's templates with Settings → Basic.
 */
export const ticketMailFacts = preparedStatement<Record<string, unknown>>('email_ticket_mail_facts', () => {
  const $ = (name: keyof TicketMailFactsInput) => sql.placeholder(name);
  return sql`select ${ticketValueSelection.sql},
      case when ${$('assigneeId')}::integer is not null then (select to_jsonb(u) from (
        select ${appUser.id} as id, ${appUser.email} as email, ${userDisplayNameSql} as name,
          ${appUser.loginName} as "loginName", ${appUser.language} as language
        from ${appUser} where ${appUser.id} = ${$('assigneeId')}::integer and ${takesTicketMail}) u) end as "assigneeUser",
      case when ${$('customer')}::boolean then (select to_jsonb(u) from (${customerUserSql(sql`${ticket.customerEmail}`)}) u) end
        as "customerUser",
      ${mailSetupSql(sql`${$('event')}::text`)}
    from ${ticket} where ${ticket.id} = ${$('ticketId')}::integer`;
});
export type TicketMailFactsInput = {
  ticketId: number;
  assigneeId: number | null;
  customer: boolean;
  event: EmailEvent;
};
export const ticketValueSelection = prebuiltSelection(ticketValueColumns);

async function notifyTicket(tx: Tx, event: TicketEvent): Promise<void> {
  if (event.type === 'ticket.commented' && (!event.public || event.viaEmailId !== undefined)) return;
  // Nobody is mailed about their own action.
  if (event.type === 'ticket.assigned' && event.assigneeId === event.actorId) return;
  const mailEvent = eventOfTicket[event.type];
  const [raw] = await ticketMailFacts(tx, {
    ticketId: event.ticketId,
    assigneeId: event.type === 'ticket.assigned' ? event.assigneeId : null,
    customer: event.type !== 'ticket.assigned',
    event: mailEvent,
  } satisfies TicketMailFactsInput);
  if (!raw) return;
  const assigneeUser = raw.assigneeUser as UserRow | null;
  const customerUser = raw.customerUser as CustomerUser | null;
  const setup = mailSetupOf(raw as { basic: Record<string, unknown> | null; templates: TemplateRow[] });
  const found = ticketValuesFrom(ticketValueSelection.rowOf(raw));

  let recipient: Recipient | undefined;
  if (event.type === 'ticket.assigned') {
    recipient = assigneeUser ? recipientOf(assigneeUser) : undefined;
    if (!recipient) return;
  }
  // Scheduled tickets are recurring internal work: their customer is not told of each one made.
  if (event.type === 'ticket.created' && found.row.ticketFrom === 'Scheduled') return;
  if (event.type !== 'ticket.assigned') {
    recipient = await customerRecipient(
      tx,
      found.row.customerEmail,
      found.customerName,
      customerUser,
      setup.basic.language,
    );
    if (recipient?.userId != null && recipient.userId === event.actorId) return;
  }
  if (!recipient) return;

  const custom = await customTextsOf(tx, event.ticketId, recipient.language);
  const values: TemplateValues = { ticket: { ...found.values, custom }, link: found.values.link };
  let commentId: number | undefined;
  if (event.type === 'ticket.commented') {
    commentId = event.commentId;
    const comment = await commentValuesOf(tx, event.commentId);
    if (comment) values.comment = comment;
  }
  const viaEmailId = event.type === 'ticket.created' ? event.viaEmailId : undefined;
  // The assignee's notice stays out of the customer's thread; a ticket created here, not from a mail, has no
  // mail yet, so its thread starts with this one.
  let thread: Mail['thread'];
  if (event.type === 'ticket.created' && viaEmailId === undefined) thread = { inReplyTo: null, references: [] };
  else if (event.type !== 'ticket.assigned') thread = await threadOf(tx, event.ticketId, viaEmailId);
  await renderAndQueue(
    tx,
    {
      event: mailEvent,
      recipient,
      values,
      actorId: event.actorId,
      ticketId: event.ticketId,
      ...(commentId !== undefined ? { commentId } : {}),
      ...(thread ? { thread } : {}),
    },
    setup,
  );
}

async function mailUser(tx: Tx, event: Extract<DomainEvent, { type: 'user.mail' }>): Promise<void> {
  const [user] = await tx
    .select(userColumns)
    .from(appUser)
    .where(and(eq(appUser.id, event.userId), isNull(appUser.deletedAt)));
  const recipient = user && recipientOf(user);
  if (!recipient) return;
  const id = await renderAndQueue(tx, {
    event: event.event,
    recipient,
    values: nestValues(event.values),
    actorId: null,
  });
  if (id !== undefined) await event.onQueued?.(tx, id);
  // ForgotPassword answers alike whether or not the account exists (contract 17), so the requester cannot be
  // told that no mail goes out; the administrators are, in the system log.
  if (id !== undefined && event.event === 'passwordReset') {
    const [active] = await tx
      .select({ id: mailAccount.id })
      .from(mailAccount)
      .where(eq(mailAccount.status, 'Active'))
      .limit(1);
    if (!active)
      await writeSystemLog(tx, {
        level: 'warn',
        source: 'email',
        says: logMessage('resetMailWaits', { userId: event.userId, reason: msg(emailMessages, 'noAccount') }),
        detail: { emailId: id, userId: event.userId },
      });
  }
}

/**
 * E-mail notifications: the assignee on assignment; the customer on creation, public comment (never an internal
 * one, nor one that came or went by mail) and resolution; and the account mails other modules ask for
 * (`user.mail`) (approvals: `email-approval-notify.service.ts`; service-level
 * warnings and breaches: `email-sla-notify.service.ts`). Runs inside
 * the change's transaction, so the mail commits or rolls back with it.
 */
export const notifyByEmail: DomainEventHandler = async (tx, event) => {
  if (event.type === 'user.mail') await mailUser(tx, event);
  else if (isTicketEvent(event)) await notifyTicket(tx, event);
};
