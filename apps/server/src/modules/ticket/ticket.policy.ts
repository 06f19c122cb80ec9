import { and, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  ticketMergeable,
  ticketTransitions,
  unmergeDays,
  unmergeDeadline,
  ticketVisibleTo,
  type TicketAction,
  type TicketStatus,
  type TicketViewer,
} from '@casedesk/shared';
import { hasPermission } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';
import { ticket } from './ticket.table.js';

/** Holders of `ticket:private` see every private ticket within their scope. */
export const seesAllPrivate = (actor: Actor) => hasPermission(actor, 'ticket:private');

/** The actor created, works (assignee or delegate) or was granted the ticket. */
export function involvedSql(actor: Actor, asFilter = false): SQL {
  const me = actor.userId;
  if (asFilter)
    return sql`(${ticket.createdBy} + 0 = ${me} or ${ticket.assignTo} + 0 = ${me} or ${ticket.delegateTo} + 0 = ${me}
                or ${me} = any(${ticket.grantAccess}))`;
  return sql`(${ticket.createdBy} = ${me} or ${ticket.assignTo} = ${me} or ${ticket.delegateTo} = ${me}
              or ${ticket.grantAccess} @> array[${me}]::integer[])`;
}

/** Tickets the data scope covers: all, the actor's projects, or only their own. */
export function scopeSql(actor: Actor, asFilter = false): SQL | undefined {
  if (actor.dataScope === 'all') return undefined;
  if (actor.dataScope === 'projects' && actor.projects.length > 0) {
    const projects = asFilter
      ? sql`${ticket.projectId} + 0 in (${sql.join(
          actor.projects.map((p) => sql`${p}`),
          sql`, `,
        )})`
      : inArray(ticket.projectId, actor.projects);
    return or(projects, involvedSql(actor, asFilter));
  }
  return involvedSql(actor, asFilter);
}

/**
 * `asFilter`: the same rule written so that no index serves it (`+ 0`), for searches whose own index
 * already narrows the rows: intersecting with a project's 100,000 index entries costs more than
 * checking a few hundred rows.
 *
 * The list scope, applied inside every ticket query: a ticket outside it does not exist for the
 * actor. Private tickets: the private-ticket rule (`privateTicketVisible` in the shared ticket rules).
 */
export function visibleSql(actor: Actor, asFilter = false): SQL | undefined {
  const privateRule = seesAllPrivate(actor) ? undefined : or(not(ticket.privateTicket), involvedSql(actor, asFilter));
  return and(scopeSql(actor, asFilter), privateRule);
}

/**
 * The part of `visibleSql` an actor sees without being involved: every ticket (scope all) or their
 * projects' (scope projects), private ones only with `ticket:private`; undefined for scope own. Written
 * for any table with a project and a privacy column, so that the dashboard's counters apply it too.
 */
export function wholesaleSql(
  actor: Actor,
  columns: { projectId: PgColumn; privateTicket: PgColumn } = ticket,
): SQL | undefined {
  const privateRule = seesAllPrivate(actor) ? undefined : sql`not ${columns.privateTicket}`;
  if (actor.dataScope === 'all') return privateRule ?? sql`true`;
  if (actor.dataScope === 'projects' && actor.projects.length > 0)
    return and(inArray(columns.projectId, actor.projects), privateRule);
  return undefined;
}

/** The rest of `visibleSql`: tickets the actor sees only because they are involved; undefined when none. */
export function involvedOnlySql(actor: Actor): SQL | undefined {
  const wholesale = wholesaleSql(actor);
  if (!wholesale) return involvedSql(actor);
  if (actor.dataScope === 'all')
    return seesAllPrivate(actor) ? undefined : and(ticket.privateTicket, involvedSql(actor));
  return and(involvedSql(actor), sql`not (${wholesale})`);
}

/** The actor as the shared visibility rules see them. */
export const viewerOf = (actor: Actor): TicketViewer => ({
  userId: actor.userId,
  dataScope: actor.dataScope,
  projects: actor.projects,
  seesAllPrivate: seesAllPrivate(actor),
});

/** The same rule as `visibleSql`, for one ticket in hand. */
export const canSee = (actor: Actor, t: Parameters<typeof ticketVisibleTo>[1]) => ticketVisibleTo(viewerOf(actor), t);

/** Whether a merged ticket may still be unmerged at `now` (30 days after its merge). */
export const unmergeOpen = (t: { status: TicketStatus; mergedAt?: Date | null }, now: Date) =>
  t.status === 'Merged' && !!t.mergedAt && now <= unmergeDeadline(t.mergedAt, unmergeDays);

/**
 * What the actor may do with a ticket they can see; list rows and details carry it, and the web shows
 * buttons from it. A cancelled ticket can still be read, commented and deleted, not edited; a merged one
 * only read, deleted or unmerged (its conversation lives on in the target).
 */
export function actionsFor(actor: Actor, t: { status: TicketStatus; mergedAt?: Date | null }): TicketAction[] {
  const actions: TicketAction[] = ['view'];
  const edits = hasPermission(actor, 'ticket:edit');
  if (edits && t.status !== 'Cancelled' && t.status !== 'Merged') actions.push('edit');
  if (edits && t.status !== 'Merged') actions.push('comment');
  if (edits && ticketTransitions[t.status].length > 0) actions.push('changeStatus');
  if (hasPermission(actor, 'ticket:delete')) actions.push('delete');
  if (edits && ticketMergeable(t.status)) actions.push('merge', 'split');
  if (edits && unmergeOpen(t, new Date())) actions.push('unmerge');
  return actions;
}

/** The statuses the actor may move the ticket to now. */
export const allowedStatuses = (actor: Actor, t: { status: TicketStatus }): TicketStatus[] =>
  hasPermission(actor, 'ticket:edit') ? [...ticketTransitions[t.status]] : [];
