import { eq, inArray } from 'drizzle-orm';
import type { NotificationLanguage, NotificationTitleKey, NotificationType, TicketStatus } from '@casedesk/shared';
import type { Tx } from '../../platform/db.js';
import type { DomainEvent, SlaEvent, WorkflowFinishedEvent, WorkflowTaskEvent } from '../../platform/events.js';
import { htmlToText } from '../../platform/html.js';
import { languageFrom, textAt, workflowNodeNameIn } from '../../platform/translator.js';
import { formatMoment } from '../../platform/zoned-time.js';
import { ticket, ticketComment } from '../ticket/index.js';
import { appUser } from '../user/index.js';
import { writeNotification, type NewNotification } from './notification.service.js';

const statusIn = (language: NotificationLanguage, status: TicketStatus) =>
  textAt(language, `ticket.status.${status}`) ?? status;

/** The web app's ticket page (apps/web/src/features/ticket/pages/info, menu `/ticket/info/:id`). */
export const ticketLink = (id: number) => ({ path: `/ticket/info/${id}`, entity: 'Ticket', id });

async function ticketOf(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      id: ticket.id,
      caseNumber: ticket.caseNumber,
      subject: ticket.subject,
      assignTo: ticket.assignTo,
      createdBy: ticket.createdBy,
      customer: ticket.customer,
      customerEmail: ticket.customerEmail,
    })
    .from(ticket)
    .where(eq(ticket.id, id));
  return row;
}

async function nameOf(tx: Tx, userId: number | null): Promise<string> {
  if (userId === null) return '';
  const [row] = await tx
    .select({ name: appUser.fullName, loginName: appUser.loginName })
    .from(appUser)
    .where(eq(appUser.id, userId));
  return row?.name || row?.loginName || '';
}

/** The recipients that are set, once each, never the one who did it. */
const recipients = (ids: (number | null)[], actorId: number | null) => [
  ...new Set(ids.filter((id): id is number => id !== null && id !== actorId)),
];

/** The bell's entry of an approval: the instance page the event names. */
const instanceLink = (event: { path: string; instanceId: number }) => ({
  path: event.path,
  entity: 'WorkflowInstance',
  id: event.instanceId,
});

/**
 * The bell for every task that waits for someone (contract 14), the copies (cc) included, never for the
 * holder's own action; a delegate's entry names whose task it is. The content is the step's name, in the holder's
 * language while it is a demo node's seeded one.
 */
async function notifyWorkflowTask(tx: Tx, event: WorkflowTaskEvent): Promise<void> {
  if (event.assigneeId === event.actorId) return;
  let key: NotificationTitleKey;
  const values: Record<string, string> = { title: event.title };
  switch (event.kind) {
    case 'approve':
      if (event.onBehalfOfId === null) key = 'approvalTask';
      else {
        key = 'approvalTaskOnBehalf';
        values.owner = (await nameOf(tx, event.onBehalfOfId)) || '?';
      }
      break;
    case 'review':
      key = 'approvalReview';
      break;
    case 'cc':
      key = 'approvalCc';
      break;
    case 'resubmit':
      key = 'approvalResubmit';
      break;
    case 'remind':
      key = 'approvalReminder';
      break;
  }
  await writeNotification(tx, {
    toUserId: event.assigneeId,
    fromUserId: event.actorId,
    msType: 'approvalTask',
    title: { key, values },
    content: (language) => workflowNodeNameIn(language, event.nodeId, event.nodeName),
    linkData: instanceLink(event),
  });
}

const finishedTitle: Record<WorkflowFinishedEvent['status'], NotificationTitleKey> = {
  Approved: 'approvalApproved',
  Rejected: 'approvalRejected',
  Cancelled: 'approvalCancelled',
};

/** The initiator hears how their approval ended, unless they ended it themselves (a cancel). */
async function notifyWorkflowFinished(tx: Tx, event: WorkflowFinishedEvent): Promise<void> {
  if (event.initiatorId === event.actorId) return;
  await writeNotification(tx, {
    toUserId: event.initiatorId,
    fromUserId: event.actorId,
    msType: 'approvalFinished',
    title: { key: finishedTitle[event.status], values: { title: event.title } },
    content: event.title,
    linkData: instanceLink(event),
  });
}

const slaTitle = {
  'sla.warning': {
    firstResponse: 'slaWarningFirstResponse',
    nextUpdate: 'slaWarningNextUpdate',
    resolution: 'slaWarningResolution',
  },
  'sla.breached': {
    firstResponse: 'slaBreachedFirstResponse',
    nextUpdate: 'slaBreachedNextUpdate',
    resolution: 'slaBreachedResolution',
  },
} as const satisfies Record<SlaEvent['type'], Record<SlaEvent['target'], NotificationTitleKey>>;

/**
 * A service-level warning or breach rings the bell of each recipient the ticket module named: the title names the
 * case number, the target and the due instant in the reader's language and zone (theirs, else the desk's).
 */
async function notifySla(tx: Tx, event: SlaEvent): Promise<void> {
  if (event.recipientIds.length === 0) return;
  const found = await ticketOf(tx, event.ticketId);
  if (!found) return;
  const readers = await tx
    .select({ id: appUser.id, language: appUser.language, timeZone: appUser.timeZone })
    .from(appUser)
    .where(inArray(appUser.id, event.recipientIds));
  for (const reader of readers)
    await writeNotification(tx, {
      toUserId: reader.id,
      fromUserId: null,
      msType: event.type === 'sla.warning' ? 'slaWarning' : 'slaBreached',
      title: {
        key: slaTitle[event.type][event.target],
        values: {
          caseNumber: found.caseNumber,
          dueAt: formatMoment(event.dueAt, languageFrom(reader.language) ?? 'en', reader.timeZone, event.timeZone),
        },
      },
      content: found.subject,
      linkData: ticketLink(found.id),
    });
}

/**
 * In-app notifications for ticket events (issue 18 item 6), written in the transaction of the change:
 * assigned → the assignee; commented → the assignee, the creator and the watchers the ticket module named (all staff,
 * who see internal comments too), never the author, and the mentioned of the mention only; status changed → the watchers; created from an e-mail → the assignee if there is one; resolved → the
 * creator; approval tasks and outcomes (above). Nobody is told of what they did themselves.
 */
export async function notifyOnDomainEvent(tx: Tx, event: DomainEvent): Promise<void> {
  if (
    event.type === 'user.mail' ||
    event.type === 'user.accessEnded' ||
    event.type === 'user.unlocked' ||
    event.type === 'setting.timeZoneChanged'
  )
    return;
  if (event.type === 'workflow.task') return notifyWorkflowTask(tx, event);
  if (event.type === 'workflow.finished') return notifyWorkflowFinished(tx, event);
  if (event.type === 'sla.warning' || event.type === 'sla.breached') return notifySla(tx, event);
  if (event.type === 'ticket.created' && event.viaEmailId === undefined) return;
  const found = await ticketOf(tx, event.ticketId);
  if (!found) return;
  const values = { caseNumber: found.caseNumber };
  const write = (
    toUserId: number,
    msType: NotificationType,
    key: NotificationTitleKey,
    extra = {},
    content: NewNotification['content'] = found.subject,
    options = {},
  ) =>
    writeNotification(
      tx,
      {
        toUserId,
        fromUserId: event.actorId,
        msType,
        title: { key, values: { ...values, ...extra } },
        content,
        linkData: ticketLink(found.id),
      },
      options,
    );

  switch (event.type) {
    case 'ticket.assigned':
      // A ticket made from a mail is created and assigned in one go: one notification, not two.
      for (const to of recipients([event.assigneeId], event.actorId))
        await write(to, 'ticketAssigned', 'ticketAssigned', {}, found.subject, { unlessToldOfTicket: found.id });
      return;
    case 'ticket.created':
      for (const to of recipients([found.assignTo], event.actorId))
        await write(to, 'ticketCreated', 'ticketCreatedFromEmail');
      return;
    case 'ticket.resolved':
      for (const to of recipients([found.createdBy], event.actorId))
        await write(to, 'ticketResolved', 'ticketResolved');
      return;
    case 'ticket.commented': {
      const [comment] = await tx
        .select({ text: ticketComment.comment, createdBy: ticketComment.createdBy })
        .from(ticketComment)
        .where(eq(ticketComment.id, event.commentId));
      const authorId = event.actorId ?? comment?.createdBy ?? null;
      const mentioned = event.mentionedIds ?? [];
      // The mentioned hear of the mention only; watchers as the assignee and creator do, each once.
      const to = recipients([found.assignTo, found.createdBy, ...(event.watcherIds ?? [])], authorId).filter(
        (id) => !mentioned.includes(id),
      );
      if (to.length === 0 && mentioned.length === 0) return;
      // A comment from an incoming mail has no staff author: the customer wrote it.
      const author = (await nameOf(tx, authorId)) || found.customer || found.customerEmail || '?';
      const snippet = comment ? htmlToText(comment.text).replace(/\s+/g, ' ').trim().slice(0, 300) : found.subject;
      for (const userId of recipients(mentioned, authorId))
        await write(userId, 'ticketMentioned', 'ticketMentioned', { author }, snippet);
      const key = event.public ? 'ticketCommented' : 'ticketInternalComment';
      for (const userId of to) await write(userId, 'ticketCommented', key, { author }, snippet);
      return;
    }
    case 'ticket.statusChanged': {
      const author = (await nameOf(tx, event.actorId)) || '?';
      // The content names both statuses in the reader's language; a resolve already told the creator: once.
      const content = (language: NotificationLanguage) =>
        `${statusIn(language, event.from)} → ${statusIn(language, event.to)}`;
      for (const to of recipients(event.watcherIds, event.actorId))
        await write(to, 'ticketStatusChanged', 'ticketStatusChanged', { author }, content, {
          unlessToldOfTicket: found.id,
        });
      return;
    }
  }
}
