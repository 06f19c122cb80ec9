import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  msg,
  templateLanguages,
  textModuleMessages,
  type Message,
  type TemplateLanguage,
  type TextModule,
  type TextModuleCreate,
  type TextModuleRender,
  type TextModuleUpdate,
} from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import type { Db, Tx } from '../../platform/db.js';
import { AppError, fieldRefusal, notFound } from '../../platform/errors.js';
import { sanitizeHtml } from '../../platform/html.js';
import { formatMoment } from '../../platform/zoned-time.js';
import {
  bodyTemplateProblem,
  renderTemplate,
  ticketValueColumns,
  ticketValuesFrom,
  wordedValues,
  type TemplateValues,
} from '../email/index.js';
import { ticket, visibleSql } from '../ticket/index.js';
import { appUser, userDisplayNameSql } from '../user/index.js';
import { userGroup } from '../userGroup/index.js';
import { managesReplies } from './text-module.policy.js';
import { textModuleResource } from './text-module.resource.js';
import { textModule } from './text-module.table.js';

/** A reply as read: the table's row with its owner's and groups' names. */
export type TextModuleRow = typeof textModule.$inferSelect & Pick<TextModule, 'ownerName' | 'groupNames'>;

/** A body that does not parse is refused on save with where it stops, so Render never meets one. */
function checkBody(body: string): void {
  const near = bodyTemplateProblem(body);
  if (near !== undefined) throw fieldRefusal('body', msg(textModuleMessages, 'bodySyntax', { near }));
}

/** Rules of a save beyond the schema, inside its transaction: the body parses and the groups exist. */
export async function checkTextModule(tx: Tx, input: TextModuleCreate | TextModuleUpdate): Promise<void> {
  checkBody(input.body);
  if (input.groupIds.length === 0) return;
  const found = await tx.select({ id: userGroup.id }).from(userGroup).where(inArray(userGroup.id, input.groupIds));
  if (found.length !== input.groupIds.length) throw fieldRefusal('groupIds', msg(textModuleMessages, 'unknownGroups'));
}

const shareRefusal = () => new AppError('FORBIDDEN', msg(textModuleMessages, 'shareNeedsManage'));

/** Add: a shared reply is a manager's to make; the body is stored sanitised (it becomes a comment's HTML). */
export function addTextModule(db: Db, actor: Actor, input: TextModuleCreate): Promise<TextModuleRow> {
  if (input.shared && !managesReplies(actor)) throw shareRefusal();
  return textModuleResource.generic.add(db, actor, { ...input, body: sanitizeHtml(input.body) });
}

/** Update (the policy already allowed this reply): sharing a private one is a manager's too. */
export function updateTextModule(db: Db, actor: Actor, input: TextModuleUpdate): Promise<TextModuleRow> {
  if (input.shared && !managesReplies(actor)) throw shareRefusal();
  return textModuleResource.generic.update(db, actor, { ...input, body: sanitizeHtml(input.body) });
}

const languageOf = (value: string | null | undefined): TemplateLanguage =>
  templateLanguages.includes(value as TemplateLanguage) ? (value as TemplateLanguage) : 'en';

/**
 * `POST TextModule/Render`: the reply filled in against a ticket, both as the caller sees them (either unseen is
 * 404). Values are worded in the reply's language (the caller's for a reply in every language) and HTML-escaped
 * by the e-mail templates' sandbox.
 */
export async function renderTextModule(db: Db, actor: Actor, input: TextModuleRender): Promise<{ body: string }> {
  const reply = await textModuleResource.generic.get(db, actor, input.id);
  const [row] = await db
    .select({ ...ticketValueColumns, dueDate: ticket.dueDate })
    .from(ticket)
    .where(and(eq(ticket.id, input.ticketId), visibleSql(actor)));
  if (!row) throw notFound();
  const [me] = await db
    .select({
      name: userDisplayNameSql,
      firstName: sql<string>`coalesce(${appUser.realName}, ${userDisplayNameSql})`,
      email: appUser.email,
      timeZone: appUser.timeZone,
    })
    .from(appUser)
    .where(eq(appUser.id, actor.userId));
  const language = reply.language === 'all' ? languageOf(actor.language) : reply.language;
  const { values: ticketValues, customerName } = ticketValuesFrom(row);
  const values: TemplateValues = {
    ticket: {
      ...ticketValues,
      dueDate: row.dueDate ? formatMoment(new Date(row.dueDate), language, me?.timeZone) : '',
    },
    customer: {
      name: customerName,
      firstName: row.firstName ?? '',
      lastName: row.lastName ?? '',
      email: row.customerEmail ?? '',
    },
    agent: { name: me?.name ?? '', firstName: me?.firstName ?? '', email: me?.email ?? '' },
  };
  try {
    const rendered = await renderTemplate({ subject: '', body: reply.body }, wordedValues(values, language));
    return { body: rendered.body };
  } catch {
    // A stored body parses (checked on save); what is left is a render limit or a filter's refusal.
    throw fieldRefusal('body', msg(textModuleMessages, 'renderFailed'));
  }
}

/** A group a shared reply names may not be deleted (the reply would widen to everyone): the group module asks. */
export async function sharedWithGroupsRefusal(tx: Tx, groupIds: number[]): Promise<Message | undefined> {
  const [reply] = await tx
    .select({ name: textModule.name })
    .from(textModule)
    .where(sql`${textModule.groupIds} && ${sql`array[${sql.join(groupIds, sql`, `)}]::int[]`}`)
    .limit(1);
  return reply && msg(textModuleMessages, 'sharedWithGroup', { name: reply.name });
}
