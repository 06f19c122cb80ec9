import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  slaFinalStatuses,
  type SlaState,
  type TicketSla,
  type TicketSlaHold,
  type TicketStatus,
} from '@casedesk/shared';
import type { Queryable, Tx } from '../../platform/db.js';
import { utcDay } from '../delegate/index.js';
import {
  clockAfter,
  loadChoosablePolicies,
  policyFor,
  slaPolicy,
  workingMinutesBetween,
  type ChoosablePolicy,
  type Clock,
  type ClockPolicy,
} from '../sla/index.js';
import { ticket, ticketSlaHold } from './ticket.table.js';

/*
 * The service-level clock on tickets (contract section 19): its columns, how a change moves it (in the change's
 * own transaction), its spans of waiting, and how it reads in an answer. The arithmetic is the sla module's.
 */

/** The clock's columns (read with a ticket, set by a change). */
export const clockColumns = {
  slaPolicyId: ticket.slaPolicyId,
  slaFirstResponseDueAt: ticket.slaFirstResponseDueAt,
  slaFirstResponseAt: ticket.slaFirstResponseAt,
  slaFirstResponseWarnAt: ticket.slaFirstResponseWarnAt,
  dueDate: ticket.dueDate,
  slaResolutionWarnAt: ticket.slaResolutionWarnAt,
  slaResolvedAt: ticket.slaResolvedAt,
  slaFirstResponseMinutes: ticket.slaFirstResponseMinutes,
  slaResolutionMinutes: ticket.slaResolutionMinutes,
  slaPausedSince: ticket.slaPausedSince,
  slaPausedMinutes: ticket.slaPausedMinutes,
  slaHeldBy: ticket.slaHeldBy,
  slaApprovalRunning: ticket.slaApprovalRunning,
  slaNextCheckAt: ticket.slaNextCheckAt,
};

/** The policy's name beside a ticket's clock, for answers (a subquery: lists read 20 rows). */
export const slaPolicyNameColumns = {
  slaPolicyName: sql<string | null>`(select p.name from ${slaPolicy} p where p.id = "ticket"."sla_policy_id")`,
  slaPolicySeedCode: sql<string | null>`(select p.seed_code from ${slaPolicy} p where p.id = "ticket"."sla_policy_id")`,
};

/** The fields a policy's conditions read, and what the clock counts from. */
export type ClockTicket = {
  openDate: Date;
  status: TicketStatus;
  priority: (typeof ticket.$inferSelect)['priority'];
  projectId: number;
  categoryId: number | null;
  companyId: number | null;
  ticketType: string | null;
};

/** Holidays are read from the UTC day before the opening: a day that covers the opening's day in every zone. */
export const clockHolidaysFrom = (openDate: Date) => utcDay(new Date(openDate.getTime() - 86_400_000));

/** The policies a ticket's clock may take, with their calendars (one statement). */
export const clockPolicies = (q: Queryable, openDate: Date) => loadChoosablePolicies(q, clockHolidaysFrom(openDate));

export type ClockMove = {
  now: Date;
  approvalRunning?: boolean;
  publicReply?: boolean;
  /** Already loaded by the caller (a create's facts statement brings them). */
  policies?: ChoosablePolicy[];
};

/**
 * The clock of a ticket after a change, with its spans of waiting written: answers the columns to set on the
 * ticket. The policy is chosen again on every change: a changed field a condition reads, or an edited policy,
 * applies at the ticket's next change (a ticket resolved for good keeps the one it had).
 */
export async function movedClock(
  tx: Queryable,
  ticketId: number | undefined,
  before: Clock,
  after: ClockTicket,
  move: ClockMove,
): Promise<{ clock: Clock; policy: ClockPolicy | undefined }> {
  const approvalRunning = move.approvalRunning ?? before.slaApprovalRunning;
  // A resolved ticket that stays resolved or closes keeps its clock as it stopped.
  if (before.slaResolvedAt && (slaFinalStatuses as readonly string[]).includes(after.status))
    return { clock: { ...before, slaApprovalRunning: approvalRunning }, policy: undefined };
  const policies = move.policies ?? (await clockPolicies(tx, after.openDate));
  const policy = policyFor(policies, {
    projectId: after.projectId,
    categoryId: after.categoryId,
    companyId: after.companyId,
    priority: after.priority,
    ticketType: after.ticketType,
  });
  const moved = clockAfter(before, {
    now: move.now,
    openDate: after.openDate,
    status: after.status,
    approvalRunning,
    publicReply: move.publicReply,
    policy,
  });
  if (ticketId !== undefined && moved.holdEnds) await endHold(tx, ticketId, move.now, policy);
  if (ticketId !== undefined && moved.holdStarts)
    await tx.insert(ticketSlaHold).values({ ticketId, ...moved.holdStarts, startedAt: move.now });
  return { clock: moved.clock, policy };
}

/** Writes a new ticket's first span of waiting (a create knows its id only after the insert). */
export async function startHold(tx: Queryable, ticketId: number, clock: Clock, status: TicketStatus, at: Date) {
  if (clock.slaHeldBy === 'agent') return;
  await tx.insert(ticketSlaHold).values({
    ticketId,
    heldBy: clock.slaHeldBy,
    paused: clock.slaPausedSince !== null,
    status: clock.slaHeldBy === 'customer' ? status : null,
    startedAt: at,
  });
}

async function endHold(tx: Queryable, ticketId: number, now: Date, policy: ClockPolicy | undefined) {
  const [open] = await tx
    .select({ id: ticketSlaHold.id, startedAt: ticketSlaHold.startedAt })
    .from(ticketSlaHold)
    .where(and(eq(ticketSlaHold.ticketId, ticketId), isNull(ticketSlaHold.endedAt)));
  if (!open) return;
  await tx
    .update(ticketSlaHold)
    .set({
      endedAt: now,
      workingMinutes: policy ? Math.round(workingMinutesBetween(policy.calendar, open.startedAt, now)) : null,
    })
    .where(eq(ticketSlaHold.id, open.id));
}

/** The clock's columns that differ from before (a change sets only those). */
export function changedClock(before: Clock, after: Clock): Partial<Clock> {
  const changed: Partial<Clock> = {};
  for (const key of Object.keys(after) as (keyof Clock)[]) {
    const a = after[key];
    const b = before[key];
    const same = a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;
    if (!same) Object.assign(changed, { [key]: a });
  }
  return changed;
}

/**
 * Moves a ticket's clock for something that is not a field change (a public reply, an approval starting or
 * ending, a status set by another module), in the caller's transaction. The ticket's rowVersion stays: the clock
 * is not the user's edit, and an open edit form must not turn stale over a reply.
 */
export async function moveTicketClock(
  tx: Tx,
  ticketId: number,
  move: Omit<ClockMove, 'now' | 'policies'> & { now?: Date },
): Promise<void> {
  const [row] = await tx
    .select({
      ...clockColumns,
      openDate: ticket.openDate,
      status: ticket.status,
      priority: ticket.priority,
      projectId: ticket.projectId,
      categoryId: ticket.categoryId,
      companyId: ticket.companyId,
      ticketType: ticket.ticketType,
    })
    .from(ticket)
    .where(eq(ticket.id, ticketId))
    .for('update');
  if (!row) return;
  // A reply after the first response, on a ticket without a policy, changes nothing: no statement for it.
  if (move.publicReply && move.approvalRunning === undefined && (row.slaFirstResponseAt || !row.slaPolicyId)) return;
  const { clock } = await movedClock(tx, ticketId, row, row, { ...move, now: move.now ?? new Date() });
  const set = changedClock(row, clock);
  if (Object.keys(set).length > 0) await tx.update(ticket).set(set).where(eq(ticket.id, ticketId));
}

/** A clock's state at `now`: one definition, here and in SQL (`slaStateSql`); the tests hold them equal. */
export function slaStateOf(clock: Clock, now: Date): SlaState | null {
  // No policy ever counted it (a ticket from before service levels keeps its old due date, but no clock).
  if (clock.slaPolicyId === null && clock.slaFirstResponseDueAt === null) return null;
  const fr = clock.slaFirstResponseDueAt?.getTime() ?? Infinity;
  const due = clock.dueDate?.getTime() ?? Infinity;
  if (clock.slaResolvedAt) {
    const answered = (clock.slaFirstResponseAt ?? clock.slaResolvedAt).getTime();
    return answered <= fr && clock.slaResolvedAt.getTime() <= due ? 'met' : 'breached';
  }
  const at = (clock.slaPausedSince ?? now).getTime();
  if ((clock.slaFirstResponseAt?.getTime() ?? at) > fr || at > due) return 'breached';
  if (clock.slaPausedSince) return 'paused';
  const frWarn = clock.slaFirstResponseAt ? Infinity : (clock.slaFirstResponseWarnAt?.getTime() ?? Infinity);
  if (at >= frWarn || at >= (clock.slaResolutionWarnAt?.getTime() ?? Infinity)) return 'warning';
  return 'ok';
}

/** The same state in SQL, for the list's filter (`slaState`). */
export const slaStateSql = sql<SlaState | null>`(case
  when ${ticket.slaPolicyId} is null and ${ticket.slaFirstResponseDueAt} is null then null
  when ${ticket.slaResolvedAt} is not null then
    case when coalesce(${ticket.slaFirstResponseAt}, ${ticket.slaResolvedAt}) <= coalesce(${ticket.slaFirstResponseDueAt}, 'infinity')
          and ${ticket.slaResolvedAt} <= coalesce(${ticket.dueDate}, 'infinity') then 'met' else 'breached' end
  when coalesce(${ticket.slaFirstResponseAt}, ${ticket.slaPausedSince}, now()) > coalesce(${ticket.slaFirstResponseDueAt}, 'infinity')
    or coalesce(${ticket.slaPausedSince}, now()) > coalesce(${ticket.dueDate}, 'infinity') then 'breached'
  when ${ticket.slaPausedSince} is not null then 'paused'
  when (${ticket.slaFirstResponseAt} is null and coalesce(${ticket.slaPausedSince}, now()) >= coalesce(${ticket.slaFirstResponseWarnAt}, 'infinity'))
    or coalesce(${ticket.slaPausedSince}, now()) >= coalesce(${ticket.slaResolutionWarnAt}, 'infinity') then 'warning'
  else 'ok' end)`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** How a ticket's clock reads in an answer (null when no policy counts it). */
export function slaAnswer(
  row: Clock & { slaPolicyName?: string | null; slaPolicySeedCode?: string | null },
  now = new Date(),
): TicketSla {
  const state = slaStateOf(row, now);
  if (state === null) return null;
  return {
    policyId: row.slaPolicyId,
    policyName: row.slaPolicyName ?? null,
    policySeedCode: row.slaPolicySeedCode ?? null,
    firstResponseDueAt: iso(row.slaFirstResponseDueAt),
    firstResponseAt: iso(row.slaFirstResponseAt),
    resolutionDueAt: iso(row.dueDate),
    resolvedAt: iso(row.slaResolvedAt),
    paused: row.slaPausedSince !== null,
    pausedSince: iso(row.slaPausedSince),
    heldBy: row.slaHeldBy,
    state,
  };
}

/** A ticket's spans of waiting, oldest first (the ticket page). */
export async function slaHoldsOf(q: Queryable, ticketId: number): Promise<TicketSlaHold[]> {
  const rows = await q
    .select({
      heldBy: ticketSlaHold.heldBy,
      paused: ticketSlaHold.paused,
      status: ticketSlaHold.status,
      startedAt: ticketSlaHold.startedAt,
      endedAt: ticketSlaHold.endedAt,
      workingMinutes: ticketSlaHold.workingMinutes,
    })
    .from(ticketSlaHold)
    .where(eq(ticketSlaHold.ticketId, ticketId))
    .orderBy(asc(ticketSlaHold.id))
    .limit(500);
  return rows.map((r) => ({ ...r, startedAt: r.startedAt.toISOString(), endedAt: iso(r.endedAt) }));
}
