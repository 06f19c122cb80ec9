import { and, desc, eq, ne, sql } from 'drizzle-orm';
import {
  composeFullName,
  emailTemplateMessages,
  emailTemplateVariables,
  type EmailTemplateCreate,
  type EmailTemplateUpdate,
  msg,
  type TemplateLanguage,
  templateLanguages,
} from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import type { Db, Queryable, SelectionRow, Tx } from '../../platform/db.js';
import { fieldRefusal, notFound } from '../../platform/errors.js';
import { formatMoment } from '../../platform/zoned-time.js';
import { appSetting } from '../setting/index.js';
import { customTextsOf, ticket, ticketComment, visibleSql } from '../ticket/index.js';
import { appUser, userDisplayNameSql, userNameSql } from '../user/index.js';
import {
  checkTemplateSyntax,
  nestValues,
  plainTextOf,
  renderForCaller,
  ticketLinkOf,
  type TemplateValues,
} from './email-render.service.js';
import { emailTemplate } from './email.table.js';
import { wordedValues } from './email-words.js';

type TemplateRow = typeof emailTemplate.$inferSelect;

// A 400 with the field (a 409 carries no field errors in the envelope), so the form marks the field.
const taken = fieldRefusal;

/**
 * Rules of a save beyond the schema, inside its transaction: both texts parse, the name is free, and at most one
 * active template answers an event in a language (the unique indexes hold the same under a race).
 */
export async function checkTemplate(
  tx: Tx,
  input: EmailTemplateCreate | EmailTemplateUpdate,
  id: number | undefined,
): Promise<void> {
  if (input.subject !== undefined) checkTemplateSyntax('subject', input.subject);
  if (input.body !== undefined) checkTemplateSyntax('body', input.body);
  const [before] = id === undefined ? [] : await tx.select().from(emailTemplate).where(eq(emailTemplate.id, id));
  const defined = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const after = { ...before, ...defined } as Partial<TemplateRow>;
  const others = id === undefined ? undefined : ne(emailTemplate.id, id);
  if (after.name) {
    const [same] = await tx
      .select({ id: emailTemplate.id })
      .from(emailTemplate)
      .where(and(sql`lower(${emailTemplate.name}) = lower(${after.name})`, others));
    if (same) throw taken('name', msg(emailTemplateMessages, 'templateNameTaken'));
  }
  if (after.status === 'Active' && after.event) {
    const [same] = await tx
      .select({ id: emailTemplate.id })
      .from(emailTemplate)
      .where(
        and(
          eq(emailTemplate.event, after.event),
          eq(emailTemplate.language, after.language ?? 'en'),
          eq(emailTemplate.status, 'Active'),
          others,
        ),
      );
    if (same) throw taken('event', msg(emailTemplateMessages, 'templateEventTaken'));
  }
}

const languageOf = (value: string | null | undefined): TemplateLanguage =>
  templateLanguages.includes(value as TemplateLanguage) ? (value as TemplateLanguage) : 'en';

/** The product title and default language (Settings → Basic), read inside the caller's transaction. */
export async function basicSettingsIn(q: Queryable): Promise<BasicMailSettings> {
  const [row] = await q.select({ value: appSetting.value }).from(appSetting).where(eq(appSetting.groupName, 'basic'));
  return basicMailSettingsOf(row?.value);
}

export type BasicMailSettings = { productTitle: string; language: TemplateLanguage };

/** What mails take of the stored Settings → Basic value (defaults when it is missing). */
export function basicMailSettingsOf(value: Record<string, unknown> | null | undefined): BasicMailSettings {
  const language = value?.defaultLanguage;
  return {
    productTitle: typeof value?.productTitle === 'string' ? value.productTitle : 'Casedesk',
    language: templateLanguages.includes(language as TemplateLanguage) ? (language as TemplateLanguage) : 'en',
  };
}

/** The ticket columns a mail's values come from (and what the notifications need to choose recipients). */
export const ticketValueColumns = {
  id: ticket.id,
  caseNumber: ticket.caseNumber,
  subject: ticket.subject,
  status: ticket.status,
  priority: ticket.priority,
  content: ticket.content,
  customer: ticket.customer,
  customerEmail: ticket.customerEmail,
  firstName: ticket.firstName,
  lastName: ticket.lastName,
  ticketFrom: ticket.ticketFrom,
  assignTo: ticket.assignTo,
  assigneeName: userNameSql(ticket.assignTo),
  projectName: sql<string | null>`(select p.project_name from project p where p.id = ${ticket.projectId})`,
  categoryName: sql<string | null>`(select c.category_description from category c where c.id = ${ticket.categoryId})`,
};
type TicketValueRow = SelectionRow<typeof ticketValueColumns>;

/** A ticket's template values from its row. */
export function ticketValuesFrom(row: TicketValueRow) {
  const customerName = row.customer?.trim() || composeFullName(row.firstName?.trim(), row.lastName?.trim());
  const values: TemplateValues = {
    caseNumber: row.caseNumber,
    subject: row.subject,
    status: row.status,
    priority: row.priority,
    content: plainTextOf(row.content),
    link: ticketLinkOf(row.id),
    assigneeName: row.assigneeName ?? '',
    customer: customerName,
    projectName: row.projectName ?? '',
    categoryName: row.categoryName ?? '',
  };
  return { row, values, customerName };
}

/**
 * What an agent's own text (a canned reply, a macro's comment) is filled in with: the ticket, its customer and the
 * agent (`actor`), worded in `language` (a status as that reader says it) with the due date in the agent's time zone.
 * Undefined when the ticket is not one the agent may see.
 */
export async function agentTextValues(
  q: Queryable,
  actor: Actor,
  ticketId: number,
  language: TemplateLanguage,
): Promise<TemplateValues | undefined> {
  const [row] = await q
    .select({ ...ticketValueColumns, dueDate: ticket.dueDate })
    .from(ticket)
    .where(and(eq(ticket.id, ticketId), visibleSql(actor)));
  if (!row) return undefined;
  const [me] = await q
    .select({
      name: userDisplayNameSql,
      firstName: sql<string>`coalesce(${appUser.realName}, ${userDisplayNameSql})`,
      email: appUser.email,
      timeZone: appUser.timeZone,
    })
    .from(appUser)
    .where(eq(appUser.id, actor.userId));
  const { values: ticketValues, customerName } = ticketValuesFrom(row);
  const values: TemplateValues = {
    ticket: {
      ...ticketValues,
      dueDate: row.dueDate ? formatMoment(new Date(row.dueDate), language, me?.timeZone) : '',
      custom: await customTextsOf(q, ticketId, language),
    },
    customer: {
      name: customerName,
      firstName: row.firstName ?? '',
      lastName: row.lastName ?? '',
      email: row.customerEmail ?? '',
    },
    agent: { name: me?.name ?? '', firstName: me?.firstName ?? '', email: me?.email ?? '' },
  };
  return wordedValues(values, language);
}

/** A ticket's template values (and what the notifications need to choose recipients), or undefined. */
export async function ticketValuesOf(q: Queryable, ticketId: number, visibleTo?: Actor) {
  const [row] = await q
    .select(ticketValueColumns)
    .from(ticket)
    .where(and(eq(ticket.id, ticketId), visibleTo ? visibleSql(visibleTo) : undefined));
  return row && ticketValuesFrom(row);
}

/** A comment's template values. */
export async function commentValuesOf(q: Queryable, commentId: number): Promise<TemplateValues | undefined> {
  const [row] = await q
    .select({
      comment: ticketComment.comment,
      authorName: userNameSql(ticketComment.createdBy),
    })
    .from(ticketComment)
    .where(eq(ticketComment.id, commentId));
  return row ? { body: plainTextOf(row.comment), authorName: row.authorName ?? '' } : undefined;
}

/** The picker's sample values (the preview without a ticket, and what a ticket leaves unfilled). */
export function sampleValues(): TemplateValues {
  return nestValues(Object.fromEntries(emailTemplateVariables.map((v) => [v.name, v.example])));
}

type PreviewInput = {
  id?: number | undefined;
  subject?: string | undefined;
  body?: string | undefined;
  ticketId?: number | undefined;
};

/**
 * `POST Preview`: a stored template (or unsaved texts over it) rendered against a ticket the caller may see
 * (404 otherwise: the same as one that does not exist), else against the sample values.
 */
export async function previewTemplate(db: Db, actor: Actor, input: PreviewInput) {
  let stored: TemplateRow | undefined;
  if (input.id !== undefined) {
    [stored] = await db.select().from(emailTemplate).where(eq(emailTemplate.id, input.id));
    if (!stored) throw notFound();
  }
  const texts = { subject: input.subject ?? stored?.subject ?? '', body: input.body ?? stored?.body ?? '' };
  const settings = await basicSettingsIn(db);
  const values: TemplateValues = { ...sampleValues(), system: { name: settings.productTitle } };
  const [me] = await db
    .select({ name: userDisplayNameSql, loginName: appUser.loginName })
    .from(appUser)
    .where(eq(appUser.id, actor.userId));
  if (me) values.user = { name: me.name, loginName: me.loginName };
  if (input.ticketId !== undefined) {
    const found = await ticketValuesOf(db, input.ticketId, actor);
    if (!found) throw notFound();
    values.ticket = found.values;
    values.link = found.values.link;
    // The latest public comment, when there is one, stands in for the comment of a comment mail.
    const [latest] = await db
      .select({ id: ticketComment.id })
      .from(ticketComment)
      .where(and(eq(ticketComment.ticketId, input.ticketId), eq(ticketComment.public, true)))
      .orderBy(desc(ticketComment.id))
      .limit(1);
    const comment = latest ? await commentValuesOf(db, latest.id) : undefined;
    if (comment) values.comment = comment;
  }
  // Worded as the template's readers read them: in its language (the caller's while it is not saved).
  return renderForCaller(texts, wordedValues(values, stored?.language ?? languageOf(actor.language)));
}
