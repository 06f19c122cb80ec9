import { and, eq, sql } from 'drizzle-orm';
import type { WebhookEvent } from '@casedesk/shared';
import type { Queryable, Tx } from '../../platform/db.js';
import type { DomainEvent, DomainEventHandler } from '../../platform/events.js';
import { htmlToText } from '../../platform/html.js';
import { userNameSql } from '../../platform/user-directory.js';
import { category } from '../category/index.js';
import { ticketLinkOf } from '../email/index.js';
import { project } from '../project/index.js';
import { customValuesOfTicket, tagsOfTicket, ticket, ticketComment } from '../ticket/index.js';
import { queueWebhooks, type WebhookMessage } from './webhook-outbox.service.js';
import { webhook } from './webhook.table.js';

/** How much of a comment's text a payload carries. */
const commentExcerpt = 500;

/** A ticket as every webhook payload shows it (null when it is gone). */
export async function webhookTicketSummary(q: Queryable, ticketId: number): Promise<Record<string, unknown> | null> {
  const [row] = await q
    .select({
      id: ticket.id,
      caseNumber: ticket.caseNumber,
      subject: ticket.subject,
      status: ticket.status,
      priority: ticket.priority,
      projectId: ticket.projectId,
      projectName: project.projectName,
      categoryId: ticket.categoryId,
      categoryName: category.categoryDescription,
      companyId: ticket.companyId,
      assignTo: ticket.assignTo,
      assignToName: userNameSql(ticket.assignTo),
      customerEmail: ticket.customerEmail,
      createdAt: ticket.createdAt,
      modifiedAt: ticket.modifiedAt,
    })
    .from(ticket)
    .leftJoin(project, eq(project.id, ticket.projectId))
    .leftJoin(category, eq(category.id, ticket.categoryId))
    .where(eq(ticket.id, ticketId));
  if (!row) return null;
  const [tags, customFields] = [await tagsOfTicket(q, ticketId), await customValuesOfTicket(q, ticketId)];
  return { ...row, tags, customFields, url: ticketLinkOf(ticketId) };
}

/**
 * The webhook message of a domain event, or null for an event no webhook hears: `{ event, data }` where `data` is
 * the ticket's summary plus what the event adds (`changes`, `comment`, `sla`, `approval`). The triggers module may
 * build its `webhookId` action's message with it.
 */
export async function webhookMessageOf(q: Queryable, event: DomainEvent): Promise<WebhookMessage | null> {
  const name = webhookEventOf(event);
  if (!name) return null;
  const ticketId = 'ticketId' in event ? event.ticketId : ticketOfApproval(event);
  const summary = ticketId === null ? null : await webhookTicketSummary(q, ticketId);
  const data: Record<string, unknown> = { ticket: summary };
  if (event.type === 'ticket.updated') data.changes = event.changes;
  if (event.type === 'ticket.commented') {
    const [comment] = await q
      .select({
        id: ticketComment.id,
        public: ticketComment.public,
        body: ticketComment.comment,
        authorId: ticketComment.createdBy,
      })
      .from(ticketComment)
      .where(eq(ticketComment.id, event.commentId));
    data.comment = comment ? { ...comment, body: htmlToText(comment.body).slice(0, commentExcerpt) } : null;
  }
  if (event.type === 'sla.warning' || event.type === 'sla.breached')
    data.sla = { target: event.target, dueAt: event.dueAt.toISOString() };
  if (event.type === 'workflow.finished')
    data.approval = {
      instanceId: event.instanceId,
      status: event.status,
      businessType: event.businessType,
      businessId: event.businessId,
      title: event.title,
    };
  return { event: name, data, ticketId };
}

function webhookEventOf(event: DomainEvent): WebhookEvent | null {
  switch (event.type) {
    case 'ticket.created':
    case 'ticket.updated':
    case 'sla.warning':
    case 'sla.breached':
      return event.type;
    case 'ticket.commented':
      return 'comment.added';
    case 'workflow.finished':
      return 'approval.finished';
    default:
      return null;
  }
}

const ticketOfApproval = (event: DomainEvent) =>
  event.type === 'workflow.finished' && event.businessType === 'Ticket' ? event.businessId : null;

/** Whether any active webhook hears the event (the table is small; skips building a payload nobody gets). */
async function anyoneHears(tx: Tx, name: WebhookEvent): Promise<boolean> {
  const [found] = await tx
    .select({ id: webhook.id })
    .from(webhook)
    .where(and(eq(webhook.status, 'Active'), sql`${name} = any(${webhook.events})`))
    .limit(1);
  return found !== undefined;
}

/** The webhook module's handler: the event's message queued for every active webhook that lists it. */
export const queueWebhooksOfEvent: DomainEventHandler = async (tx, event) => {
  const name = webhookEventOf(event);
  if (!name || !(await anyoneHears(tx, name))) return;
  const message = await webhookMessageOf(tx, event);
  if (message) await queueWebhooks(tx, message);
};
