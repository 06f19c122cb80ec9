import type { TicketStatus } from './ticket.schemas.js';

/**
 * The allowed status changes (contract section 7), used by the server to refuse and by the web app
 * to offer only what is allowed. A Closed ticket reopens only to InProgress; Cancelled is final.
 */
export const ticketTransitions: Record<TicketStatus, readonly TicketStatus[]> = {
  New: ['Assigned', 'InProgress', 'Pending', 'Resolved', 'Cancelled'],
  Assigned: ['InProgress', 'Pending', 'Resolved', 'Cancelled'],
  InProgress: ['Assigned', 'Pending', 'Resolved', 'Cancelled'],
  Pending: ['InProgress', 'Resolved', 'Cancelled'],
  Resolved: ['Closed', 'InProgress'],
  Closed: ['InProgress'],
  Cancelled: [],
  // Only Ticket/Unmerge leaves Merged, and only Ticket/Merge enters it.
  Merged: [],
};
export const canChangeStatus = (from: TicketStatus, to: TicketStatus) =>
  from === to || ticketTransitions[from].includes(to);

/** The people a ticket involves: who created it, who works it (assignee, delegate) and who was granted it. */
export type TicketPeople = {
  createdBy: number | null;
  assignTo: number | null;
  delegateTo: number | null;
  grantAccess: readonly number[];
};

/** Who looks at a ticket: what the visibility rules ask of them. */
export type TicketViewer = {
  userId: number;
  dataScope: 'all' | 'projects' | 'own';
  projects: readonly number[];
  /** Holds `ticket:private`: sees every private ticket within their scope. */
  seesAllPrivate: boolean;
};

export const isInvolved = (userId: number, t: TicketPeople) =>
  t.createdBy === userId || t.assignTo === userId || t.delegateTo === userId || t.grantAccess.includes(userId);

/**
 * The private-ticket rule: a private ticket shows only to the people it involves and to holders of
 * `ticket:private`. The server's SQL form of it is `visibleSql` in the ticket policy.
 */
export const privateTicketVisible = (viewer: TicketViewer, t: TicketPeople & { privateTicket: boolean }) =>
  !t.privateTicket || viewer.seesAllPrivate || isInvolved(viewer.userId, t);

/** The data scope (all, the viewer's projects, or only what involves them) and then the private-ticket rule. */
export function ticketVisibleTo(
  viewer: TicketViewer,
  t: TicketPeople & { projectId: number; privateTicket: boolean },
): boolean {
  const inScope =
    viewer.dataScope === 'all' ||
    isInvolved(viewer.userId, t) ||
    (viewer.dataScope === 'projects' && viewer.projects.includes(t.projectId));
  return inScope && privateTicketVisible(viewer, t);
}

/** Settings → Toggles → private tickets off: no ticket may become private (existing ones stay as they are). */
export const mayBecomePrivate = (privateTicketsOn: boolean, wasPrivate: boolean, makesPrivate: boolean) =>
  privateTicketsOn || wasPrivate || !makesPrivate;

/** Granted users only matter on a private ticket: a public one is sent without them. */
export const grantsToSend = (privateTicket: boolean, grantAccess: readonly number[] | undefined) =>
  privateTicket ? [...(grantAccess ?? [])] : [];

/** What a status change does besides the status: who solved it, when it closed; reopening clears both. */
export type StatusEffects = { solvedBy?: number | null; closeDate?: Date | null };

export function statusEffects(
  before: { status: TicketStatus; solvedBy: number | null },
  to: TicketStatus,
  actorId: number,
  now: Date,
): StatusEffects {
  if (to === before.status) return {};
  switch (to) {
    case 'Resolved':
      return { solvedBy: actorId, closeDate: null };
    case 'Closed':
      return { solvedBy: before.solvedBy ?? actorId, closeDate: now };
    case 'Cancelled':
    case 'Merged':
      return { closeDate: now };
    default:
      return before.status === 'Resolved' || before.status === 'Closed' ? { solvedBy: null, closeDate: null } : {};
  }
}

/** A ticket that may be merged (as source or target) or split: not closed, cancelled or already merged. */
export const ticketMergeable = (status: TicketStatus) =>
  status !== 'Closed' && status !== 'Cancelled' && status !== 'Merged';

/** The last instant a merge may be taken back: `days` after it (contract section 20: 30). */
export const unmergeDeadline = (mergedAt: Date, days: number) => new Date(mergedAt.getTime() + days * 86_400_000);
