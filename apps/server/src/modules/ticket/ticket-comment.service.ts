import { and, asc, count, eq, sql } from 'drizzle-orm';
import { messages, msg, ticketMergeMessages } from '@casedesk/shared';
import type { Db, Tx } from '../../platform/db.js';
import type { Actor } from '../../platform/actor.js';
import { present } from '../../platform/envelope.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { emitDomainEvent } from '../../platform/events.js';
import { htmlToText, sanitizeHtml } from '../../platform/html.js';
import { searchableText, weightedVector } from '../../platform/text-search.js';
import { userNameSql } from '../user/index.js';
import { fieldError } from './ticket-references.service.js';
import { findVisible, ticketVisible } from './ticket.service.js';
import { moveTicketClock } from './ticket-sla.service.js';
import { applyMentions, watchersToTell } from './ticket-watch.service.js';
import { ticket, ticketComment, ticketHistory } from './ticket.table.js';

export type CommentInput = {
  ticketId: number;
  comment: string;
  public: boolean;
  /** The comment came from an incoming mail or goes out as a reply mail: no notification mail on top. */
  viaEmailId?: number;
};

export async function addComment(db: Db, actor: Actor, input: CommentInput) {
  return db.transaction((tx) => addCommentIn(tx, actor, input));
}

/** The comment write inside the caller's transaction (a reply by e-mail writes its mail in the same one). */
export async function addCommentIn(tx: Tx, actor: Actor, input: CommentInput) {
  const found = await findVisible(tx, actor, input.ticketId, true);
  if (!found) throw notFound();
  // A merged ticket's conversation goes on in its target.
  if (found.status === 'Merged') throw badRequest(msg(ticketMergeMessages, 'mergedIsFinal'));
  const text = sanitizeHtml(input.comment);
  if (htmlToText(text).trim() === '' && !/<img/i.test(text)) throw fieldError('comment', msg(messages, 'required'));
  const [row] = await tx
    .insert(ticketComment)
    .values({
      ticketId: input.ticketId,
      comment: text,
      public: input.public,
      createdBy: actor.userId,
      modifiedBy: actor.userId,
    })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  // The comment becomes searchable in the same transaction.
  await tx
    .update(ticket)
    .set({
      searchComments: sql`${ticket.searchComments} || ${weightedVector(searchableText(htmlToText(text)), 'D')}`,
    })
    .where(eq(ticket.id, input.ticketId));
  await tx.insert(ticketHistory).values({
    ticketId: input.ticketId,
    actorId: actor.userId,
    kind: 'comment',
    commentId: row.id,
    public: input.public,
  });
  // The desk's first public reply (a comment, or a mail sent from the ticket) is the first response.
  if (input.public) await moveTicketClock(tx, input.ticketId, { publicReply: true });
  const mentions = await applyMentions(tx, actor, found, text);
  await emitDomainEvent(tx, {
    type: 'ticket.commented',
    ticketId: input.ticketId,
    commentId: row.id,
    public: input.public,
    actorId: actor.userId,
    ...(input.viaEmailId !== undefined ? { viaEmailId: input.viaEmailId } : {}),
    mentionedIds: mentions.told,
    watcherIds: await watchersToTell(tx, input.ticketId, [actor.userId, ...mentions.told]),
  });
  return { ...row, createdByName: actor.loginName, refusedMentions: mentions.refused };
}

export async function listComments(
  db: Db,
  actor: Actor,
  query: { ticketId: number; page: number; pageSize: number; public?: boolean },
) {
  if (!(await ticketVisible(db, actor, query.ticketId))) throw notFound();
  const where = and(
    eq(ticketComment.ticketId, query.ticketId),
    query.public === undefined ? undefined : eq(ticketComment.public, query.public),
  );
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: ticketComment.id,
        rowVersion: ticketComment.rowVersion,
        createdAt: ticketComment.createdAt,
        createdBy: ticketComment.createdBy,
        modifiedAt: ticketComment.modifiedAt,
        modifiedBy: ticketComment.modifiedBy,
        ticketId: ticketComment.ticketId,
        comment: ticketComment.comment,
        public: ticketComment.public,
        createdByName: userNameSql(ticketComment.createdBy),
      })
      .from(ticketComment)
      .where(where)
      .orderBy(asc(ticketComment.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(ticketComment).where(where),
  ]);
  return { items: items.map((i) => present(i)), total: total?.n ?? 0 };
}

/** One comment, if the ticket it belongs to is visible to the actor. */
export async function getComment(db: Db, actor: Actor, id: number) {
  const [row] = await db
    .select({ ticketId: ticketComment.ticketId })
    .from(ticketComment)
    .where(eq(ticketComment.id, id));
  if (!row) throw notFound();
  const page = await listComments(db, actor, { ticketId: row.ticketId, page: 1, pageSize: 500 });
  const found = page.items.find((c) => c.id === id);
  if (!found) throw notFound();
  return found;
}
