import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.js';
import { escapeHtml } from '../../platform/html.js';
import { languageFrom, textAt, type Language } from '../../platform/translator.js';
import { appUser } from '../user/index.js';
import { decideByMail, type MailRefusal } from '../workflow/index.js';
import { replyDecisionOf } from './email-approval-reply.js';
import { isOurMessageId, queueEmail } from './email-outbox.service.js';
import type { ParsedMail } from './email-parse.js';
import type { Decision } from './email-thread.service.js';
import { email } from './email.table.js';

type ReplyRefusal = MailRefusal | 'refused' | 'unknownWord';

/** The approval-task mail a reply answers: one of our signed Message-IDs, In-Reply-To first, then References newest first. */
async function taskMailOf(tx: Tx, parsed: ParsedMail) {
  const ids = [parsed.inReplyTo, ...[...parsed.references].reverse()].filter(
    (id): id is string => id !== null && isOurMessageId(id),
  );
  if (ids.length === 0) return undefined;
  const found = await tx
    .select({
      id: email.id,
      messageId: email.messageId,
      subject: email.subject,
      language: email.language,
      taskId: email.workflowTaskId,
    })
    .from(email)
    .where(and(inArray(email.messageId, ids), eq(email.direction, 'Out'), isNotNull(email.workflowTaskId)));
  for (const id of ids) {
    const mail = found.find((f) => f.messageId === id);
    if (mail) return { ...mail, taskId: mail.taskId! };
  }
  return undefined;
}

/** The sender's language: the user with that address, else the language the task mail was written in. */
async function senderLanguage(tx: Tx, address: string, mailLanguage: string | null): Promise<Language> {
  const [user] = address
    ? await tx
        .select({ language: appUser.language })
        .from(appUser)
        .where(sql`lower(${appUser.email}) = ${address}`)
        .limit(1)
    : [];
  return languageFrom(user?.language) ?? languageFrom(mailLanguage) ?? 'en';
}

/** A short answer to a reply that decided nothing, in the sender's language, threaded under their mail. */
async function answerSender(
  tx: Tx,
  parsed: ParsedMail,
  taskMail: { subject: string; language: string | null },
  why: { refusal: ReplyRefusal; text?: string },
) {
  const to = parsed.from?.address;
  if (!to) return;
  const language = await senderLanguage(tx, to, taskMail.language);
  const say = (key: string) => textAt(language, `workflow.mailReply.${key}`) ?? key;
  const reason = say(why.refusal).replace('{{reason}}', why.text ?? '');
  await queueEmail(tx, {
    to: [to],
    subject: `${say('subject')}: ${taskMail.subject}`.slice(0, 900),
    body: `<p>${escapeHtml(reason)}</p><p>${escapeHtml(say('nothingChanged'))}</p>`,
    language,
    inReplyTo: parsed.messageId,
    references: [...parsed.references, ...(parsed.messageId ? [parsed.messageId] : [])].slice(-20),
  });
}

/**
 * A reply to one of our approval-task mails (contract 22): its first word decides the task when it comes from the
 * assignee's own address (the address, never the display name) and the task still waits; anything else is kept as
 * an ignored mail with the reason, and the sender is told why. Null: the mail answers no task mail.
 */
export async function approvalReplyDecision(tx: Tx, parsed: ParsedMail): Promise<Decision | null> {
  const taskMail = await taskMailOf(tx, parsed);
  if (!taskMail) return null;
  const sender = parsed.from?.address ?? '';
  const said = replyDecisionOf(parsed.text);
  const outcome: { refusal: ReplyRefusal | null; text?: string } = said.action
    ? await decideByMail(tx, {
        taskId: taskMail.taskId,
        senderAddress: sender,
        action: said.action,
        comment: said.comment,
        now: new Date(),
      })
    : { refusal: 'unknownWord' };
  const about = { ticketId: null, commentId: null, relatedEmailId: taskMail.id };
  if (outcome.refusal === null)
    return {
      status: 'Received',
      reason: 'approvalReply',
      detail: `${said.action} on approval task #${taskMail.taskId} by ${sender}, answering e-mail #${taskMail.id}`,
      ...about,
    };
  await answerSender(tx, parsed, taskMail, { refusal: outcome.refusal, text: outcome.text });
  const first = said.firstLine.slice(0, 60);
  return {
    status: 'Ignored',
    reason: 'approvalReplyIgnored',
    detail: `${outcome.refusal}${outcome.text ? ` (${outcome.text})` : ''}: from ${sender || 'no address'}, first line "${first}", answering e-mail #${taskMail.id} of approval task #${taskMail.taskId}`,
    ...about,
  };
}
