import type { Tx } from './db.js';
import type { SlaTarget, TicketStatus, WorkflowType } from '@casedesk/shared';

/**
 * What happened to a record, told to the modules that act on it (e-mail notifications, in-app notifications,
 * later workflows) inside the same transaction: a mail queued or a notification written commits or rolls
 * back with the change that caused it. A handler only writes rows (no network I/O: the transaction is open).
 *
 * The module that owns the record emits; the modules that react list handlers in their manifest
 * (`events: [...]`), so the owner never imports them.
 */
export type DomainEvent =
  | { type: 'ticket.created'; ticketId: number; actorId: number | null; viaEmailId?: number }
  /**
   * A ticket's fields changed (any path through `applyChange`: Update, BatchUpdate, macros, triggers): `changes` as in
   * its history entry (`{ field: { from, to } }`, tags and custom values included). Triggers and webhooks hear it.
   */
  | {
      type: 'ticket.updated';
      ticketId: number;
      changes: Record<string, { from: unknown; to: unknown }>;
      actorId: number | null;
    }
  | { type: 'ticket.assigned'; ticketId: number; assigneeId: number; actorId: number | null }
  | {
      type: 'ticket.commented';
      ticketId: number;
      commentId: number;
      public: boolean;
      actorId: number | null;
      /** The comment came from an incoming mail, or was a reply sent by mail: no second mail to the customer. */
      viaEmailId?: number;
      /** Users the comment mentions who may see the ticket (never the author): told they were mentioned. */
      mentionedIds?: number[];
      /** Watchers who may see the ticket, but the author and the mentioned: told of the comment (contract 20). */
      watcherIds?: number[];
    }
  /** A ticket's status changed: its watchers (who may see it, never the actor) are told. */
  | {
      type: 'ticket.statusChanged';
      ticketId: number;
      from: TicketStatus;
      to: TicketStatus;
      watcherIds: number[];
      actorId: number | null;
    }
  | { type: 'ticket.resolved'; ticketId: number; actorId: number | null }
  /**
   * A mail to one user that a module without templates of its own asks for (reset link, lock warning, holiday
   * reminder): the e-mail module renders the event's template in the user's language and queues it.
   */
  | {
      type: 'user.mail';
      event: 'passwordReset' | 'signInLocked' | 'secondFactorReset' | 'holidayReminder';
      userId: number;
      /** Template variables beyond the user's own (`link`, `hours`, `holiday` ...). */
      values: Record<string, string | number>;
      /** Told the queued mail's id (e.g. the holiday reminder log keeps it); not called when nothing was queued. */
      onQueued?: (tx: Tx, emailId: number) => Promise<void>;
    }
  /**
   * Users lost their access (deleted, locked, deactivated, password reset by an administrator): the auth module ends
   * their sessions with `reason`, but `keepSessionId` (the caller's own).
   */
  | { type: 'user.accessEnded'; userIds: number[]; reason: string; keepSessionId?: string | undefined }
  /** Users were unlocked: the auth module lifts their failed sign-in hold-offs, from every address. */
  | { type: 'user.unlocked'; userIds: number[] }
  | WorkflowTaskEvent
  | WorkflowFinishedEvent
  | SlaEvent
  /**
   * Settings → Basic's time zone changed: what is scheduled by wall-clock time (jobs' cron, scheduled tickets'
   * recurrences) works out its next run in the new zone now, not only after its next fire in the old one.
   */
  | { type: 'setting.timeZoneChanged'; timeZone: string; actorId: number };

/** A workflow task waits for someone (contract 14): the e-mail module mails the `approvalTask` template, the
 * notification module rings the bell. `kind` `remind` is the timeout job's reminder of a task still pending. */
export type WorkflowTaskEvent = {
  type: 'workflow.task';
  kind: 'approve' | 'cc' | 'resubmit' | 'review' | 'remind';
  taskId: number;
  instanceId: number;
  /** Who holds the task (the delegate when delegated) and, then, whose task it is. */
  assigneeId: number;
  onBehalfOfId: number | null;
  title: string;
  /** The node the task waits at: its id words a seeded name in the reader's language. */
  nodeId: string;
  nodeName: string;
  /** The web page of the instance (`/workflow/instance/info/<id>`). */
  path: string;
  actorId: number | null;
};

/** An instance ended: the initiator hears the outcome. */
export type WorkflowFinishedEvent = {
  type: 'workflow.finished';
  instanceId: number;
  initiatorId: number;
  status: 'Approved' | 'Rejected' | 'Cancelled';
  /** The record the instance ran on (a catalog request makes its "approved" fulfilment items on it). */
  businessType: WorkflowType;
  businessId: number;
  title: string;
  path: string;
  actorId: number | null;
};

/**
 * A ticket's service-level target nears its due instant (`sla.warning`) or passed it (`sla.breached`), told once
 * each by the `sla.check` job (contract 19). The ticket module names the recipients (the assignee, the policy's
 * escalation users and the active members of its groups, who are active and may see the ticket): the bell and the
 * mail tell each of them, in their language and time zone.
 */
export type SlaEvent = {
  type: 'sla.warning' | 'sla.breached';
  ticketId: number;
  target: SlaTarget;
  dueAt: Date;
  recipientIds: number[];
  /** Settings → Basic's zone: the due instant reads in it for a recipient without a zone of their own. */
  timeZone: string;
  actorId: null;
};

export type DomainEventType = DomainEvent['type'];
export type DomainEventHandler = (tx: Tx, event: DomainEvent) => Promise<void>;

let handlers: readonly DomainEventHandler[] = [];

/** The app sets the handlers of every manifest once at build (the same list for every app in a process). */
export function setDomainEventHandlers(list: readonly DomainEventHandler[]): void {
  handlers = list;
}

/** Whether any module listens: a write that needs a transaction only for its event may skip it when none does. */
export const hasDomainEventHandlers = (): boolean => handlers.length > 0;

/** Tells every handler, in manifest order, inside the caller's transaction; a throw rolls the change back. */
export async function emitDomainEvent(tx: Tx, event: DomainEvent): Promise<void> {
  for (const handler of handlers) await handler(tx, event);
}
