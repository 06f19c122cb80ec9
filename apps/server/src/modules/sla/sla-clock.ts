import { slaFinalStatuses, type SlaHolder, type SlaTarget, type TicketStatus } from '@casedesk/shared';
import { addWorkingMinutes, workingMinutesBetween, type WorkingCalendar } from './working-time.js';

/*
 * A ticket's service-level clock (contract section 19), as pure arithmetic: given the clock as it stood, the
 * ticket's status, whether an approval runs and the policy that applies now, the clock after a change. The due
 * instants are always counted from the opening in working time: target + the working minutes the clock stood
 * still so far. A pause therefore leaves them where they are, and its end pushes them on by its working time.
 */

/** A policy as the clock counts with it, with its calendar (Settings holidays and its own days closed). */
export type ClockPolicy = {
  id: number;
  name: string;
  seedCode: string | null;
  firstResponseMinutes: number;
  /** Once answered, the desk gives the customer a public update at least this often (working minutes), if set. */
  nextUpdateMinutes: number | null;
  resolutionMinutes: number;
  warnBeforeMinutes: number;
  pauseStatuses: readonly TicketStatus[];
  pauseDuringApproval: boolean;
  calendar: WorkingCalendar;
};

/** The clock's columns on a ticket (`dueDate` is the resolution due). */
export type Clock = {
  slaPolicyId: number | null;
  slaFirstResponseDueAt: Date | null;
  slaFirstResponseAt: Date | null;
  slaFirstResponseWarnAt: Date | null;
  /** The next public update's due and warning instants (a policy with a next-update target, once answered). */
  slaNextUpdateDueAt: Date | null;
  slaNextUpdateWarnAt: Date | null;
  /** The desk's working minutes at the last public update after the first response (the next one counts from it). */
  slaUpdateMinutes: number | null;
  /** Public updates given after their due: a breach that stays one, as a late first response does. */
  slaUpdateBreaches: number;
  dueDate: Date | null;
  slaResolutionWarnAt: Date | null;
  slaResolvedAt: Date | null;
  /** Working minutes the desk took to first respond and to resolve, pauses left out (the report's times). */
  slaFirstResponseMinutes: number | null;
  slaResolutionMinutes: number | null;
  slaPausedSince: Date | null;
  slaPausedMinutes: number;
  slaHeldBy: SlaHolder;
  slaApprovalRunning: boolean;
  slaNextCheckAt: Date | null;
};

/** A new ticket's clock before its first count. */
export const stoppedClock: Clock = {
  slaPolicyId: null,
  slaFirstResponseDueAt: null,
  slaFirstResponseAt: null,
  slaFirstResponseWarnAt: null,
  slaNextUpdateDueAt: null,
  slaNextUpdateWarnAt: null,
  slaUpdateMinutes: null,
  slaUpdateBreaches: 0,
  dueDate: null,
  slaResolutionWarnAt: null,
  slaResolvedAt: null,
  slaFirstResponseMinutes: null,
  slaResolutionMinutes: null,
  slaPausedSince: null,
  slaPausedMinutes: 0,
  slaHeldBy: 'agent',
  slaApprovalRunning: false,
  slaNextCheckAt: null,
};

export type ClockChange = {
  now: Date;
  openDate: Date;
  status: TicketStatus;
  approvalRunning: boolean;
  /** A public reply by staff is written with this change (the first one is the first response). */
  publicReply?: boolean;
  /** The policy that applies now (the first active one whose conditions hold), if any. */
  policy: ClockPolicy | undefined;
};

/** A span of waiting on the customer or an approver that starts with the change (the ticket page's history). */
export type HoldStart = { heldBy: Exclude<SlaHolder, 'agent'>; paused: boolean; status: TicketStatus | null };

export type ClockAfter = {
  clock: Clock;
  /** The open span of waiting (if any) ends now. */
  holdEnds: boolean;
  holdStarts?: HoldStart;
};

const isFinal = (status: TicketStatus) => (slaFinalStatuses as readonly string[]).includes(status);

/** The clock after a change (also the first count of a new ticket, from `stoppedClock`). */
export function clockAfter(before: Clock, change: ClockChange): ClockAfter {
  const { now, policy, status, approvalRunning } = change;
  const final = isFinal(status);
  const heldBy: SlaHolder =
    final || !policy
      ? 'agent'
      : approvalRunning
        ? 'approver'
        : policy?.pauseStatuses.includes(status)
          ? 'customer'
          : 'agent';
  const after: ClockAfter = { clock: before, holdEnds: false };
  const holdChanged = heldBy !== before.slaHeldBy;
  if (!policy) {
    // No service level: nothing is counted, and no span of waiting is kept.
    after.clock = { ...stoppedClock, slaApprovalRunning: approvalRunning };
    after.holdEnds = before.slaHeldBy !== 'agent';
    return after;
  }
  const { calendar } = policy;
  const working = (from: Date) => workingMinutesBetween(calendar, from, now);
  let pausedMinutes = before.slaPausedMinutes;
  let pausedSince = before.slaPausedSince;
  let resolvedAt = before.slaResolvedAt;
  // A reopened ticket: the time it stood resolved does not count against the desk.
  if (resolvedAt && !final) {
    pausedMinutes += working(resolvedAt);
    resolvedAt = null;
  }
  const paused = !final && ((approvalRunning && policy.pauseDuringApproval) || policy.pauseStatuses.includes(status));
  if (pausedSince && !paused) {
    pausedMinutes += working(pausedSince);
    pausedSince = null;
  }
  if (!pausedSince && paused) pausedSince = now;
  if (final && !resolvedAt) resolvedAt = now;

  const samePolicy = before.slaPolicyId === policy.id;
  const firstResponseAt = before.slaFirstResponseAt ?? (change.publicReply && !final ? now : null);
  const answeredNow = firstResponseAt !== null && before.slaFirstResponseAt === null;
  // A pause still running now (a reply while Pending): its time so far is not the desk's either.
  const ongoingPause = pausedSince ? working(pausedSince) : 0;
  // The desk's own time so far: working time since the opening, less the time the clock stood still.
  const deskMinutes = () => Math.max(0, working(change.openDate) - pausedMinutes - ongoingPause);
  const firstResponseMinutes = before.slaFirstResponseMinutes ?? (answeredNow ? deskMinutes() : null);
  const resolutionMinutes = resolvedAt
    ? resolvedAt === before.slaResolvedAt
      ? before.slaResolutionMinutes
      : deskMinutes()
    : null;
  const due = (minutes: number, paused = pausedMinutes) =>
    addWorkingMinutes(calendar, change.openDate, Math.max(0, minutes) + paused);
  const warn = (target: number, paused = pausedMinutes) => due(Math.max(0, target - policy.warnBeforeMinutes), paused);
  // Answered during a pause: the due it is held to has moved on by that pause so far.
  const answeredPaused = answeredNow ? pausedMinutes + ongoingPause : pausedMinutes;
  // Once answered, the first response's due stays what it was when answered (later pauses do not move it).
  const keepFirstResponse = before.slaFirstResponseAt !== null && samePolicy;
  // A public update after the first response: late if its due had passed (by the instant the clock stood at).
  const updatedNow = change.publicReply === true && !final && before.slaFirstResponseAt !== null;
  const updateLate =
    updatedNow &&
    before.slaNextUpdateDueAt !== null &&
    (before.slaPausedSince ?? now).getTime() > before.slaNextUpdateDueAt.getTime();
  const updateMinutes = updatedNow ? deskMinutes() : before.slaUpdateMinutes;
  // The next update counts from the last one, or from the first response (its desk minutes are kept).
  const updatedAtMinutes = updateMinutes ?? firstResponseMinutes;
  const nextUpdateOpen = policy.nextUpdateMinutes !== null && updatedAtMinutes !== null && !resolvedAt;
  const clock: Clock = {
    slaPolicyId: policy.id,
    slaFirstResponseDueAt: keepFirstResponse
      ? before.slaFirstResponseDueAt
      : due(policy.firstResponseMinutes, answeredPaused),
    slaFirstResponseAt: firstResponseAt,
    slaFirstResponseWarnAt: keepFirstResponse
      ? before.slaFirstResponseWarnAt
      : warn(policy.firstResponseMinutes, answeredPaused),
    slaNextUpdateDueAt: nextUpdateOpen ? due(updatedAtMinutes! + policy.nextUpdateMinutes!) : null,
    slaNextUpdateWarnAt: nextUpdateOpen
      ? due(updatedAtMinutes! + Math.max(0, policy.nextUpdateMinutes! - policy.warnBeforeMinutes))
      : null,
    slaUpdateMinutes: updateMinutes,
    slaUpdateBreaches: before.slaUpdateBreaches + (updateLate ? 1 : 0),
    dueDate: due(policy.resolutionMinutes),
    slaResolutionWarnAt: warn(policy.resolutionMinutes),
    slaResolvedAt: resolvedAt,
    slaFirstResponseMinutes: firstResponseMinutes,
    slaResolutionMinutes: resolutionMinutes,
    slaPausedSince: pausedSince,
    slaPausedMinutes: pausedMinutes,
    slaHeldBy: heldBy,
    slaApprovalRunning: approvalRunning,
    slaNextCheckAt: null,
  };
  // What the warning job has still to tell: instants from here on, and those it has not told yet. A new policy's
  // instants already past are not told (the state shows them): telling from the opening would tell a breach again.
  const from = Math.min(before.slaNextCheckAt?.getTime() ?? now.getTime(), now.getTime());
  clock.slaNextCheckAt = pausedSince || resolvedAt ? null : nextCheckAfter(clock, from);
  after.clock = clock;
  if (holdChanged) {
    after.holdEnds = before.slaHeldBy !== 'agent';
    if (heldBy !== 'agent') after.holdStarts = { heldBy, paused, status: heldBy === 'customer' ? status : null };
  }
  return after;
}

/** The targets a clock still waits on, each with its warning and due instants. */
export function openTargets(clock: Clock): { target: SlaTarget; warnAt: Date; dueAt: Date }[] {
  const targets: { target: SlaTarget; warnAt: Date; dueAt: Date }[] = [];
  if (clock.slaResolvedAt) return targets;
  if (!clock.slaFirstResponseAt && clock.slaFirstResponseWarnAt && clock.slaFirstResponseDueAt)
    targets.push({ target: 'firstResponse', warnAt: clock.slaFirstResponseWarnAt, dueAt: clock.slaFirstResponseDueAt });
  if (clock.slaFirstResponseAt && clock.slaNextUpdateWarnAt && clock.slaNextUpdateDueAt)
    targets.push({ target: 'nextUpdate', warnAt: clock.slaNextUpdateWarnAt, dueAt: clock.slaNextUpdateDueAt });
  if (clock.slaResolutionWarnAt && clock.dueDate)
    targets.push({ target: 'resolution', warnAt: clock.slaResolutionWarnAt, dueAt: clock.dueDate });
  return targets;
}

/** The earliest warning or due instant at or after `from` (ms), or null. */
export function nextCheckAfter(clock: Clock, from: number): Date | null {
  let next: number | null = null;
  for (const { warnAt, dueAt } of openTargets(clock))
    for (const at of [warnAt.getTime(), dueAt.getTime()]) if (at >= from && (next === null || at < next)) next = at;
  return next === null ? null : new Date(next);
}
