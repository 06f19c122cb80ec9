import { and, eq, sql } from 'drizzle-orm';
import type { TicketPriority, TicketStatus } from '@casedesk/shared';
import { rowsOf, type Tx } from '../../platform/db.js';
import { emitDomainEvent } from '../../platform/events.js';
import { htmlToText } from '../../platform/html.js';
import { searchableText, weightedVector } from '../../platform/text-search.js';
import { category } from '../category/index.js';
import { stoppedClock } from '../sla/index.js';
import { appUser } from '../user/index.js';
import { moveTicketClock, movedClock, startHold } from './ticket-sla.service.js';
import { mergeTargetOf } from './ticket-merge.service.js';
import { ticketSearchDoc, type Changes } from './ticket.service.js';
import { watchersToTell } from './ticket-watch.service.js';
import { ticket, ticketComment, ticketHistory } from './ticket.table.js';

/**
 * Tickets and comments written by incoming mail. There is no user actor: the sender is a customer, so
 * `createdBy` and the timeline's actor are null (the timeline shows no user name; the e-mail row linked to the
 * ticket or comment says who wrote). Every write runs in the caller's transaction, with the mail's row.
 */

export type TicketFromEmail = {
  projectId: number;
  categoryId: number | null;
  subject: string;
  /** Sanitised HTML. */
  content: string;
  customerEmail: string | null;
  customerName: string | null;
  viaEmailId: number;
  /** Settings the caller read before its transaction. */
  caseNumberPrefix: string;
  timeZone: string;
};

const priority: TicketPriority = 'Medium';

export async function createTicketFromEmail(
  tx: Tx,
  input: TicketFromEmail,
): Promise<{ id: number; caseNumber: string }> {
  // The category's default assignee takes the ticket, as for a ticket made on the web; an inactive category is left out.
  let categoryId: number | null = null;
  let assignee: number | null = null;
  if (input.categoryId !== null) {
    const [cat] = await tx
      .select({ id: category.id, assignee: category.newTicketAssignee, assigneeStatus: appUser.status })
      .from(category)
      .leftJoin(appUser, eq(appUser.id, category.newTicketAssignee))
      .where(and(eq(category.id, input.categoryId), eq(category.categoryStatus, 'Active')));
    if (cat) {
      categoryId = cat.id;
      assignee = cat.assigneeStatus === 'Active' ? cat.assignee : null;
    }
  }
  const openDate = new Date();
  const [seq] = await rowsOf<{ n: string }>(tx, sql`select nextval('ticket_case_seq')::text as n`);
  const n = seq?.n ?? '';
  const caseNumber = `${input.caseNumberPrefix}-${openDate.getUTCFullYear()}-${n.padStart(6, '0')}`;
  const [first, ...rest] = (input.customerName ?? '').trim().split(/\s+/);
  const status: TicketStatus = assignee !== null ? 'Assigned' : 'New';
  const clockTicket = {
    openDate,
    status,
    priority,
    projectId: input.projectId,
    categoryId,
    companyId: null,
    ticketType: null,
  };
  const { clock } = await movedClock(tx, undefined, stoppedClock, clockTicket, { now: openDate });
  const fields = {
    caseNumber,
    subject: input.subject.slice(0, 500) || '(no subject)',
    content: input.content,
    customerEmail: input.customerEmail,
    customer: input.customerName || null,
    firstName: first || null,
    lastName: rest.join(' ') || null,
    telephone: null,
  };
  const [row] = await tx
    .insert(ticket)
    .values({
      ...fields,
      status,
      priority,
      projectId: input.projectId,
      categoryId,
      assignTo: assignee,
      ticketFrom: 'Email',
      openDate,
      ...clock,
      searchDoc: ticketSearchDoc(fields),
    })
    .returning({ id: ticket.id });
  if (!row) throw new Error('insert returned nothing');
  await startHold(tx, row.id, clock, status, openDate);
  const changes: Changes = { status: { from: null, to: status } };
  if (assignee !== null) changes.assignTo = { from: null, to: assignee };
  await tx.insert(ticketHistory).values({ ticketId: row.id, actorId: null, kind: 'created', changes });
  await emitDomainEvent(tx, { type: 'ticket.created', ticketId: row.id, actorId: null, viaEmailId: input.viaEmailId });
  if (assignee !== null)
    await emitDomainEvent(tx, { type: 'ticket.assigned', ticketId: row.id, assigneeId: assignee, actorId: null });
  return { id: row.id, caseNumber };
}

export type CommentFromEmail = {
  ticketId: number;
  /** Sanitised HTML. */
  comment: string;
  viaEmailId: number;
  /**
   * A customer's answer to a Resolved ticket reopens it, and to a Pending one (the desk waited on them) gives it
   * back to the desk: InProgress either way, and the service-level clock runs again. Automated mail never comes here.
   */
  reopen: boolean;
};

/** The statuses a customer's answer by mail moves back to InProgress. */
const answeredStatuses = ['Resolved', 'Pending'] as const;

/**
 * A public comment from the customer's mail; answers its id, the ticket it landed on (a reply to a merged ticket
 * lands on the ticket it was merged into) and the status it moved that ticket from, if any.
 */
export async function addCommentFromEmail(
  tx: Tx,
  mail: CommentFromEmail,
): Promise<{ id: number; ticketId: number; reopenedFrom: (typeof answeredStatuses)[number] | null }> {
  const input = { ...mail, ticketId: await mergeTargetOf(tx, mail.ticketId) };
  const text = input.comment.trim() === '' ? '<p>(empty message)</p>' : input.comment;
  const [row] = await tx
    .insert(ticketComment)
    .values({ ticketId: input.ticketId, comment: text, public: true })
    .returning({ id: ticketComment.id });
  if (!row) throw new Error('insert returned nothing');
  const [current] = await tx
    .update(ticket)
    .set({
      searchComments: sql`${ticket.searchComments} || ${weightedVector(searchableText(htmlToText(text)), 'D')}`,
      modifiedAt: sql`now()`,
    })
    .where(eq(ticket.id, input.ticketId))
    .returning({ status: ticket.status });
  await tx
    .insert(ticketHistory)
    .values({ ticketId: input.ticketId, actorId: null, kind: 'comment', commentId: row.id, public: true });
  const from = answeredStatuses.find((status) => status === current?.status) ?? null;
  if (input.reopen && from) {
    await tx
      .update(ticket)
      .set({ status: 'InProgress', closeDate: null, rowVersion: sql`${ticket.rowVersion} + 1` })
      .where(eq(ticket.id, input.ticketId));
    await tx.insert(ticketHistory).values({
      ticketId: input.ticketId,
      actorId: null,
      kind: 'changed',
      changes: { status: { from, to: 'InProgress' } },
    });
    await moveTicketClock(tx, input.ticketId, {});
  }
  await emitDomainEvent(tx, {
    type: 'ticket.commented',
    ticketId: input.ticketId,
    commentId: row.id,
    public: true,
    actorId: null,
    viaEmailId: input.viaEmailId,
    watcherIds: await watchersToTell(tx, input.ticketId, []),
  });
  return { id: row.id, ticketId: input.ticketId, reopenedFrom: input.reopen ? from : null };
}

/** Moves a mail's comment (and its timeline entry) to another ticket; `actorId` is who moved it. */
export async function moveEmailComment(tx: Tx, commentId: number, toTicketId: number, actorId: number): Promise<void> {
  const [moved] = await tx
    .update(ticketComment)
    .set({
      ticketId: toTicketId,
      modifiedAt: sql`now()`,
      modifiedBy: actorId,
      rowVersion: sql`${ticketComment.rowVersion} + 1`,
    })
    .where(eq(ticketComment.id, commentId))
    .returning({ comment: ticketComment.comment });
  if (!moved) return;
  await tx.update(ticketHistory).set({ ticketId: toTicketId }).where(eq(ticketHistory.commentId, commentId));
  await tx
    .update(ticket)
    .set({
      searchComments: sql`${ticket.searchComments} || ${weightedVector(searchableText(htmlToText(moved.comment)), 'D')}`,
    })
    .where(eq(ticket.id, toTicketId));
}

/** Removes a mail's comment from its ticket (a split makes a ticket of it instead). */
export async function removeEmailComment(tx: Tx, commentId: number): Promise<void> {
  await tx.delete(ticketComment).where(eq(ticketComment.id, commentId));
}

/**
 * Case number → the ticket a reply to it lands on (a merged one's target) and the addresses that take part in it
 * (the case's customer, assignee and listed addresses; the caller adds the earlier mails of the ticket answered).
 */
export async function ticketParticipants(
  tx: Tx,
  caseNumber: string,
): Promise<{ id: number; addresses: Set<string> } | null> {
  const [found] = await tx
    .select({ id: ticket.id, customerEmail: ticket.customerEmail, emails: ticket.emails, assigneeEmail: appUser.email })
    .from(ticket)
    .leftJoin(appUser, eq(appUser.id, ticket.assignTo))
    .where(eq(ticket.caseNumber, caseNumber));
  if (!found) return null;
  const addresses = new Set<string>();
  const add = (value: string | null | undefined) => {
    for (const a of value?.split(/[\s,;]+/) ?? []) if (a.includes('@')) addresses.add(a.toLowerCase());
  };
  add(found.customerEmail);
  add(found.emails);
  add(found.assigneeEmail);
  return { id: await mergeTargetOf(tx, found.id), addresses };
}
