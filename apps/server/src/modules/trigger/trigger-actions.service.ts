import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  msg,
  normalizeTag,
  triggerMessages,
  templateLanguages,
  ticketTagsSchema,
  type TemplateLanguage,
  type TriggerAction,
  type TriggerEvent,
} from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import type { Tx } from '../../platform/db.js';
import { conflict, invalidInput } from '../../platform/errors.js';
import { userDirectory } from '../../platform/user-directory.js';
import { agentTextValues, emailTemplate, queueEmail, renderTemplate } from '../email/index.js';
import { writeNotification } from '../notification/index.js';
import { readSettings } from '../setting/index.js';
import { addCommentIn, changeTicketIn, tagsOfTicket, type TicketRecord } from '../ticket/index.js';
import { appUser } from '../user/index.js';
import { queueWebhooks, webhookTicketSummary } from '../webhook/index.js';
import type { Changes } from './trigger-conditions.js';

type Settings = Awaited<ReturnType<typeof readSettings>>;

/** What one trigger's actions work with: the ticket as it is now (each action moves it on) and who acts. */
export type ActionRun = {
  actor: Actor;
  trigger: { id: number; name: string };
  event: TriggerEvent;
  changes: Changes | undefined;
  settings: Settings;
  current: TicketRecord;
  /** How many actions did something beyond fields (a comment, a mail, a bell, a webhook). */
  sent: number;
};

const languageOf = (value: string | null | undefined): TemplateLanguage =>
  templateLanguages.includes(value as TemplateLanguage) ? (value as TemplateLanguage) : 'en';

async function tagsAfter(tx: Tx, ticketId: number, add: string[], remove: string[]): Promise<string[]> {
  const before = await tagsOfTicket(tx, ticketId);
  const removed = new Set(remove.map(normalizeTag));
  const after = [...new Set([...before, ...add.map(normalizeTag)])].filter((tag) => !removed.has(tag));
  const parsed = ticketTagsSchema.safeParse(after);
  if (!parsed.success) throw invalidInput(parsed.error.issues.map((issue) => ({ field: 'tags', issue })));
  return parsed.data;
}

/** The mail's addresses: the ticket's customer, its assignee or the users named (active, with an address). */
async function mailAddresses(tx: Tx, to: 'customer' | 'assignee' | number[], record: TicketRecord) {
  if (to === 'customer') return record.customerEmail?.trim() ? [record.customerEmail.trim()] : [];
  const ids = to === 'assignee' ? (record.assignTo === null ? [] : [record.assignTo]) : to;
  if (ids.length === 0) return [];
  const users = await tx
    .select({ email: appUser.email })
    .from(appUser)
    .where(and(inArray(appUser.id, ids), eq(appUser.status, 'Active'), isNull(appUser.deletedAt)));
  return users.map((user) => user.email?.trim()).filter((address): address is string => Boolean(address));
}

/** The named template, rendered with the ticket's values in the template's own language, queued per address. */
async function sendMail(tx: Tx, run: ActionRun, mail: NonNullable<TriggerAction['mail']>) {
  const [template] = await tx
    .select()
    .from(emailTemplate)
    .where(and(eq(emailTemplate.id, mail.templateId), eq(emailTemplate.status, 'Active')));
  // Checked at save; deactivated or deleted since, the run says which in the reader's language.
  if (!template) throw conflict(msg(triggerMessages, 'templateUnknown'));
  const language = languageOf(template.language);
  const values = (await agentTextValues(tx, run.actor, run.current.id, language)) ?? {};
  const rendered = await renderTemplate({ subject: template.subject, body: template.body }, values);
  for (const address of await mailAddresses(tx, mail.to, run.current))
    await queueEmail(tx, {
      to: [address],
      subject: rendered.subject,
      body: rendered.body,
      ticketId: run.current.id,
      templateId: template.id,
      language,
      createdBy: run.actor.userId,
    });
}

async function ringBell(tx: Tx, run: ActionRun, notify: NonNullable<TriggerAction['notify']>) {
  const ids = new Set(notify.userIds);
  for (const groupId of notify.groupIds)
    for (const member of await userDirectory().groupMembers(tx, groupId))
      if (member.status === 'Active') ids.add(member.id);
  for (const toUserId of ids)
    await writeNotification(tx, {
      toUserId,
      fromUserId: null,
      msType: 'system',
      title: { key: 'ticketTrigger', values: { trigger: run.trigger.name, caseNumber: run.current.caseNumber } },
      content: notify.text ?? run.current.subject,
      linkData: { path: `/ticket/info/${run.current.id}`, entity: 'Ticket', id: run.current.id },
    });
}

/**
 * One action through the ticket module's own paths: fields and tags by the bulk edit's change (its checks, clock,
 * history with the trigger named, events), a comment as an agent writes one, mails and webhooks into their outboxes.
 */
export async function runAction(tx: Tx, run: ActionRun, action: TriggerAction): Promise<void> {
  const why = { trigger: { from: null, to: run.trigger.name } };
  if (action.set) run.current = await changeTicketIn(tx, run.actor, run.current, action.set, run.settings, why);
  if (action.addTags || action.removeTags) {
    const tags = await tagsAfter(tx, run.current.id, action.addTags ?? [], action.removeTags ?? []);
    run.current = await changeTicketIn(tx, run.actor, run.current, { tags }, run.settings, why);
  }
  if (action.comment) {
    const language = languageOf(run.actor.language);
    const values = (await agentTextValues(tx, run.actor, run.current.id, language)) ?? {};
    const { body } = await renderTemplate({ subject: '', body: action.comment.body }, values);
    await addCommentIn(tx, run.actor, { ticketId: run.current.id, comment: body, public: action.comment.public });
    run.sent += 1;
  }
  if (action.mail) {
    await sendMail(tx, run, action.mail);
    run.sent += 1;
  }
  if (action.notify) {
    await ringBell(tx, run, action.notify);
    run.sent += 1;
  }
  if (action.webhookId !== undefined) {
    // The ticket in the shape the webhook module sends it for its own events (one payload for receivers to read).
    const ticketData = await webhookTicketSummary(tx, run.current.id);
    const data = { ticket: ticketData, ...(run.changes ? { changes: run.changes } : {}) };
    await queueWebhooks(
      tx,
      { event: run.event, data, ticketId: run.current.id, triggerId: run.trigger.id },
      { webhookIds: [action.webhookId] },
    );
    run.sent += 1;
  }
}
