import { and, desc, eq, isNotNull, ne } from 'drizzle-orm';
import { emailMessages, msg, type TicketReply } from '@casedesk/shared';
import { hasPermission } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';
import type { Db } from '../../platform/db.js';
import { fieldRefusal, forbidden } from '../../platform/errors.js';
import { sanitizeHtml } from '../../platform/html.js';
import { addCommentIn, ticket } from '../ticket/index.js';
import { queueEmail } from './email-outbox.service.js';
import { customerConversation } from './email-notify.service.js';
import { attachFiles, attachmentLimitBytes, emailAnswer, type EmailAnswer } from './email.service.js';
import { email } from './email.table.js';

/** At most this many ids in `References` (the oldest, the thread's root, is kept first). */
const maxReferences = 20;

/**
 * `POST Email/Reply`: the agent answers the customer from the ticket. One transaction writes the public comment,
 * the queued mail (threaded on the newest mail of the customer's conversation, never an assignee's notice) and the `ticket.commented` event with `viaEmailId`, so
 * the notification handler sends no second mail. Whoever may comment (`ticket:edit` and sees the ticket) and holds
 * `email:send` (the route's permission) may reply; a refusal writes neither comment nor mail.
 */
export async function replyToTicket(db: Db, actor: Actor, input: TicketReply): Promise<EmailAnswer> {
  if (!hasPermission(actor, 'ticket:edit')) throw forbidden();
  const limit = await attachmentLimitBytes(db);
  const body = sanitizeHtml(input.body);
  const id = await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ caseNumber: ticket.caseNumber, subject: ticket.subject, customerEmail: ticket.customerEmail })
      .from(ticket)
      .where(eq(ticket.id, input.ticketId));
    const to = input.to ?? (target?.customerEmail ? [target.customerEmail.trim()] : []);
    const [newest] = await tx
      .select({ messageId: email.messageId, references: email.references })
      .from(email)
      .where(
        and(
          eq(email.ticketId, input.ticketId),
          isNotNull(email.messageId),
          ne(email.status, 'Draft'),
          customerConversation,
        ),
      )
      .orderBy(desc(email.id))
      .limit(1);
    const references = newest ? threadOf(newest.references, newest.messageId!) : [];
    // The mail first, so that the comment's event names it (no notification mail on top of the reply); the
    // comment then checks that the actor sees the ticket (404 otherwise, and the whole transaction rolls back).
    const queued = await queueEmail(tx, {
      to,
      cc: input.cc,
      subject: target ? `Re: [${target.caseNumber}] ${target.subject}` : '',
      body,
      ticketId: target ? input.ticketId : null,
      attachments: input.attachments,
      inReplyTo: newest?.messageId ?? null,
      references,
      createdBy: actor.userId,
    });
    const comment = await addCommentIn(tx, actor, {
      ticketId: input.ticketId,
      comment: body,
      public: true,
      viaEmailId: queued.id,
    });
    if (to.length === 0) throw fieldRefusal('to', msg(emailMessages, 'noTicketAddress'));
    await tx.update(email).set({ commentId: comment.id }).where(eq(email.id, queued.id));
    await attachFiles(tx, actor, queued.id, input.attachments, limit);
    return queued.id;
  });
  const [row] = await db.select().from(email).where(eq(email.id, id));
  return emailAnswer(row!);
}

/** `References` of a reply: the parent's references then the parent, the root kept when trimming. */
export function threadOf(parentReferences: string[], parentId: string): string[] {
  const chain = [...parentReferences.filter((id) => id !== parentId), parentId];
  if (chain.length <= maxReferences) return chain;
  return [chain[0]!, ...chain.slice(chain.length - (maxReferences - 1))];
}
