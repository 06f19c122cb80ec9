import { inArray } from 'drizzle-orm';
import {
  msg,
  templateLanguages,
  textModuleMessages,
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
import { agentTextValues, bodyTemplateProblem, renderTemplate } from '../email/index.js';
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
  const language = reply.language === 'all' ? languageOf(actor.language) : reply.language;
  const values = await agentTextValues(db, actor, input.ticketId, language);
  if (!values) throw notFound();
  try {
    return { body: (await renderTemplate({ subject: '', body: reply.body }, values)).body };
  } catch {
    // A stored body parses (checked on save); what is left is a render limit or a filter's refusal.
    throw fieldRefusal('body', msg(textModuleMessages, 'renderFailed'));
  }
}
